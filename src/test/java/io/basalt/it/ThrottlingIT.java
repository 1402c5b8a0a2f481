package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.engine.capacity.CapacityMode;
import io.basalt.engine.ManualClock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Throttling through the SDK with {@code --capacity enforce}. The server's clock is a manual one:
 * it stands still unless the test moves it, so "1,000 writes in one second" and "the burst refills
 * after 20 s" are exact.
 */
class ThrottlingIT {
    private static Basalt server;
    private static DynamoDbClient ddb;
    private static final ManualClock CLOCK = new ManualClock();
    private static final String TABLE_MESSAGE = "The level of configured provisioned throughput for the table was exceeded. "
            + "Consider increasing your provisioning level with the UpdateTable API.";

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withCapacity(CapacityMode.ENFORCE).withClock(CLOCK));
        ddb = ServerTestBase.client(server.endpoint());
    }

    @AfterAll
    static void stop() {
        if (ddb != null) ddb.close(); // null: a Cassandra variant skipped
        if (server != null) server.close();
    }

    private static void provisioned(String name, long rcu, long wcu) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(rcu).writeCapacityUnits(wcu))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    /** A 10 KB item: 10 write units. */
    private static Map<String, AttributeValue> tenKb(String key) {
        return item("pk", key, "d", "d".repeat(10 * 1024 - 3 - key.length()));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    void burstThenThrottleThenRefill() {
        provisioned("burst", 1, 1); // 1 WCU: 300 units of burst credit
        for (int i = 0; i < 30; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName("burst").item(tenKb("k" + ii)));
        }
        ProvisionedThroughputExceededException e = assertThrows(ProvisionedThroughputExceededException.class,
                () -> ddb.putItem(b -> b.tableName("burst").item(tenKb("more"))));
        assertEquals(TABLE_MESSAGE, e.awsErrorDetails().errorMessage());
        assertEquals(400, e.statusCode());
        assertEquals("TableWriteProvisionedThroughputExceeded", e.throttlingReasons().get(0).reason());
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/burst", e.throttlingReasons().get(0).resource());
        CLOCK.advanceSeconds(15); // 15 units back
        ddb.putItem(b -> b.tableName("burst").item(tenKb("more")));
        // a batch: the first put takes the last credit, the second comes back unprocessed
        CLOCK.advanceSeconds(5);
        var r = ddb.batchWriteItem(b -> b.requestItems(Map.of("burst", List.of(
                WriteRequest.builder().putRequest(PutRequest.builder().item(tenKb("b1")).build()).build(),
                WriteRequest.builder().putRequest(PutRequest.builder().item(tenKb("b2")).build()).build()))));
        assertEquals(1, r.unprocessedItems().get("burst").size());
        assertThrows(ProvisionedThroughputExceededException.class, () -> ddb.batchWriteItem(b -> b.requestItems(Map.of("burst", List.of(
                WriteRequest.builder().putRequest(PutRequest.builder().item(tenKb("b3")).build()).build())))),
                "nothing of the batch could be written");
        TransactionCanceledException t = assertThrows(TransactionCanceledException.class, () -> ddb.transactWriteItems(b -> b.transactItems(
                x -> x.put(p -> p.tableName("burst").item(tenKb("t1"))))));
        assertEquals("ProvisionedThroughputExceeded", t.cancellationReasons().get(0).code());
        assertEquals(TABLE_MESSAGE, t.cancellationReasons().get(0).message());
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void anUnderProvisionedGsiThrottlesUpdatesAndDeletesThatTouchIt() {
        ddb.createTable(b -> b.tableName("gsi_writes").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(1000L).writeCapacityUnits(1000L))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("by_g").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(pr -> pr.projectionType(ProjectionType.ALL))
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))));
        for (int i = 0; i < 40; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName("gsi_writes").item(tenKb("k" + ii))); // not in the index: the GSI pays nothing
        }
        // each update puts an 11-unit entry into by_g (1 WCU: 300 units of burst), so the 29th is refused
        ProvisionedThroughputExceededException refused = null;
        int refusedAt = -1;
        for (int i = 0; i < 40 && refused == null; i++) {
            int ii = i;
            try {
                ddb.updateItem(b -> b.tableName("gsi_writes").key(Map.of("pk", s("k" + ii))).updateExpression("SET g = :g")
                        .expressionAttributeValues(Map.of(":g", s("g" + ii))));
            } catch (ProvisionedThroughputExceededException e) {
                refused = e;
                refusedAt = ii;
            }
        }
        assertEquals(28, refusedAt, "27 x 11 units fit the 300-unit burst, the 28th takes the rest");
        assertTrue(refused != null, "the index ran out of capacity");
        assertEquals(io.basalt.engine.capacity.Throttled.INDEX_MESSAGE, refused.awsErrorDetails().errorMessage());
        assertEquals("IndexWriteProvisionedThroughputExceeded", refused.throttlingReasons().get(0).reason());
        // the refused update changed nothing; a delete of an indexed item is refused too, others pass
        assertTrue(!ddb.getItem(b -> b.tableName("gsi_writes").key(Map.of("pk", s("k28")))).item().containsKey("g"));
        assertThrows(ProvisionedThroughputExceededException.class,
                () -> ddb.deleteItem(b -> b.tableName("gsi_writes").key(Map.of("pk", s("k0")))));
        ddb.deleteItem(b -> b.tableName("gsi_writes").key(Map.of("pk", s("k39"))));
        ddb.updateItem(b -> b.tableName("gsi_writes").key(Map.of("pk", s("k38"))).updateExpression("SET note = :o")
                .expressionAttributeValues(Map.of(":o", s("x"))));
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"Key"})
    void readsAreThrottledToo() {
        provisioned("reads", 1, 5);
        ddb.putItem(b -> b.tableName("reads").item(tenKb("r")));
        // 10 KB strongly consistent = 3 units; 300 units of burst -> 100 reads
        for (int i = 0; i < 100; i++) ddb.getItem(b -> b.tableName("reads").key(item("pk", "r")).consistentRead(true));
        ProvisionedThroughputExceededException e = assertThrows(ProvisionedThroughputExceededException.class,
                () -> ddb.getItem(b -> b.tableName("reads").key(item("pk", "r"))));
        assertEquals("TableReadProvisionedThroughputExceeded", e.throttlingReasons().get(0).reason());
        assertThrows(ProvisionedThroughputExceededException.class, () -> ddb.batchGetItem(b -> b.requestItems(Map.of("reads",
                software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder().keys(item("pk", "r")).build()))),
                "no key of the batch could be read");
        CLOCK.advanceSeconds(1); // one unit of credit: the first key is read, the second is not
        var batch = ddb.batchGetItem(b -> b.requestItems(Map.of("reads", software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes
                .builder().keys(item("pk", "r"), item("pk", "r2")).consistentRead(true).build())).returnConsumedCapacity("TOTAL"));
        assertEquals(1, batch.responses().get("reads").size());
        assertEquals(1, batch.unprocessedKeys().get("reads").keys().size(), "a throttled key is returned unprocessed");
        assertEquals(3.0, batch.consumedCapacity().get(0).capacityUnits());
    }

    /** The seed's hot partition, through the SDK: one second of writes (the clock stands still). */
    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    void hotPartitionAndWriteSharding() {
        provisioned("status", 1, 4000); // 4 partitions: 1,000 WCU each at most
        // 101 writes of 10 units in the same second to one status code: the 101st exceeds 1,000 WCU
        for (int i = 0; i < 100; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName("status").item(item("pk", "200", "order", "o" + ii, "d", "d".repeat(10 * 1024 - 20))));
        }
        ProvisionedThroughputExceededException e = assertThrows(ProvisionedThroughputExceededException.class,
                () -> ddb.putItem(b -> b.tableName("status").item(item("pk", "200", "d", "x"))));
        assertEquals("TableWriteKeyRangeThroughputExceeded", e.throttlingReasons().get(0).reason());
        CLOCK.advanceSeconds(2);
        // the same 2,000 units spread over the status code plus a calculated suffix: no partition gets more than 1,000
        for (int i = 0; i < 200; i++) {
            String key = "200." + (Math.floorMod(("o" + i).hashCode(), 200) + 1);
            ddb.putItem(b -> b.tableName("status").item(item("pk", key, "d", "d".repeat(10 * 1024 - 20))));
        }
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"OnDemandThroughput"})
    void onDemandMaximum() {
        ddb.createTable(b -> b.tableName("capped").billingMode(BillingMode.PAY_PER_REQUEST)
                .onDemandThroughput(o -> o.maxWriteRequestUnits(10L))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        ddb.putItem(b -> b.tableName("capped").item(tenKb("a")));
        ThrottlingException e = assertThrows(ThrottlingException.class, () -> ddb.putItem(b -> b.tableName("capped").item(tenKb("b"))));
        assertEquals("TableWriteMaxOnDemandThroughputExceeded", e.throttlingReasons().get(0).reason());
        CLOCK.advanceSeconds(1);
        ddb.putItem(b -> b.tableName("capped").item(tenKb("b")));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"BillingMode", "ProvisionedThroughput"})
    void updateTableTimeRulesWhenEnabled() {
        var settings = server.engine().capacity().settings();
        server.engine().capacity().settings(settings.withTimeRules(true));
        try {
            provisioned("rules", 10, 10);
            for (int i = 1; i <= 4; i++) {
                long w = 10 - i;
                ddb.updateTable(b -> b.tableName("rules").provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(w)));
            }
            LimitExceededException e = assertThrows(LimitExceededException.class, () -> ddb.updateTable(b -> b.tableName("rules")
                    .provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(5L))));
            assertTrue(e.awsErrorDetails().errorMessage().startsWith("Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day."),
                    e.awsErrorDetails().errorMessage());
            CLOCK.advanceSeconds(3600); // an hour after the last decrease, one more is allowed
            ddb.updateTable(b -> b.tableName("rules").provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(5L)));
            ddb.updateTable(b -> b.tableName("rules").billingMode(BillingMode.PAY_PER_REQUEST));
            ddb.updateTable(b -> b.tableName("rules").billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(10L)));
            // a second switch to on-demand the same day is accepted: the service no longer limits it (DDB-TABLE-183, live 2026-10-09)
            ddb.updateTable(b -> b.tableName("rules").billingMode(BillingMode.PAY_PER_REQUEST));
        } finally {
            server.engine().capacity().settings(settings);
        }
    }
}
