package io.basalt.engine.transfer;

import java.io.IOException;

/** A refusal of the object store that exports and imports report by the service's failure codes. */
public final class ObjectStoreException extends IOException {
    public enum Kind {
        /** The bucket does not exist (S3 NoSuchBucket). */
        NO_SUCH_BUCKET,
        /** The credentials may not read or write there (S3 AccessDenied). */
        ACCESS_DENIED,
        /** The KMS key asked for does not exist (S3 KMS.NotFoundException). */
        KMS_NOT_FOUND,
        /** Anything else the store answered. */
        OTHER
    }

    private final Kind kind;

    public ObjectStoreException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /**
     * The FailureCode an export or import reports for this refusal: the service's codes (S3NoSuchBucket,
     * S3AccessDenied, KmsNotFoundException; live captures of 2026-10-09), {@code other} for anything else.
     */
    public String failureCode(String other) {
        return switch (kind) {
            case NO_SUCH_BUCKET -> "S3NoSuchBucket";
            case ACCESS_DENIED -> "S3AccessDenied";
            case KMS_NOT_FOUND -> "KmsNotFoundException";
            case OTHER -> other;
        };
    }
}
