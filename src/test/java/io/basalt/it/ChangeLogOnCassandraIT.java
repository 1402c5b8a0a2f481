package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.WriteBatch;
import io.basalt.storage.cassandra.CassandraSettings;
import io.basalt.storage.cassandra.CassandraStorage;
import io.basalt.storage.cassandra.ChangeLogSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Cassandra engine's change log (docs/scale-out.md): GSI entries and stream records of a write
 * are applied after it from a log committed atomically with the item, so a GSI Query and the stream
 * show every acknowledged write eventually, each once; a log left by a crashed node is applied by
 * another instance exactly once.
 */
@OnCassandra
class ChangeLogOnCassandraIT extends ServerTestBase {

    @Test
    @Covers(operation = "Query", parameters = {"IndexName"})
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    void gsiQueryAndStreamShowEveryAcknowledgedWrite() throws Exception {
        ddb.createTable(b -> b.tableName("logged").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        int items = 24;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            String pk = "k" + i;
            done.add(pool.submit(() -> {
                ddb.putItem(b -> b.tableName("logged").item(item("pk", pk, "g", "grp", "v", n("1"))));
                ddb.updateItem(b -> b.tableName("logged").key(item("pk", pk)).updateExpression("SET v = :two")
                        .expressionAttributeValues(Map.of(":two", n("2"))));
            }));
        }
        for (Future<?> f : done) f.get();
        pool.shutdown();
        Eventually.await(Duration.ofSeconds(60), "the GSI shows every item at its last value", () -> {
            List<Map<String, AttributeValue>> got = ddb.query(b -> b.tableName("logged").indexName("byG")
                    .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("grp")))).items();
            return got.size() == items && got.stream().allMatch(it -> it.get("v").n().equals("2"));
        });
        String arn = ddb.describeTable(b -> b.tableName("logged")).table().latestStreamArn();
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            Eventually.await(Duration.ofSeconds(60), "the stream holds every change", () -> records(streams, arn).size() == 2 * items);
            Map<String, List<String>> perKey = records(streams, arn);
            // exactly once, in item order: INSERT then MODIFY per key, sequence numbers unique
            Set<String> seqs = new HashSet<>();
            Map<String, List<String>> events = new HashMap<>();
            for (Map.Entry<String, List<String>> e : perKey.entrySet()) {
                seqs.add(e.getKey());
                events.computeIfAbsent(e.getValue().get(0), k -> new ArrayList<>()).add(e.getValue().get(1));
            }
            assertEquals(2 * items, seqs.size());
            assertEquals(items, events.size());
            for (List<String> ev : events.values()) assertEquals(List.of("INSERT", "MODIFY"), ev);
        }
    }

    /**
     * 10,000 random puts, updates and deletes of 100 keys by 4 writers: once the logs are applied,
     * replaying the stream rebuilds exactly the table (every change once, in item order).
     */
    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    void streamReplayRebuildsTheTableAfterConcurrentChanges() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("all".equals(System.getenv("BASALT_CASSANDRA")),
                "a minute of writes: runs with BASALT_CASSANDRA=all");
        ddb.createTable(b -> b.tableName("replayed").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        StreamServer.tenThousandChanges(ddb, "replayed");
        Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
        ddb.scanPaginator(b -> b.tableName("replayed").consistentRead(true)).items().forEach(i -> scanned.put(i.get("pk").s(), i));
        String arn = ddb.describeTable(b -> b.tableName("replayed")).table().latestStreamArn();
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            Eventually.await(Duration.ofMinutes(3), "the stream replays into the table", () -> {
                Map<String, Map<String, AttributeValue>> rebuilt = new HashMap<>();
                for (var rec : StreamRecords.all(streams, arn)) {
                    String key = rec.dynamodb().keys().get("pk").s();
                    if (rec.eventNameAsString().equals("REMOVE")) rebuilt.remove(key);
                    else rebuilt.put(key, rec.dynamodb().newImage());
                }
                return rebuilt.equals(scanned);
            });
        }
    }

    /** Sequence number -> [pk, event name], in shard order. */
    private static Map<String, List<String>> records(DynamoDbStreamsClient streams, String arn) {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (var rec : StreamRecords.all(streams, arn)) {
            out.put(rec.dynamodb().sequenceNumber(), List.of(rec.dynamodb().keys().get("pk").s(), rec.eventNameAsString()));
        }
        return out;
    }

    /**
     * A node writes the item with its log and marker, then "crashes" before applying; a second
     * instance finds the marker and applies the log exactly once; the marker and log are gone after.
     */
    @Test
    void logLeftByACrashedNodeIsAppliedOnceByAnother() throws Exception {
        CassandraSettings settings = CassandraForTests.settings(getClass());
        byte[] itemKey = key(1, "item");
        byte[] indexKey = key(2, "entry");
        byte[] streamKey = key(3, "record");
        byte[] value = "v".getBytes(StandardCharsets.UTF_8);
        try (CassandraStorage crashed = CassandraStorage.open(settings, new ChangeLogSettings(false, 0, 0, 1_000))) {
            crashed.commit(new WriteBatch().put(Space.ITEMS, itemKey, value, Mutation.EXPECT_ABSENT)
                    .put(Space.INDEXES, indexKey, value, Mutation.EXPECT_ANY)
                    .put(Space.STREAMS, streamKey, value, Mutation.EXPECT_ANY));
            assertNotNull(crashed.get(Space.ITEMS, itemKey)); // the item is acknowledged
            assertNull(crashed.get(Space.INDEXES, indexKey)); // its index entry is not applied yet
            assertEquals(1, crashed.pendingChangeLogs());
        }
        try (CassandraStorage other = CassandraStorage.open(settings, new ChangeLogSettings(true, 0, 0, 1_000))) {
            other.recoverChangeLogs();
            Eventually.await(Duration.ofSeconds(30), "the other instance applied the log",
                    () -> other.get(Space.INDEXES, indexKey) != null && other.pendingChangeLogs() == 0);
            assertArrayEquals(value, other.get(Space.STREAMS, streamKey).value());
            assertEquals(other.get(Space.ITEMS, itemKey).version(), other.get(Space.INDEXES, indexKey).version());
            other.recoverChangeLogs(); // nothing left: not applied again
            Thread.sleep(300);
            assertEquals(1, other.appliedChangeLogs());
        }
    }

    /**
     * Fencing: instance A's applier takes the partition's lease, reads log V1 and stalls (a hook,
     * after its last lease check) past the lease; instance B applies V1, then V2 (the index entry
     * moves from K1 to K2, an expiry entry is deleted) and V3 (the entry moves back to K1 with
     * another value); A resumes and writes V1's rows. Without fencing that would put K1 back at
     * V1's value and re-create the deleted expiry entry; fenced, every one of A's writes is refused.
     */
    @Test
    void anApplierStalledPastItsLeaseWritesNothingStale() throws Exception {
        CassandraSettings settings = CassandraForTests.settings(getClass());
        byte[] itemKey = key(11, "item");
        byte[] k1 = key(12, "entry-1"), k2 = key(12, "entry-2"); // one index partition
        byte[] expiry = key(13, "expiry"), kept = key(13, "kept"); // bookkeeping with empty values
        byte[][] records = {key(14, "r1"), key(14, "r2"), key(14, "r3")};
        CountDownLatch stalled = new CountDownLatch(1), resume = new CountDownLatch(1);
        AtomicBoolean first = new AtomicBoolean(true);
        ChangeLogSettings stalling = new ChangeLogSettings(false, 0, 0, 1_000).beforeApply(version -> {
            if (!first.compareAndSet(true, false)) return;
            stalled.countDown();
            try {
                resume.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (CassandraStorage a = CassandraStorage.open(settings, stalling);
             CassandraStorage b = CassandraStorage.open(settings, new ChangeLogSettings(false, 0, 0, 1_000))) {
            long v1 = a.commit(new WriteBatch().put(Space.ITEMS, itemKey, bytes("item-1"), Mutation.EXPECT_ABSENT)
                    .put(Space.INDEXES, k1, bytes("one"), Mutation.EXPECT_ANY)
                    .put(Space.STREAMS, records[0], bytes("r1"), Mutation.EXPECT_ANY)
                    .put(Space.META, expiry, new byte[0], Mutation.EXPECT_ANY)
                    .put(Space.META, kept, new byte[0], Mutation.EXPECT_ANY));
            a.recoverChangeLogs(); // A's applier takes the lease, reads V1 and stalls before writing
            assertTrue(stalled.await(30, TimeUnit.SECONDS), "A's applier reached V1");
            Thread.sleep(1_500); // A's lease (1 s) runs out

            long v2 = b.commit(new WriteBatch().put(Space.ITEMS, itemKey, bytes("item-2"), v1)
                    .delete(Space.INDEXES, k1, Mutation.EXPECT_ANY)
                    .put(Space.INDEXES, k2, bytes("two"), Mutation.EXPECT_ANY)
                    .put(Space.STREAMS, records[1], bytes("r2"), Mutation.EXPECT_ANY)
                    .delete(Space.META, expiry, Mutation.EXPECT_ANY));
            long v3 = b.commit(new WriteBatch().put(Space.ITEMS, itemKey, bytes("item-3"), v2)
                    .delete(Space.INDEXES, k2, Mutation.EXPECT_ANY)
                    .put(Space.INDEXES, k1, bytes("three"), Mutation.EXPECT_ANY)
                    .put(Space.STREAMS, records[2], bytes("r3"), Mutation.EXPECT_ANY));
            b.recoverChangeLogs();
            Eventually.await(Duration.ofSeconds(30), "B applied the three logs", () -> b.pendingChangeLogs() == 0);
            assertEquals(3, b.appliedChangeLogs());

            resume.countDown();
            Eventually.await(Duration.ofSeconds(30), "A went through its stale log", () -> a.appliedChangeLogs() == 1);
            assertEquals(4, a.fencedChangeLogWrites(), "K1, the record, both expiry entries: all refused");

            assertArrayEquals(bytes("three"), a.get(Space.INDEXES, k1).value());
            assertEquals(v3, a.get(Space.INDEXES, k1).version());
            assertNull(a.get(Space.INDEXES, k2), "the tombstone reads as absent");
            assertEquals(List.of("entry-1=three"), rows(a, Space.INDEXES, 12));
            assertNull(a.get(Space.META, expiry), "not re-created by the stale log");
            assertEquals(0, a.get(Space.META, kept).value().length, "an empty value is a value, not a tombstone");
            assertEquals(List.of("r1=r1", "r2=r2", "r3=r3"), rows(a, Space.STREAMS, 14), "each record once");
            assertEquals(v1, a.get(Space.STREAMS, records[0]).version());
            assertEquals(v2, a.get(Space.STREAMS, records[1]).version());
            assertEquals(0, a.pendingChangeLogs());
        }
    }

    /**
     * The applier's Paxos rounds per applied log (docs/scale-out.md, "Fencing"), one item per
     * partition with a GSI entry and a stream record, applied as the writes come (one log per drain):
     * inserts, updates keeping the index key, updates moving it, deletes.
     */
    @Test
    void fencedApplyingCost() throws Exception {
        CassandraSettings settings = CassandraForTests.settings(getClass());
        int items = 40;
        try (CassandraStorage store = CassandraStorage.open(settings, new ChangeLogSettings(true, 0, 0, 60_000))) {
            long[] versions = new long[items];
            String[] phases = {"insert", "update keeping the index key", "update moving the index key", "delete"};
            StringBuilder report = new StringBuilder();
            for (int phase = 0; phase < phases.length; phase++) {
                long roundsBefore = store.changeLogPaxosRounds(), appliedBefore = store.appliedChangeLogs();
                for (int i = 0; i < items; i++) {
                    byte[] item = key(100 + i, "item");
                    byte[] g1 = key(90, "a-" + i), g2 = key(90, "b-" + i);
                    byte[] record = key(91, String.format("%02d-%d", i, phase));
                    WriteBatch w = new WriteBatch();
                    switch (phase) {
                        case 0 -> w.put(Space.ITEMS, item, bytes("v0"), Mutation.EXPECT_ABSENT).put(Space.INDEXES, g1, bytes("v0"), Mutation.EXPECT_ANY);
                        case 1 -> w.put(Space.ITEMS, item, bytes("v1"), versions[i]).put(Space.INDEXES, g1, bytes("v1"), Mutation.EXPECT_ANY);
                        case 2 -> w.put(Space.ITEMS, item, bytes("v2"), versions[i]).delete(Space.INDEXES, g1, Mutation.EXPECT_ANY)
                                .put(Space.INDEXES, g2, bytes("v2"), Mutation.EXPECT_ANY);
                        default -> w.delete(Space.ITEMS, item, versions[i]).delete(Space.INDEXES, g2, Mutation.EXPECT_ANY);
                    }
                    versions[i] = store.commit(w.put(Space.STREAMS, record, bytes("r"), Mutation.EXPECT_ANY));
                }
                long appliedGoal = appliedBefore + items;
                Eventually.await(Duration.ofSeconds(60), "the logs applied", () -> store.appliedChangeLogs() >= appliedGoal);
                long rounds = store.changeLogPaxosRounds() - roundsBefore;
                report.append(String.format("%s: %.2f rounds per log; ", phases[phase], rounds / (double) items));
            }
            System.out.println("change log cost: " + report);
            assertEquals(List.of(), rows(store, Space.INDEXES, 90), "no index entry left");
            assertEquals(4 * items, rows(store, Space.STREAMS, 91).size());
            assertEquals(0, store.fencedChangeLogWrites());
        }
    }

    /** The rows of the partition {@code id} of a space, as "name=value", in key order. */
    private static List<String> rows(CassandraStorage store, Space space, long id) {
        List<String> out = new ArrayList<>();
        byte[] from = key(id, ""), to = key(id + 1, "");
        try (var c = store.scan(space, from, to, false)) {
            while (c.next()) {
                out.add(new String(c.key(), 16, c.key().length - 16, StandardCharsets.UTF_8) + "="
                        + new String(c.value(), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A key of 16-byte prefix [id 8][hash 8] then a name: its own Cassandra partition per id. */
    private static byte[] key(long id, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16 + n.length);
        b.putLong(id).putLong(id * 31).put(n);
        return b.array();
    }
}
