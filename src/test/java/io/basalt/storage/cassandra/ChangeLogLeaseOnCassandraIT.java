package io.basalt.storage.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.it.CassandraForTests;
import io.basalt.it.OnCassandra;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The change log's partition lease (docs/scale-out.md, "The change log"): a lease that a node left
 * behind (its release failed, or its acquire timed out and landed after all) blocks other nodes
 * until it runs out, but not the node that wrote it: that node's next drain takes it over at once.
 */
@OnCassandra
class ChangeLogLeaseOnCassandraIT {

    @Test
    void aLeaseLeftBehindBlocksOtherNodesButNotItsOwn() throws Exception {
        CassandraSettings settings = CassandraForTests.settings(getClass());
        byte[] itemKey = key(1, "item"), indexKey = key(2, "entry");
        byte[] value = "v".getBytes(StandardCharsets.UTF_8);
        ChangeLogSettings manual = new ChangeLogSettings(false, 0, 0, 60_000);
        try (CassandraStorage a = CassandraStorage.open(settings, manual); CassandraStorage b = CassandraStorage.open(settings, manual)) {
            a.commit(new WriteBatch().put(Space.ITEMS, itemKey, value, Mutation.EXPECT_ABSENT)
                    .put(Space.INDEXES, indexKey, value, Mutation.EXPECT_ANY));
            RowKey home = a.rowKey(Space.ITEMS, itemKey);
            ChangeLog.Partition p = new ChangeLog.Partition(home.space(), home.bucket());
            // A's lease, as a failed release leaves it: another minute to run
            long until = System.currentTimeMillis() + 60_000;
            assertTrue(a.execute(a.putIf(p.space(), p.bucket(), ChangeLog.LEASE_CK, a.changeLog().owner(), until, null)).wasApplied());

            assertTrue(!b.changeLog().drain(p), "another node waits for the lease");
            assertEquals(1, b.changeLog().leaseWaits());
            assertNull(b.get(Space.INDEXES, indexKey));

            assertTrue(a.changeLog().drain(p), "the node that left the lease takes it over");
            assertEquals(0, a.changeLog().leaseWaits());
            assertNotNull(a.get(Space.INDEXES, indexKey));
            assertEquals(0, a.pendingChangeLogs());
            assertEquals(1, a.appliedChangeLogs());
            assertNull(a.execute(a.read(p.space(), p.bucket(), ChangeLog.LEASE_CK)).one(), "and gives it back");
        }
    }

    private static byte[] key(long id, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(16 + n.length).putLong(id).putLong(id * 31).put(n).array();
    }
}
