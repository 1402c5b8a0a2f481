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
        ServerTestBase.closeAll(a, b, nodeA, nodeB);
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

    private static List<Record> records(DynamoDbStreamsClient streams, String arn) {
        return StreamRecords.all(streams, arn);
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
