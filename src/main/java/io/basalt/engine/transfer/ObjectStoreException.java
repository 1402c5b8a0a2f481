package io.basalt.engine.transfer;

import java.io.IOException;

/** A refusal of the object store that exports and imports report by the service's failure codes. */
public final class ObjectStoreException extends IOException {
    public enum Kind {
        /** The bucket does not exist (S3 NoSuchBucket). */
        NO_SUCH_BUCKET,
        /** The credentials may not read or write there (S3 AccessDenied). */
        ACCESS_DENIED,
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
}
