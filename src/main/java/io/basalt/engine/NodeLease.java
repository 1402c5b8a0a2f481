package io.basalt.engine;

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
 * On a store shared by several Basalt nodes: which node does one piece of background work now (a
 * table's TTL sweep, its item-count refresh, an index's backfill). A lease per work item (owner,
 * until) in the META space under {@code kind}, taken and renewed by compare-and-set, so one node
 * works on it at a time and the others skip it; a node that dies hands it over when its lease
 * runs out. On a store of one node every work item is always this node's.
 */
public final class NodeLease {
    private final StorageEngine storage;
    private final Clock clock;
    private final long leaseMillis;
    private final byte[] prefix;
    private final long owner = ThreadLocalRandom.current().nextLong();

    /** Leases named {@code kind} (e.g. "ttl-lease/"), held {@code leaseMillis} from each take. */
    public NodeLease(StorageEngine storage, Clock clock, String kind, long leaseMillis) {
        this.storage = storage;
        this.clock = clock;
        this.leaseMillis = leaseMillis;
        this.prefix = kind.getBytes(StandardCharsets.UTF_8);
    }

    /** Whether this node may do the work on {@code id} now (taking or renewing its lease). */
    public boolean take(long id) {
        if (!storage.sharedByNodes()) return true;
        byte[] key = ByteBuffer.allocate(prefix.length + 8).put(prefix).putLong(id).array();
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
