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

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /**
     * S3's AccessDenied as an export's or import's FailureMessage quotes it (live, 2026-10-09,
     * DDB-EXPORT-011: "Access Denied (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied;
     * Request ID: ...; S3 Extended Request ID: ...)"), with request ids made up in S3's form.
     */
    public static ObjectStoreException accessDenied(String text) {
        StringBuilder id = new StringBuilder();
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        for (int i = 0; i < 16; i++) id.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        byte[] extended = new byte[56];
        RANDOM.nextBytes(extended);
        return new ObjectStoreException(Kind.ACCESS_DENIED, text + " (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied; Request ID: "
                + id + "; S3 Extended Request ID: " + java.util.Base64.getEncoder().encodeToString(extended) + "; Proxy: null)", null);
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
