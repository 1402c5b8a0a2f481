package io.basalt.engine.ttl;

import io.basalt.engine.Clock;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * On a store shared by several Basalt nodes: which node sweeps a table's expired items now. A
 * per-table lease (owner, until) in the META space, taken and renewed by compare-and-set, so one
 * node sweeps a table at a time and the others skip it. Deletes re-check the expiry on the version
 * they read, so two nodes sweeping at once would still delete each item once; the lease saves the
 * duplicated work. On a store of one node every table is always this node's.
 */
final class SweepLease {
    private static final byte[] PREFIX = "ttl-lease/".getBytes(StandardCharsets.UTF_8);

    private final StorageEngine storage;
    private final Clock clock;
    private final long leaseMillis;
    private final long owner = ThreadLocalRandom.current().nextLong();

    SweepLease(StorageEngine storage, Clock clock, long leaseMillis) {
        this.storage = storage;
        this.clock = clock;
        this.leaseMillis = leaseMillis;
    }

    /** Whether this node may sweep the table now (taking or renewing its lease). */
    boolean take(long tableId) {
        if (!storage.sharedByNodes()) return true;
        byte[] key = ByteBuffer.allocate(PREFIX.length + 8).put(PREFIX).putLong(tableId).array();
        Versioned held = storage.get(Space.META, key);
        long now = clock.millis();
        if (held != null) {
            ByteBuffer b = ByteBuffer.wrap(held.value());
            if (b.getLong() != owner && b.getLong() > now) return false;
        }
        byte[] mine = ByteBuffer.allocate(16).putLong(owner).putLong(now + leaseMillis).array();
        try {
            storage.commit(new WriteBatch().put(Space.META, key, mine, held == null ? Mutation.EXPECT_ABSENT : held.version()));
            return true;
        } catch (VersionConflictException another) {
            return false;
        }
    }
}
