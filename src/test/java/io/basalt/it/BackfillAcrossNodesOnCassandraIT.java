package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import io.basalt.storage.cassandra.CassandraSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * An online GSI backfill on two Basalt nodes (docs/scale-out.md): one node fills the index under a
 * lease while items are written through both; the node stops mid-backfill, the other takes over
 * when the lease expires and continues from the recorded progress (each item backfilled once, a
 * batch at most twice), and the index is ACTIVE for every node, with exactly the table's entries.
 */
@OnCassandra(extended = true)
class BackfillAcrossNodesOnCassandraIT {
    private static final int ITEMS = 640;
    private static final int BATCH = 64;
    private static CassandraSettings settings;
    private static Basalt nodeA, nodeB, nodeC;
    private static final ManualClock CLOCK_A = new ManualClock();
    private static final ManualClock CLOCK_B = new ManualClock();
    private static DynamoDbClient a, b, c;

    @BeforeAll
    static void start() {
        settings = CassandraForTests.settings(BackfillAcrossNodesOnCassandraIT.class);
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings);
        nodeA = Basalt.start(config.withClock(CLOCK_A));
        nodeB = Basalt.start(config.withClock(CLOCK_B));
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, c, nodeA, nodeB, nodeC);
    }

    /** The first error a writer met other than a conflict with a backfill batch (which holds its items a moment). */
    private static final AtomicReference<RuntimeException> WRITER_FAILED = new AtomicReference<>();

    private static Thread writer(DynamoDbClient via, int offset, AtomicBoolean stop, AtomicInteger updates) {
        return Thread.ofPlatform().start(() -> {
            for (int i = offset; !stop.get(); i += 7) {
                int k = i % ITEMS;
                try {
                    via.updateItem(u -> u.tableName("bf_table").key(item("pk", "k" + k)).updateExpression("SET grp = :g, v = v + :one")
                            .expressionAttributeValues(Map.of(":g", s("g" + (k % 3)), ":one", n("1"))));
                    updates.incrementAndGet();
                } catch (TransactionConflictException heldByABackfillBatch) {
                    // the SDK gave up its retries: the item was not changed, the next one is written
                } catch (RuntimeException e) {
                    if (stop.get()) return; // its node closing under it
                    WRITER_FAILED.compareAndSet(null, e);
                    return;
                }
            }
        });
    }

    private static boolean writerFailed() {
        RuntimeException e = WRITER_FAILED.get();
        if (e != null) throw new AssertionError("a writer failed", e);
        return false;
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"GlobalSecondaryIndexUpdates"})
    void oneNodeBackfillsAndAnotherFinishesWhenItStops() throws Exception {
        a.createTable(t -> t.tableName("bf_table").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S)));
        for (int from = 0; from < ITEMS; from += 25) {
            List<WriteRequest> puts = new ArrayList<>();
            for (int i = from; i < from + 25; i++) {
                puts.add(WriteRequest.builder().putRequest(PutRequest.builder()
                        .item(item("pk", "k" + i, "grp", "g" + (i % 3), "v", n("0"))).build()).build());
            }
            (from % 50 == 0 ? a : b).batchWriteItem(w -> w.requestItems(Map.of("bf_table", puts)));
        }
        // node A fills three batches, then stays busy until it stops (a node going away mid-backfill)
        nodeA.engine().backfills().holdAfterBatches(3);
        AtomicBoolean stopA = new AtomicBoolean(), stopB = new AtomicBoolean();
        AtomicInteger updates = new AtomicInteger();
        Thread writerA = writer(a, 0, stopA, updates);
        Thread writerB = writer(b, 3, stopB, updates);
        a.updateTable(u -> u.tableName("bf_table")
                .attributeDefinitions(d -> d.attributeName("grp").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(g -> g.create(c -> c.indexName("byGrp")
                        .keySchema(k -> k.attributeName("grp").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))));
        Eventually.await(Duration.ofSeconds(60), "node A filled its batches",
                () -> nodeA.engine().backfills().entriesWritten() >= 3 * BATCH - 10);
        var seenByB = b.describeTable(d -> d.tableName("bf_table")).table().globalSecondaryIndexes().get(0);
        assertEquals(IndexStatus.CREATING, seenByB.indexStatus());
        assertEquals(Boolean.TRUE, seenByB.backfilling());
        long byA = nodeA.engine().backfills().entriesWritten();
        assertEquals(0, nodeB.engine().backfills().entriesWritten(), "node B waits: node A holds the backfill's lease");
        stopA.set(true);
        writerA.join();
        a.close();
        nodeA.close();
        // node B takes over once node A's lease has run out (30 s), from where node A stopped
        CLOCK_B.advanceMillis(31_000);
        Eventually.await(Duration.ofSeconds(120), "node B finished the backfill", () ->
                b.describeTable(d -> d.tableName("bf_table")).table().globalSecondaryIndexes().get(0).indexStatus() == IndexStatus.ACTIVE);
        long byB = nodeB.engine().backfills().entriesWritten();
        System.out.println("BackfillAcrossNodes: node A wrote " + byA + " entries, node B " + byB + " of " + ITEMS + " items");
        assertTrue(byB > 0 && byB <= ITEMS - byA + BATCH, "each item once (a batch at most twice): A wrote " + byA + ", B " + byB);
        int atActive = updates.get();
        Eventually.await(Duration.ofSeconds(60), "writes after the backfill", () -> !writerFailed() && updates.get() >= atActive + 10);
        stopB.set(true);
        writerB.join();
        // a node started now sees the index ACTIVE, holding exactly the table's entries
        nodeC = Basalt.start(BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings));
        c = ServerTestBase.client(nodeC.endpoint());
        assertEquals(IndexStatus.ACTIVE, c.describeTable(d -> d.tableName("bf_table")).table().globalSecondaryIndexes().get(0).indexStatus());
        Map<String, TreeMap<String, String>> expected = new HashMap<>();
        b.scanPaginator(sc -> sc.tableName("bf_table").consistentRead(true)).items().forEach(i ->
                expected.computeIfAbsent(i.get("grp").s(), g -> new TreeMap<>()).put(i.get("pk").s(), i.get("v").n()));
        assertEquals(3, expected.size());
        Eventually.await(Duration.ofSeconds(30), "the index equals the table (index entries are eventually consistent)", () -> {
            for (Map.Entry<String, TreeMap<String, String>> e : expected.entrySet()) {
                TreeMap<String, String> actual = new TreeMap<>();
                c.queryPaginator(q -> q.tableName("bf_table").indexName("byGrp").keyConditionExpression("grp = :g")
                        .expressionAttributeValues(Map.of(":g", s(e.getKey())))).items()
                        .forEach(i -> actual.put(i.get("pk").s(), i.get("v").n()));
                if (!e.getValue().equals(actual)) return false;
            }
            return true;
        });
    }
}
