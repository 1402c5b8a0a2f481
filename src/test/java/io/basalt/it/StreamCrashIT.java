package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The stream and the table never disagree after kill -9: the change log still rebuilds the table,
 * and shard lineage (shards rolling over every 700 ms here) survives the crash unchanged.
 */
class StreamCrashIT {

    @Test
    void changeLogSurvivesKill9() throws Exception {
        Path dir = Files.createTempDirectory("basalt-stream-crash");
        List<Shard> before = new ArrayList<>();
        boolean onCassandra = getClass().isAnnotationPresent(OnCassandra.class);
        // on Cassandra a restart is another process on the same keyspace
        String[] serve = onCassandra ? CassandraForTests.serveOptions(getClass()) : new String[0];
        String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("--stream-shard-rollover-ms", "700"),
                java.util.stream.Stream.of(serve)).toArray(String[]::new);
        try (ServerProcess server = ServerProcess.start(dir, args); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            c.createTable(b -> b.tableName("log").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
            AtomicBoolean stop = new AtomicBoolean();
            java.util.concurrent.atomic.AtomicInteger changes = new java.util.concurrent.atomic.AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                pool.execute(() -> {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    while (!stop.get()) {
                        String key = "k" + r.nextInt(100);
                        try {
                            if (r.nextInt(4) == 0) c.deleteItem(b -> b.tableName("log").key(item("pk", key)));
                            else c.updateItem(b -> b.tableName("log").key(item("pk", key)).updateExpression("ADD n :one")
                                    .expressionAttributeValues(Map.of(":one", n("1"))));
                            changes.incrementAndGet();
                        } catch (RuntimeException e) {
                            return; // the server was killed
                        }
                    }
                });
            }
            // a real-time server in another process: wait (with a deadline) until the changes span
            // several rollovers, rather than for a fixed time
            try (DynamoDbStreamsClient streams = StreamLog.client(server.endpoint())) {
                String arn = c.describeTable(b -> b.tableName("log")).table().latestStreamArn();
                Eventually.await(java.time.Duration.ofMinutes(2), "changes across 3 rollovers", () ->
                        changes.get() >= 1000 && StreamLog.shards(streams, arn, 100).size() >= 16);
                before.addAll(StreamLog.shards(streams, arn, 100));
            }
            stop.set(true);
            server.kill9();
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        try (ServerProcess server = ServerProcess.start(dir, args); DynamoDbClient c = ServerTestBase.client(server.endpoint());
             DynamoDbStreamsClient streams = StreamLog.client(server.endpoint())) {
            String arn = c.describeTable(b -> b.tableName("log")).table().latestStreamArn();
            List<Shard> after = StreamLog.shards(streams, arn, 100);
            assertTrue(before.size() >= 12, "several rollovers before the crash: " + before.size());
            for (int i = 0; i < before.size() - 4; i++) {
                assertEquals(before.get(i), after.get(i), "closed shards are unchanged after the restart");
            }
            for (int i = before.size() - 4; i < before.size(); i++) {
                assertEquals(before.get(i).shardId(), after.get(i).shardId(), "the shards open at the crash are still there");
                assertEquals(before.get(i).parentShardId(), after.get(i).parentShardId());
            }
            Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
            c.scanPaginator(b -> b.tableName("log").consistentRead(true)).items().forEach(i -> scanned.put(i.get("pk").s(), i));
            // on Cassandra the change logs the killed node left unapplied are applied by this one, a moment after it starts
            List<Record> log = Eventually.converged(onCassandra, java.time.Duration.ofSeconds(60), "the stream rebuilding the table",
                    () -> StreamLog.readInLineageOrder(streams, arn), l -> StreamLog.replay(l, "pk").equals(scanned));
            int records = log.size();
            Map<String, Map<String, AttributeValue>> rebuilt = StreamLog.replay(log, "pk");
            assertEquals(scanned, rebuilt);
            assertTrue(records > 20, "too few changes to mean anything: " + records);
        }
    }
}
