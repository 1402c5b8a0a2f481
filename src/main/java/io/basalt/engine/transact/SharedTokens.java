package io.basalt.engine.transact;

import io.basalt.engine.Clock;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * ClientRequestTokens remembered in the store, for engines several Basalt nodes share: a replay
 * through any node finds the first call's result. One META row per token: state (running or done),
 * expiry, the request's fingerprint, the result. A first call claims the token by compare-and-set
 * before running, so two nodes never both run it; a claim older than {@link #CLAIM_MILLIS} (its node
 * presumed dead) may be taken over. Expired rows are swept now and then by whichever node passes.
 */
final class SharedTokens {
    static final long CLAIM_MILLIS = 60_000;
    private static final byte RUNNING = 0, DONE = 1;
    private static final int HEADER = 1 + 8 + 32;
    /** Keys start with 0xFF: the engine's other META keys start with an id (a small number). */
    private static final byte[] PREFIX = {(byte) 0xFF}, PREFIX_END = {(byte) 0xFF, (byte) 0xFF};

    private final StorageEngine storage;
    private final Clock clock;
    private final String scope;
    private volatile long nextSweep;

    SharedTokens(StorageEngine storage, Clock clock, String scope) {
        this.storage = storage;
        this.clock = clock;
        this.scope = scope;
    }

    <R> R run(String token, byte[] fingerprint, Supplier<R> call, IdempotencyCache.ResultCodec<R> codec) {
        byte[] key = key(token);
        long now = clock.millis();
        sweep(now);
        while (true) {
            Versioned current = storage.get(Space.META, key);
            byte[] stored = current == null ? null : current.value();
            if (stored != null && expiry(stored) > now) {
                if (!Arrays.equals(stored, 9, HEADER, fingerprint, 0, 32)) throw new IdempotencyCache.Mismatch();
                if (stored[0] == DONE) return codec.decode(Arrays.copyOfRange(stored, HEADER, stored.length));
                throw new IdempotencyCache.InProgress();
            }
            long claimed;
            try {
                claimed = storage.commit(new WriteBatch().put(Space.META, key, entry(RUNNING, now + CLAIM_MILLIS, fingerprint, new byte[0]),
                        current == null ? Mutation.EXPECT_ABSENT : current.version()));
            } catch (VersionConflictException raced) {
                continue; // another node claimed or finished it: look again
            }
            R result;
            try {
                result = call.get();
            } catch (RuntimeException e) {
                forget(key, claimed); // a failed call records nothing: the token may be retried
                throw e;
            }
            try {
                storage.commit(new WriteBatch().put(Space.META, key,
                        entry(DONE, clock.millis() + IdempotencyCache.WINDOW_MILLIS, fingerprint, codec.encode(result)), claimed));
            } catch (VersionConflictException takenOver) {
                // the claim outlived CLAIM_MILLIS and another node took the token: its answer stands
            }
            return result;
        }
    }

    private void forget(byte[] key, long version) {
        try {
            storage.commit(new WriteBatch().delete(Space.META, key, version));
        } catch (VersionConflictException | RuntimeException ignored) {
            // expires anyway
        }
    }

    /** Deletes expired token rows, at most once per window on this node. */
    private void sweep(long now) {
        if (now < nextSweep) return;
        try (StorageCursor c = storage.scan(Space.META, PREFIX, PREFIX_END, false)) {
            while (c.next()) {
                if (expiry(c.value()) <= now) forget(c.key(), c.version());
            }
        }
        nextSweep = now + IdempotencyCache.WINDOW_MILLIS;
    }

    private static long expiry(byte[] stored) {
        return ByteBuffer.wrap(stored, 1, 8).getLong();
    }

    private static byte[] entry(byte state, long expires, byte[] fingerprint, byte[] result) {
        return ByteBuffer.allocate(HEADER + result.length).put(state).putLong(expires).put(fingerprint, 0, 32).put(result).array();
    }

    /** [0xFF][7 bytes of the token's hash: a partition of its own on Cassandra][scope/token]. */
    private byte[] key(String token) {
        byte[] name = (scope + "/" + token).getBytes(StandardCharsets.UTF_8);
        byte[] hash = sha256(name);
        return ByteBuffer.allocate(8 + name.length).put(PREFIX).put(hash, 0, 7).put(name).array();
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
