package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReplicationGroupUpdate;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Global tables with several Basalt nodes on one keyspace (docs/global-tables.md): the pending
 * marks of a node that stops before replicating its acknowledged changes are replayed by the nodes
 * that start after it (two at once here, both replaying every mark) and by the nodes that keep
 * running (their periodic sweep), and each change reaches the other replica exactly once: one
 * record per change in each replica's stream, the last writer's value everywhere, no mark left.
 */
@OnCassandra(extended = true)
class ReplicationAcrossNodesOnCassandraIT {
    private static final int WRITES = 40;

    private static int count(DynamoDbClient client, String table) {
        return client.scan(b -> b.tableName(table).select(Select.COUNT).consistentRead(true)).count();
    }

    /** A global table of us-east-1 and us-west-2 with one item "before" in both. */
    private static void createGlobal(DynamoDbClient east, DynamoDbClient west, String table) {
        east.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        east.updateTable(b -> b.tableName(table).replicaUpdates(ReplicationGroupUpdate.builder()
                .create(c -> c.regionName("us-west-2")).build()));
        east.putItem(b -> b.tableName(table).item(item("pk", "before")));
        Eventually.await(Duration.ofSeconds(60), "the first write replicated", () -> {
            try {
                return count(west, table) == 1;
            } catch (RuntimeException stillCreating) {
                return false;
            }
        });
    }

    /** Through {@code node} with its replication stopped (a node killed after acknowledging): 40 puts east, 1 west, 1 delete east. */
    private static void writeUnreplicated(Basalt node, DynamoDbClient east, DynamoDbClient west, String table, boolean alone) {
        node.engine().replicator().close();
        for (int i = 0; i < WRITES; i++) {
            int n = i;
            east.putItem(b -> b.tableName(table).item(item("pk", "p" + n, "v", "east")));
        }
        west.putItem(b -> b.tableName(table).item(item("pk", "w", "v", "west")));
        east.deleteItem(b -> b.tableName(table).key(item("pk", "before")));
        assertEquals(WRITES, count(east, table));
        if (alone) assertEquals(2, count(west, table), "nothing replicated by the stopped node");
    }

    /** "EVENT pk" of every record of the table's stream in {@code client}'s region, sorted. */
    private static List<String> streamEvents(DynamoDbClient client, Basalt node, Region region, String table) {
        String arn = client.describeTable(b -> b.tableName(table)).table().latestStreamArn();
        List<String> out = new ArrayList<>();
        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(node.endpoint()).region(region)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create()).build()) {
            for (var shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
                String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                while (it != null) {
                    String from = it;
                    var page = streams.getRecords(b -> b.shardIterator(from));
                    for (var r : page.records()) out.add(r.eventNameAsString() + " " + r.dynamodb().keys().get("pk").s());
                    it = page.records().isEmpty() ? null : page.nextShardIterator();
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** What each replica's stream must hold, each record once: the original writes and the replicated ones alike. */
    private static List<String> expectedEvents() {
        List<String> out = new ArrayList<>(List.of("INSERT before", "REMOVE before", "INSERT w"));
        for (int i = 0; i < WRITES; i++) out.add("INSERT p" + i);
        out.sort(null);
        return out;
    }

    /** Every change replicated, each once in both streams, the values the writers gave. */
    private static void assertReplicatedOnce(Basalt node, String table, Basalt... replicating) throws InterruptedException {
        try (DynamoDbClient east = RegionsIT.client(node.endpoint(), Region.US_EAST_1);
             DynamoDbClient west = RegionsIT.client(node.endpoint(), Region.US_WEST_2)) {
            Eventually.await(Duration.ofSeconds(120), "the marked changes replicated",
                    () -> count(west, table) == WRITES + 1 && count(east, table) == WRITES + 1);
            assertEquals("east", west.getItem(b -> b.tableName(table).key(item("pk", "p39")).consistentRead(true)).item().get("v").s());
            assertEquals("west", east.getItem(b -> b.tableName(table).key(item("pk", "w")).consistentRead(true)).item().get("v").s());
            assertTrue(west.getItem(b -> b.tableName(table).key(item("pk", "before")).consistentRead(true)).item().isEmpty());
            for (Basalt r : replicating) assertTrue(r.engine().replicator().awaitIdle(30_000), "every replayed change applied");
            List<String> expected = expectedEvents();
            for (var side : List.of(new Object[] {west, Region.US_WEST_2}, new Object[] {east, Region.US_EAST_1})) {
                DynamoDbClient c = (DynamoDbClient) side[0];
                Region r = (Region) side[1];
                // streams are eventually consistent (the change log); extra records would show as more than expected
                Eventually.converged(true, Duration.ofSeconds(60), r + "'s stream", () -> streamEvents(c, node, r, table),
                        e -> e.size() >= expected.size());
                // the change log writes a record a moment after its write: a second write of a change would show late
                Thread.sleep(3_000);
                List<String> events = streamEvents(c, node, r, table);
                assertEquals(expected, events, r + ": each change recorded once");
            }
        }
    }

    @Test
    void twoNodesStartingAfterAStoppedOneReplicateItsChangesOnce() throws Exception {
        BasaltConfig config = CassandraForTests.nodes(getClass());
        Basalt first = Basalt.start(config);
        Basalt c = null, d = null;
        try {
            try (DynamoDbClient east = RegionsIT.client(first.endpoint(), Region.US_EAST_1);
                 DynamoDbClient west = RegionsIT.client(first.endpoint(), Region.US_WEST_2)) {
                createGlobal(east, west, "orders");
                writeUnreplicated(first, east, west, "orders", true);
            }
            first.close();
            first = null;
            // two nodes start at once: each finds every mark and replays it
            CompletableFuture<Basalt> startC = CompletableFuture.supplyAsync(() -> Basalt.start(config));
            CompletableFuture<Basalt> startD = CompletableFuture.supplyAsync(() -> Basalt.start(config));
            c = startC.get();
            d = startD.get();
            assertReplicatedOnce(c, "orders", c, d);
        } finally {
            CassandraForTests.closeAll(first, c, d);
        }
    }

    @Test
    void aLiveNodeReplicatesTheChangesOfAStoppedOne() throws Exception {
        BasaltConfig config = CassandraForTests.nodes(getClass());
        Basalt stopped = Basalt.start(config);
        Basalt live = Basalt.start(config);
        try {
            try (DynamoDbClient east = RegionsIT.client(stopped.endpoint(), Region.US_EAST_1);
                 DynamoDbClient west = RegionsIT.client(stopped.endpoint(), Region.US_WEST_2)) {
                createGlobal(east, west, "orders");
                writeUnreplicated(stopped, east, west, "orders", false);
            }
            live.engine().replicator().sweepEvery(500);
            // no node starts: the live one finds the marks unchanged on its next sweep
            assertReplicatedOnce(live, "orders", live);
        } finally {
            CassandraForTests.closeAll(stopped, live);
        }
    }
}
