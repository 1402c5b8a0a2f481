package io.basalt.engine.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * An object store whose every request is first allowed by the caller's identity policies, as S3
 * authorizes the requests an export or import makes with the caller's identity: {@code s3:PutObject}
 * on each object written, {@code s3:GetObject} on each object read, {@code s3:ListBucket} on the
 * bucket (with {@code s3:prefix}). A refusal is S3's AccessDenied with its reason.
 */
public final class AuthorizedObjectStore implements ObjectStore {
    private final ObjectStore store;
    private final ObjectAccess access;

    public AuthorizedObjectStore(ObjectStore store, ObjectAccess access) {
        this.store = store;
        this.access = access;
    }

    private void check(String action, String resource, Map<String, String> keys) throws ObjectStoreException {
        String refusal = access.refusal(action, resource, keys);
        if (refusal != null) throw ObjectStoreException.accessDenied(refusal);
    }

    private static String object(String bucket, String key) {
        return "arn:aws:s3:::" + bucket + "/" + key;
    }

    @Override
    public ObjectStore encryptedWith(Encryption encryption) {
        return new AuthorizedObjectStore(store.encryptedWith(encryption), access);
    }

    @Override
    public ObjectStore actingFor(Caller caller) {
        return new AuthorizedObjectStore(store.actingFor(caller), access);
    }

    @Override
    public Upload create(String bucket, String key) throws IOException {
        check("s3:PutObject", object(bucket, key), Map.of());
        return store.create(bucket, key);
    }

    @Override
    public InputStream open(String bucket, String key) throws IOException {
        check("s3:GetObject", object(bucket, key), Map.of());
        return store.open(bucket, key);
    }

    @Override
    public List<ObjectInfo> list(String bucket, String prefix) throws IOException {
        check("s3:ListBucket", "arn:aws:s3:::" + bucket, Map.of("s3:prefix", prefix == null ? "" : prefix));
        return store.list(bucket, prefix);
    }

    @Override
    public void checkWritable(String bucket) throws IOException {
        store.checkWritable(bucket);
    }

    @Override
    public String describe() {
        return store.describe();
    }
}
