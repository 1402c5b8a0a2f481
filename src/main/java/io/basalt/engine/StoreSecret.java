package io.basalt.engine;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

/**
 * A random key kept in the store itself (META), made by whichever node needs it first and the same
 * for every Basalt node of a shared store: it authenticates what Basalt hands to clients and takes
 * back later (shard iterators), so a client can neither forge nor alter them, and an iterator one
 * node issued is good on every other.
 */
public final class StoreSecret {
    private static final byte[] KEY = "secret/iterators".getBytes(StandardCharsets.UTF_8);
    private static final int BYTES = 32;

    private final StorageEngine storage;
    private volatile byte[] secret;

    public StoreSecret(StorageEngine storage) {
        this.storage = storage;
    }

    /** The key (made and stored on first use). */
    public byte[] bytes() {
        byte[] s = secret;
        if (s != null) return s;
        synchronized (this) {
            if (secret != null) return secret;
            for (int attempt = 0; ; attempt++) {
                Versioned stored = storage.get(Space.META, KEY);
                if (stored != null && stored.value().length == BYTES) return secret = stored.value().clone();
                byte[] fresh = new byte[BYTES];
                new SecureRandom().nextBytes(fresh);
                try {
                    storage.commit(new WriteBatch().put(Space.META, KEY, fresh,
                            stored == null ? Mutation.EXPECT_ABSENT : stored.version()));
                    return secret = fresh;
                } catch (VersionConflictException anotherNodeMadeIt) {
                    if (attempt >= 5) throw new IllegalStateException("could not settle the store's secret", anotherNodeMadeIt);
                }
            }
        }
    }
}
