package io.basalt.engine.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * Where exports are written and imports read: S3 buckets and object keys, kept by a local directory
 * ({@link LocalDirectoryStore}, {@code --export-root}) or an S3-compatible endpoint ({@code --s3-endpoint},
 * implemented by the wiring). Failures the service reports by name (no such bucket, access denied)
 * are {@link ObjectStoreException}s.
 */
public interface ObjectStore {
    /** One object of a listing. */
    record ObjectInfo(String key, long size) {}

    /** An object being written: its bytes go to the stream; {@link #close()} stores it. */
    abstract class Upload extends OutputStream {
        /** The object's ETag (without quotes) once closed: the hex MD5 of a single-part object. */
        public abstract String etag();
    }

    /**
     * The server-side encryption an export asks for each object it writes (S3's
     * {@code x-amz-server-side-encryption} and {@code x-amz-server-side-encryption-aws-kms-key-id}
     * headers): {@code algorithm} AES256 or KMS, null for none (the bucket's default applies);
     * {@code kmsKeyId} only with KMS, null for the AWS-managed key.
     */
    record Encryption(String algorithm, String kmsKeyId) {
        public static final Encryption NONE = new Encryption(null, null);
    }

    /**
     * This store writing every object with {@code encryption}. A store that cannot encrypt (a local
     * directory) returns itself and writes the objects as they are.
     */
    default ObjectStore encryptedWith(Encryption encryption) {
        return this;
    }

    /** Credentials for an S3-compatible endpoint (the auth file's, per account or user). */
    record Credentials(String accessKeyId, String secretAccessKey, String sessionToken) {
        @Override
        public String toString() {
            return "Credentials[" + accessKeyId + "]"; // never the secret
        }
    }

    /**
     * Whom a transfer acts for: the caller's account (a local store's buckets belong to accounts),
     * the S3BucketOwner the request expects (null: none given), and the S3 credentials the auth
     * file gives the caller (null: the server's own).
     */
    record Caller(String account, String expectedOwner, Credentials credentials) {}

    /**
     * This store acting for {@code caller}: a local store checks and records bucket owners, an S3
     * endpoint's store signs with the caller's credentials and sends the expected owner.
     */
    default ObjectStore actingFor(Caller caller) {
        return this;
    }

    /** Starts writing an object (large ones are sent in parts as they are written). */
    Upload create(String bucket, String key) throws IOException;

    /** Writes a small object at once; returns its ETag. */
    default String put(String bucket, String key, byte[] bytes) throws IOException {
        Upload u = create(bucket, key);
        try (u) {
            u.write(bytes);
        }
        return u.etag();
    }

    /** Reads an object. */
    InputStream open(String bucket, String key) throws IOException;

    /** The objects whose keys start with {@code prefix}, in key order; a missing bucket is an error. */
    List<ObjectInfo> list(String bucket, String prefix) throws IOException;

    /** Fails as the bucket would refuse a write (missing, not writable) before an export starts. */
    void checkWritable(String bucket) throws IOException;

    /** How the store is named in messages ("s3://" for S3, the directory for a local one). */
    String describe();
}
