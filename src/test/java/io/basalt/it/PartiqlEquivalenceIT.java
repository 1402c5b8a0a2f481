package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;

/**
 * The same logical operations through PartiQL and through the item API give the same results and
 * the same ConsumedCapacity; PartiQL writes reach global indexes and the table's stream.
 */
class PartiqlEquivalenceIT extends ServerTestBase {
    static final String API = "eq_api";
    static final String PQ = "eq_pq";
    static final String PAYLOAD = "x".repeat(3000);

    @BeforeAll
    static void tables() {
        for (String t : List.of(API, PQ)) {
            ddb.createTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("sk").attributeType(ScalarAttributeType.N),
                            a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                    .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL)))
                    .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        }
    }

    static ConsumedCapacity pq(String statement, List<Map<String, AttributeValue>> itemsOut) {
        var r = ddb.executeStatement(b -> b.statement(statement).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        if (itemsOut != null) itemsOut.addAll(r.items());
        return r.consumedCapacity();
    }

    static ConsumedCapacity pqConsistent(String statement, List<Map<String, AttributeValue>> itemsOut) {
        var r = ddb.executeStatement(b -> b.statement(statement).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        itemsOut.addAll(r.items());
        return r.consumedCapacity();
    }

    /** Capacity with the table name replaced, so the two tables' figures compare. */
    static ConsumedCapacity named(ConsumedCapacity c) {
        return c.toBuilder().tableName("t").build();
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "ReturnConsumedCapacity", "ConsistentRead"})
    void sameResultsAndCapacityAsTheItemApi() {
        for (int i = 0; i < 8; i++) {
            String sk = Integer.toString(i);
            String g = "g" + (i % 2);
            var api = ddb.putItem(b -> b.tableName(API).item(item("pk", "p", "sk", n(sk), "g", g, "payload", PAYLOAD))
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
            var viaPq = pq("INSERT INTO " + PQ + " VALUE {'pk': 'p', 'sk': " + sk + ", 'g': 'g" + (i % 2) + "', 'payload': '" + PAYLOAD + "'}", null);
            assertEquals(named(api), named(viaPq), "INSERT vs PutItem");
        }
        // GetItem vs SELECT with the full key, eventually and strongly consistent
        var get = ddb.getItem(b -> b.tableName(API).key(item("pk", "p", "sk", n("3"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        assertEquals(named(get.consumedCapacity()), named(pq("SELECT * FROM " + PQ + " WHERE pk = 'p' AND sk = 3", items)));
        assertEquals(List.of(get.item()), items);
        var getC = ddb.getItem(b -> b.tableName(API).key(item("pk", "p", "sk", n("3"))).consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        items.clear();
        assertEquals(named(getC.consumedCapacity()), named(pqConsistent("SELECT * FROM " + PQ + " WHERE pk = 'p' AND sk = 3", items)));
        // Query vs SELECT with the partition key (and a sort key range)
        var query = ddb.query(b -> b.tableName(API).keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b")
                .expressionAttributeValues(Map.of(":p", s("p"), ":a", n("2"), ":b", n("6"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        items.clear();
        assertEquals(named(query.consumedCapacity()), named(pq("SELECT * FROM " + PQ + " WHERE pk = 'p' AND sk BETWEEN 2 AND 6", items)));
        assertEquals(query.items(), items);
        // Scan vs SELECT without a key condition (the filter does not change what is read)
        var scan = ddb.scan(b -> b.tableName(API).filterExpression("g = :g").expressionAttributeValues(Map.of(":g", s("g1")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        items.clear();
        assertEquals(named(scan.consumedCapacity()), named(pq("SELECT * FROM " + PQ + " WHERE g = 'g1'", items)));
        assertEquals(scan.items(), items);
        // a Query of a global index
        var gq = ddb.query(b -> b.tableName(API).indexName("byG").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("g0"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        items.clear();
        assertEquals(named(gq.consumedCapacity()), named(pq("SELECT * FROM \"" + PQ + "\".\"byG\" WHERE g = 'g0'", items)));
        assertEquals(gq.items(), items);
        // UpdateItem vs UPDATE (moving the item to another index partition)
        var upd = ddb.updateItem(b -> b.tableName(API).key(item("pk", "p", "sk", n("1"))).updateExpression("SET g = :g, c = :c")
                .expressionAttributeValues(Map.of(":g", s("g9"), ":c", n("1"))).returnValues(ReturnValue.ALL_NEW)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        var pu = ddb.executeStatement(b -> b.statement("UPDATE " + PQ + " SET g = 'g9' SET c = 1 WHERE pk = 'p' AND sk = 1 RETURNING ALL NEW *")
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(named(upd.consumedCapacity()), named(pu.consumedCapacity()));
        assertEquals(List.of(upd.attributes()), pu.items());
        // DeleteItem vs DELETE
        var del = ddb.deleteItem(b -> b.tableName(API).key(item("pk", "p", "sk", n("2"))).returnValues(ReturnValue.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        var pd = ddb.executeStatement(b -> b.statement("DELETE FROM " + PQ + " WHERE pk = 'p' AND sk = 2 RETURNING ALL OLD *")
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(named(del.consumedCapacity()), named(pd.consumedCapacity()));
        assertEquals(List.of(del.attributes()), pd.items());
        // the tables hold the same items
        assertEquals(ddb.scan(b -> b.tableName(API)).items(), ddb.scan(b -> b.tableName(PQ)).items());
    }

    /**
     * Whether GSI and stream reads right after a write may miss it: both are eventually consistent in
     * the service, and on Cassandra the change log applies them after acknowledging the write.
     */
    private boolean eventual() {
        return getClass().isAnnotationPresent(OnCassandra.class);
    }

    /** The byG Query's count for {@code g}, read again on Cassandra until it is {@code expected} (see {@link #eventual}). */
    private int gsiCount(String t, String g, int expected) {
        return Eventually.converged(eventual(), Duration.ofSeconds(60), "byG showing " + expected + " items of " + g,
                () -> ddb.query(b -> b.tableName(t).indexName("byG").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s(g)))).count(), c -> c == expected);
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void partiqlWritesReachIndexesAndStreams() {
        String t = "eq_stream";
        Sdk.createStreamedIndexedTable(ddb, t);
        ddb.executeStatement(b -> b.statement("INSERT INTO " + t + " VALUE {'pk': 'a', 'g': 'red', 'n': 1}"));
        assertEquals(1, gsiCount(t, "red", 1));
        ddb.executeStatement(b -> b.statement("UPDATE " + t + " SET g = 'blue' WHERE pk = 'a'"));
        assertEquals(0, gsiCount(t, "red", 0));
        ddb.executeTransaction(b -> b.transactStatements(s -> s.statement("UPDATE " + t + " SET n = 2 WHERE pk = 'a'")));
        ddb.batchExecuteStatement(b -> b.statements(s -> s.statement("DELETE FROM " + t + " WHERE pk = 'a'")));
        assertEquals(0, gsiCount(t, "blue", 0));

        String arn = ddb.describeTable(b -> b.tableName(t)).table().latestStreamArn();
        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build()).build()) {
            List<Record> records = Eventually.converged(eventual(), Duration.ofSeconds(60), "the stream's 4 records", () -> {
                List<Record> read = new ArrayList<>();
                for (Shard shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
                    String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                            .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                    GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(it));
                    read.addAll(r.records());
                }
                return read;
            }, read -> read.size() >= 4);
            assertEquals(List.of("INSERT", "MODIFY", "MODIFY", "REMOVE"), records.stream().map(Record::eventNameAsString).toList());
            assertEquals(s("blue").s(), records.get(1).dynamodb().newImage().get("g").s());
            assertFalse(records.get(3).dynamodb().hasNewImage());
        }
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void partiqlWritesExpireByTtl() throws InterruptedException {
        String t = "eq_ttl";
        Sdk.createHashTable(ddb, t);
        ddb.updateTimeToLive(b -> b.tableName(t).timeToLiveSpecification(x -> x.enabled(true).attributeName("expires")));
        long past = clock.millis() / 1000 - 60;
        ddb.executeStatement(b -> b.statement("INSERT INTO " + t + " VALUE {'pk': 'old', 'expires': " + past + "}"));
        ddb.executeStatement(b -> b.statement("INSERT INTO " + t + " VALUE {'pk': 'keep'}"));
        ddb.executeStatement(b -> b.statement("UPDATE " + t + " SET expires = " + past + " WHERE pk = 'keep'"));
        server.engine().ttl().sweepNow();
        assertEquals(0, ddb.scan(b -> b.tableName(t)).count(), "the sweeper removed both items PartiQL wrote or updated");
    }
}
