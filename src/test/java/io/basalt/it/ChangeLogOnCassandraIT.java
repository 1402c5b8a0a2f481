package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

    /** A key of 16-byte prefix [id 8][hash 8] then a name: its own Cassandra partition per id. */
    private static byte[] key(long id, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16 + n.length);
        b.putLong(id).putLong(id * 31).put(n);
        return b.array();
    }
}
