package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import io.basalt.storage.cassandra.CassandraSettings;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Two Basalt nodes on one keyspace (docs/scale-out.md, "Several Basalt nodes"): the catalog is
 * seen by both at once, stream sequence numbers never collide, TTL deletes each expired item once.
 */
@OnCassandra
class TwoNodesOnCassandraIT {
    private static Basalt nodeA, nodeB;
    private static ManualClock clockA, clockB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        CassandraSettings settings = CassandraForTests.settings(TwoNodesOnCassandraIT.class);
        clockA = new ManualClock();
        clockB = new ManualClock();
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings);
        nodeA = Basalt.start(config.withClock(clockA));
        nodeB = Basalt.start(config.withClock(clockB));
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    private static void createTable(DynamoDbClient via, String name, boolean stream) {
        via.createTable(t -> {
            t.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S));
            if (stream) t.streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY));
        });
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"TableName"})
    @Covers(operation = "DeleteTable", parameters = {"TableName"})
    void tableCreatedThroughOneNodeIsUsableThroughTheOtherAtOnce() {
        createTable(a, "shared_catalog", false);
        b.putItem(p -> p.tableName("shared_catalog").item(item("pk", "x", "v", n("1"))));
        assertEquals("1", a.getItem(g -> g.tableName("shared_catalog").key(item("pk", "x")).consistentRead(true)).item().get("v").n());
        assertTrue(b.listTables().tableNames().contains("shared_catalog"));
        a.updateTimeToLive(u -> u.tableName("shared_catalog").timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
        assertEquals("exp", b.describeTimeToLive(d -> d.tableName("shared_catalog")).timeToLiveDescription().attributeName());
        b.deleteTable(d -> d.tableName("shared_catalog"));
        ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
                () -> a.putItem(p -> p.tableName("shared_catalog").item(item("pk", "y"))));
        assertEquals("Requested resource not found", e.awsErrorDetails().errorMessage());
        assertTrue(!a.listTables().tableNames().contains("shared_catalog"));
    }

    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    void streamSequenceNumbersAreUniqueAcrossNodes() {
        createTable(a, "shared_stream", true);
        int items = 20;
        for (int i = 0; i < items; i++) {
            String pk = "k" + i;
            (i % 2 == 0 ? a : b).putItem(p -> p.tableName("shared_stream").item(item("pk", pk)));
        }
        String arn = a.describeTable(d -> d.tableName("shared_stream")).table().latestStreamArn();
        try (DynamoDbStreamsClient streams = ServerTestBase.streamsClient(nodeA.endpoint())) {
            Eventually.await(Duration.ofSeconds(60), "every record through node A", () -> records(streams, arn).size() == items);
            Set<String> seqs = new HashSet<>();
            Set<String> keys = new HashSet<>();
            for (Record r : records(streams, arn)) {
                seqs.add(r.dynamodb().sequenceNumber());
                keys.add(r.dynamodb().keys().get("pk").s());
            }
            assertEquals(items, seqs.size());
            assertEquals(items, keys.size());
        }
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn"})
    void shardRolloverIsOneLineageAcrossNodes() throws Exception {
        a.createTable(t -> t.tableName("shared_rollover").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        int items = 16;
        for (int i = 0; i < items / 2; i++) {
            String pk = "r" + i;
            (i % 2 == 0 ? a : b).putItem(p -> p.tableName("shared_rollover").item(item("pk", pk, "v", n("1"))));
        }
        String arn = a.describeTable(d -> d.tableName("shared_rollover")).table().latestStreamArn();
        try (DynamoDbStreamsClient streamsA = ServerTestBase.streamsClient(nodeA.endpoint());
             DynamoDbStreamsClient streamsB = ServerTestBase.streamsClient(nodeB.endpoint())) {
            Eventually.await(Duration.ofSeconds(60), "the first records", () -> records(streamsA, arn).size() == items / 2);
            // the shards' time is up on both nodes at once: both try to roll the stream over
            long rollover = io.basalt.engine.TimeSettings.DEFAULT_SHARD_ROLLOVER_MILLIS + 1000;
            clockA.advanceMillis(rollover);
            clockB.advanceMillis(rollover);
            var viaA = CompletableFuture.supplyAsync(() -> streamsA.describeStream(d -> d.streamArn(arn)).streamDescription().shards());
            var viaB = CompletableFuture.supplyAsync(() -> streamsB.describeStream(d -> d.streamArn(arn)).streamDescription().shards());
            viaA.join();
            viaB.join();
            // then the second half of the changes (updates of the same items too), through both nodes
            for (int i = 0; i < items / 2; i++) {
                String pk = "r" + i;
                (i % 2 == 0 ? b : a).putItem(p -> p.tableName("shared_rollover").item(item("pk", pk, "v", n("2"))));
            }
            Eventually.await(Duration.ofSeconds(60), "every record through both nodes", () ->
                    records(streamsA, arn).size() == items && records(streamsB, arn).size() == items);
            var shardsA = streamsA.describeStream(d -> d.streamArn(arn)).streamDescription().shards();
            var shardsB = streamsB.describeStream(d -> d.streamArn(arn)).streamDescription().shards();
            assertEquals(2 * io.basalt.engine.stream.StreamRecorder.SHARDS, shardsA.size(), "one rollover, not one per node: " + shardsA);
            assertEquals(shardsA, shardsB, "both nodes agree on every shard and its end");
            // per item: version 1 in a parent shard, version 2 in its child, in that order
            Map<String, List<String>> perItem = new java.util.HashMap<>();
            for (var shard : StreamRecords.byShard(streamsB, arn).entrySet()) {
                for (Record r : shard.getValue()) {
                    perItem.computeIfAbsent(r.dynamodb().keys().get("pk").s(), k -> new java.util.ArrayList<>())
                            .add(shard.getKey() + ":" + r.dynamodb().newImage().get("v").n());
                }
            }
            for (var e : perItem.entrySet()) {
                assertEquals(2, e.getValue().size(), e.toString());
                assertTrue(e.getValue().get(0).endsWith(":1") && e.getValue().get(1).endsWith(":2"), e.toString());
                assertTrue(!e.getValue().get(0).split(":")[0].equals(e.getValue().get(1).split(":")[0]), "parent, then child: " + e);
            }
        }
    }

    private static List<Record> records(DynamoDbStreamsClient streams, String arn) {
        return StreamRecords.all(streams, arn);
    }

    @Test
    @Covers(operation = "DescribeTable", parameters = {"TableName"})
    void itemCountsAreClusterWideAfterTheRefresh() {
        for (Basalt n : new Basalt[] {nodeA, nodeB}) n.engine().counts().refreshMillis(60_000);
        a.createTable(t -> t.tableName("shared_counts").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType("ALL"))));
        for (int i = 0; i < 15; i++) {
            String pk = "c" + i;
            // ten through A, five through B; the GSI holds the six with a "g"
            var it = i % 5 < 2 ? item("pk", pk, "g", "x") : item("pk", pk);
            (i < 10 ? a : b).putItem(p -> p.tableName("shared_counts").item(it));
        }
        // the service refreshes these figures about every six hours; here once the refresh interval passed
        Eventually.await(Duration.ofSeconds(60), "both nodes show the whole table's figures", () -> {
            clockA.advanceMillis(30_000);
            clockB.advanceMillis(30_000);
            var viaA = a.describeTable(d -> d.tableName("shared_counts")).table();
            var viaB = b.describeTable(d -> d.tableName("shared_counts")).table();
            return viaA.itemCount() == 15 && viaB.itemCount() == 15 && viaB.tableSizeBytes() > 0
                    && viaA.tableSizeBytes().equals(viaB.tableSizeBytes())
                    && viaA.globalSecondaryIndexes().get(0).itemCount() == 6 && viaB.globalSecondaryIndexes().get(0).itemCount() == 6
                    && viaA.globalSecondaryIndexes().get(0).indexSizeBytes().equals(viaB.globalSecondaryIndexes().get(0).indexSizeBytes());
        });
    }

    @Test
    @Covers(operation = "UpdateTimeToLive", parameters = {"TableName", "TimeToLiveSpecification"})
    void ttlSweptByBothNodesDeletesEachItemOnce() throws Exception {
        createTable(a, "shared_ttl", true);
        a.updateTimeToLive(u -> u.tableName("shared_ttl").timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
        long past = clockA.millis() / 1000 - 60;
        int items = 10;
        for (int i = 0; i < items; i++) {
            String pk = "t" + i;
            a.putItem(p -> p.tableName("shared_ttl").item(item("pk", pk, "exp", n(Long.toString(past)))));
        }
        // expiry entries come from the change log (eventually): sweep through both nodes at once until all are gone
        // (one node holds the table's sweep lease; the conditional deletes would keep it exact even without)
        int[] deleted = {0};
        Eventually.await(Duration.ofSeconds(60), "every expired item deleted", () -> {
            var sweepA = CompletableFuture.supplyAsync(() -> nodeA.engine().ttl().sweepNow().expiredItems());
            var sweepB = CompletableFuture.supplyAsync(() -> nodeB.engine().ttl().sweepNow().expiredItems());
            deleted[0] += sweepA.join() + sweepB.join();
            return a.scan(s -> s.tableName("shared_ttl").consistentRead(true)).count() == 0;
        });
        assertTrue(deleted[0] <= items, "deleted " + deleted[0]); // none twice (the nodes' own background passes may take some)
        String arn = a.describeTable(d -> d.tableName("shared_ttl")).table().latestStreamArn();
        try (DynamoDbStreamsClient streams = ServerTestBase.streamsClient(nodeA.endpoint())) {
            Eventually.await(Duration.ofSeconds(60), "an INSERT and one REMOVE per item",
                    () -> records(streams, arn).size() == 2 * items);
            Thread.sleep(500); // nothing more arrives
            List<Record> all = records(streams, arn);
            assertEquals(items, all.stream().filter(r -> r.eventNameAsString().equals("REMOVE")).count());
        }
    }
}
