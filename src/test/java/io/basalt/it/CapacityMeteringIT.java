package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.compat.Covers;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.Usage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * ConsumedCapacity of every operation against hand-computed figures, and the server's meter
 * agreeing with what the responses say. Item sizes are built exactly: an item
 * {@code {pk: S(k), d: S(n chars)}} has 2 + len(k) + 1 + n bytes (names and values by their
 * UTF-8 length).
 */
class CapacityMeteringIT extends ServerTestBase {
    private static final String T = "meter";       // pk only, on demand, no index
    private static final String R = "meter_range"; // pk + sk
    private static final String G = "meter_gsi";   // pk + sk, GSIs KEYS_ONLY / ALL / INCLUDE, an LSI

    @BeforeAll
    static void tables() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, R, ScalarAttributeType.S);
        ddb.createTable(b -> b.tableName(G).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("l").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(
                        g -> g.indexName("keys").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)),
                        g -> g.indexName("all").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("inc").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("x")))
                .localSecondaryIndexes(l -> l.indexName("local").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("l").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
    }

    /** An item of exactly {@code bytes} bytes on table T: {pk: S(key), d: S(...)}. */
    private static Map<String, AttributeValue> sized(String key, int bytes) {
        return item("pk", key, "d", "d".repeat(bytes - 3 - key.length()));
    }

    /** An item of exactly {@code bytes} bytes on table R: {pk, sk, d}. */
    private static Map<String, AttributeValue> sizedRange(String pk, String sk, int bytes) {
        return item("pk", pk, "sk", sk, "d", "d".repeat(bytes - 2 - pk.length() - 2 - sk.length() - 1));
    }

    private static Usage usage(String table) {
        return capacity(table).usage();
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"ReturnConsumedCapacity"})
    @Covers(operation = "DeleteItem", parameters = {"ReturnConsumedCapacity"})
    void singleItemWrites() {
        assertEquals(2.0, ddb.putItem(b -> b.tableName(T).item(sized("w1", 1500)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "1,500 bytes: 2 write units");
        assertEquals(2.0, ddb.putItem(b -> b.tableName(T).item(sized("w1", 500)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "a replacement costs the larger of old (1,500) and new (500)");
        assertEquals(1.0, ddb.putItem(b -> b.tableName(T).item(sized("w2", 1024)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "exactly 1 KB: 1 unit");
        assertEquals(2.0, ddb.putItem(b -> b.tableName(T).item(sized("w3", 1025)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "1 KB + 1 byte: 2 units");
        // 1,000 bytes, then SET e = 100 chars: 1 + 100 more bytes -> 1,101 -> 2 units
        ddb.putItem(b -> b.tableName(T).item(sized("w4", 1000)));
        assertEquals(2.0, ddb.updateItem(b -> b.tableName(T).key(item("pk", "w4")).updateExpression("SET e = :e")
                .expressionAttributeValues(Map.of(":e", s("e".repeat(100)))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits());
        ddb.putItem(b -> b.tableName(T).item(sized("w5", 3000)));
        assertEquals(3.0, ddb.deleteItem(b -> b.tableName(T).key(item("pk", "w5")).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "a delete costs the deleted item's size");
        assertEquals(1.0, ddb.deleteItem(b -> b.tableName(T).key(item("pk", "never")).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "deleting nothing still costs one unit");
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"ConditionExpression"})
    void failedConditionalWritesStillConsume() {
        ddb.putItem(b -> b.tableName(T).item(sized("c1", 2500)));
        double before = usage(T).writeUnits();
        assertThrows(ConditionalCheckFailedException.class, () -> ddb.putItem(b -> b.tableName(T).item(sized("c1", 500))
                .conditionExpression("attribute_not_exists(pk)").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
        assertEquals(3.0, usage(T).writeUnits() - before, "a failed condition costs the existing item's size (2,500 bytes: 3)");
        before = usage(T).writeUnits();
        assertThrows(ConditionalCheckFailedException.class, () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "c-missing"))
                .updateExpression("SET a = :a").conditionExpression("attribute_exists(pk)")
                .expressionAttributeValues(Map.of(":a", s("x")))));
        assertEquals(1.0, usage(T).writeUnits() - before, "no existing item: one unit");
        before = usage(T).writeUnits();
        assertThrows(ConditionalCheckFailedException.class, () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", "c1"))
                .conditionExpression("attribute_not_exists(pk)")));
        assertEquals(3.0, usage(T).writeUnits() - before);
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"ConsistentRead", "ReturnConsumedCapacity"})
    void getItem() {
        ddb.putItem(b -> b.tableName(T).item(sized("g1", 5000)));
        double before = usage(T).readUnits();
        assertEquals(2.0, ddb.getItem(b -> b.tableName(T).key(item("pk", "g1")).consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits(), "5,000 bytes strongly: 2");
        assertEquals(1.0, ddb.getItem(b -> b.tableName(T).key(item("pk", "g1"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits(), "eventually: half");
        assertEquals(1.0, ddb.getItem(b -> b.tableName(T).key(item("pk", "g-none")).consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits(), "a missing item: one unit");
        ddb.getItem(b -> b.tableName(T).key(item("pk", "g1"))); // metered even when not asked for
        assertEquals(5.0, usage(T).readUnits() - before);
    }

    @Test
    @Covers(operation = "Query", parameters = {"ReturnConsumedCapacity", "FilterExpression", "Limit"})
    @Covers(operation = "Scan", parameters = {"ReturnConsumedCapacity"})
    void queryAndScanSumThenRound() {
        for (int i = 0; i < 3; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName(R).item(sizedRange("q", "s" + ii, 1500)));
        }
        // 3 x 1,500 = 4,500 bytes -> 2 units strongly (rounded once, not 3 x 1), 1 eventually
        assertEquals(2.0, ddb.query(b -> b.tableName(R).keyConditionExpression("pk = :p").consistentRead(true)
                .expressionAttributeValues(Map.of(":p", s("q"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits());
        assertEquals(1.0, ddb.query(b -> b.tableName(R).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("q"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits());
        var filtered = ddb.query(b -> b.tableName(R).keyConditionExpression("pk = :p").filterExpression("d = :none").consistentRead(true)
                .expressionAttributeValues(Map.of(":p", s("q"), ":none", s("zzz"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(0, filtered.count());
        assertEquals(2.0, filtered.consumedCapacity().capacityUnits(), "filtered-out items are read, so they are paid for");
        assertEquals(0.5, ddb.query(b -> b.tableName(R).keyConditionExpression("pk = :p").limit(1)
                .expressionAttributeValues(Map.of(":p", s("q"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits());
        assertEquals(0.5, ddb.query(b -> b.tableName(R).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("nothing"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity().capacityUnits(), "an empty result still costs the minimum");
        // Scan of a table holding 3 x 1,500 bytes and nothing else
        ddb.createTable(b -> b.tableName("meter_scan").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        for (int i = 0; i < 3; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName("meter_scan").item(sized("k" + ii, 1500)));
        }
        var scan = ddb.scan(b -> b.tableName("meter_scan").consistentRead(true).filterExpression("d = :none")
                .expressionAttributeValues(Map.of(":none", s("zzz"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(3, scan.scannedCount());
        assertEquals(2.0, scan.consumedCapacity().capacityUnits());
        assertEquals(2.0, scan.consumedCapacity().table().capacityUnits());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"ReturnConsumedCapacity"})
    void partiqlStatementsAreMetered() {
        double writes = usage(T).writeUnits(), reads = usage(T).readUnits();
        var insert = ddb.executeStatement(b -> b.statement("INSERT INTO \"" + T + "\" VALUE {'pk': 'pq', 'd': '" + "d".repeat(1500) + "'}")
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(2.0, insert.consumedCapacity().capacityUnits(), "1,506 bytes: 2 write units");
        assertEquals(2.0, usage(T).writeUnits() - writes);
        var select = ddb.executeStatement(b -> b.statement("SELECT * FROM \"" + T + "\" WHERE pk = 'pq'").consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(1.0, select.consumedCapacity().capacityUnits());
        assertEquals(1.0, usage(T).readUnits() - reads);
    }

    @Test
    void capacityOffStillAnswersConsumedCapacity() {
        var settings = server.engine().capacity().settings();
        ddb.putItem(b -> b.tableName(T).item(sized("off", 100)));
        double before = usage(T).readUnits();
        server.engine().capacity().settings(settings.withMode(io.basalt.engine.capacity.CapacityMode.OFF));
        try {
            assertEquals(0.5, ddb.getItem(b -> b.tableName(T).key(item("pk", "off")).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                    .consumedCapacity().capacityUnits());
            assertEquals(before, usage(T).readUnits(), "nothing is metered when capacity is off");
        } finally {
            server.engine().capacity().settings(settings);
        }
    }

    @Test
    @Covers(operation = "BatchGetItem", parameters = {"ReturnConsumedCapacity"})
    void batchGetRoundsEachItem() {
        // the Developer Guide's example: 1.5 KB and 6.5 KB read as 4 KB + 8 KB = 3 units, not 2
        ddb.putItem(b -> b.tableName(T).item(sized("b1", 1536)));
        ddb.putItem(b -> b.tableName(T).item(sized("b2", 6656)));
        var r = ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().consistentRead(true)
                .keys(item("pk", "b1"), item("pk", "b2"), item("pk", "b-missing")).build()))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(4.0, r.consumedCapacity().get(0).capacityUnits(), "1 + 2 + 1 for the missing key");
        var eventual = ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder()
                .keys(item("pk", "b1"), item("pk", "b2")).build())).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(1.5, eventual.consumedCapacity().get(0).capacityUnits());
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"ReturnConsumedCapacity"})
    void batchWriteWithIndexBreakdown() {
        Map<String, AttributeValue> a = item("pk", "bw", "sk", "1", "g", "gx", "d", "d".repeat(1500));
        BatchWriteItemResponse r = ddb.batchWriteItem(b -> b.requestItems(Map.of(
                G, List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(a).build()).build()),
                T, List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(sized("bw1", 1500)).build()).build(),
                        WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(item("pk", "bw-missing")).build()).build())))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        ConsumedCapacity onT = r.consumedCapacity().stream().filter(c -> c.tableName().equals(T)).findFirst().orElseThrow();
        assertEquals(3.0, onT.capacityUnits(), "2 for the 1,500-byte put, 1 for the delete of nothing");
        ConsumedCapacity onG = r.consumedCapacity().stream().filter(c -> c.tableName().equals(G)).findFirst().orElseThrow();
        // item: pk(2+2) + sk(2+1) + g(1+2) + d(1+1500) = 1,511 bytes -> table 2; keys-only entry pk+sk+g = 10 bytes -> 1;
        // ALL -> 2; INCLUDE(x) without x -> keys only -> 1; no l attribute -> not in the LSI
        assertEquals(2.0, onG.table().capacityUnits());
        assertEquals(1.0, onG.globalSecondaryIndexes().get("keys").capacityUnits());
        assertEquals(2.0, onG.globalSecondaryIndexes().get("all").capacityUnits());
        assertEquals(1.0, onG.globalSecondaryIndexes().get("inc").capacityUnits());
        assertFalse(onG.hasLocalSecondaryIndexes() && onG.localSecondaryIndexes().containsKey("local"));
        assertEquals(6.0, onG.capacityUnits());
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"ReturnConsumedCapacity"})
    void indexWritesCountProjectedAttributesAndKeyChanges() {
        ddb.putItem(b -> b.tableName(G).item(item("pk", "ix", "sk", "1", "g", "g1", "l", "l1", "d", "d".repeat(2000))));
        // key change of every GSI: delete + put on each; the LSI key is unchanged and its projection (keys) too
        var moved = ddb.updateItem(b -> b.tableName(G).key(item("pk", "ix", "sk", "1")).updateExpression("SET g = :g")
                .expressionAttributeValues(Map.of(":g", s("g2"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        // item: pk 4 + sk 3 + g 3 + l 3 + d 2001 = 2,014 bytes -> 2
        assertEquals(2.0, moved.table().capacityUnits());
        assertEquals(2.0, moved.globalSecondaryIndexes().get("keys").capacityUnits(), "delete + put of a small entry");
        assertEquals(4.0, moved.globalSecondaryIndexes().get("all").capacityUnits(), "delete + put of the whole item");
        assertEquals(2.0, moved.globalSecondaryIndexes().get("inc").capacityUnits());
        assertFalse(moved.hasLocalSecondaryIndexes() && moved.localSecondaryIndexes().containsKey("local"), "LSI entry unchanged");
        assertEquals(10.0, moved.capacityUnits());
        // a change of an attribute only the ALL index projects
        var dOnly = ddb.updateItem(b -> b.tableName(G).key(item("pk", "ix", "sk", "1")).updateExpression("SET d = :d")
                .expressionAttributeValues(Map.of(":d", s("short"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(2.0, dOnly.table().capacityUnits(), "larger of old (2,014) and new");
        assertEquals(2.0, dOnly.globalSecondaryIndexes().get("all").capacityUnits());
        assertFalse(dOnly.globalSecondaryIndexes().containsKey("keys"));
        assertFalse(dOnly.globalSecondaryIndexes().containsKey("inc"));
        assertEquals(4.0, dOnly.capacityUnits());
        // the projected INCLUDE attribute changes: only ALL and INCLUDE pay
        var xSet = ddb.updateItem(b -> b.tableName(G).key(item("pk", "ix", "sk", "1")).updateExpression("SET x = :x")
                .expressionAttributeValues(Map.of(":x", s("1"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(1.0, xSet.globalSecondaryIndexes().get("inc").capacityUnits());
        assertEquals(1.0, xSet.globalSecondaryIndexes().get("all").capacityUnits());
        assertFalse(xSet.globalSecondaryIndexes().containsKey("keys"));
        // LSI key change: delete + put on the LSI
        var lMoved = ddb.updateItem(b -> b.tableName(G).key(item("pk", "ix", "sk", "1")).updateExpression("SET l = :l")
                .expressionAttributeValues(Map.of(":l", s("l2"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        assertEquals(2.0, lMoved.localSecondaryIndexes().get("local").capacityUnits());
        // the meter counted per index what the responses said
        TableCapacity cap = capacity(G);
        assertEquals(cap.indexes().get("keys").usage().writeUnits(), sumPartitions(cap.indexes().get("keys").partitions().partitions()));
    }

    private static double sumPartitions(List<Partition> parts) {
        double t = 0;
        for (Partition p : parts) t += p.usage().writeUnits();
        return t;
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"ReturnConsumedCapacity"})
    @Covers(operation = "TransactGetItems", parameters = {"ReturnConsumedCapacity"})
    void transactionsCostDouble() {
        ddb.putItem(b -> b.tableName(T).item(sized("t-check", 500)));
        ddb.putItem(b -> b.tableName(T).item(sized("t-upd", 1000)));
        var w = ddb.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(T).item(sized("t-put", 1500))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(T).key(item("pk", "t-upd")).updateExpression("SET e = :e")
                        .expressionAttributeValues(Map.of(":e", s("e")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(T).key(item("pk", "t-check"))
                        .conditionExpression("attribute_exists(pk)")).build())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        // put 1,500 -> 2 x 2; update 1,000 -> 1,003 -> 2 x 1; condition check of 500 bytes -> 2 x 1 read unit
        assertEquals(8.0, w.consumedCapacity().get(0).capacityUnits());
        ddb.putItem(b -> b.tableName(T).item(sized("t-get", 5000)));
        var g = ddb.transactGetItems(b -> b.transactItems(
                t -> t.get(x -> x.tableName(T).key(item("pk", "t-get"))),
                t -> t.get(x -> x.tableName(T).key(item("pk", "t-none"))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(6.0, g.consumedCapacity().get(0).capacityUnits(), "5,000 bytes -> 2 x 2; missing -> 2 x 1");
    }

    @Test
    @Covers(operation = "Query", parameters = {"IndexName", "ReturnConsumedCapacity"})
    void indexReadsAreChargedToTheIndex() {
        ddb.putItem(b -> b.tableName(G).item(item("pk", "ir", "sk", "1", "g", "gq", "l", "lq", "d", "d".repeat(3000))));
        ddb.putItem(b -> b.tableName(G).item(item("pk", "ir", "sk", "2", "g", "gq", "l", "lr", "d", "d".repeat(3000))));
        // GSIs are eventually consistent (on Cassandra they trail the write by the change log's apply)
        for (String index : List.of("all", "keys")) {
            Eventually.await(Duration.ofSeconds(30), "both items in " + index, () -> ddb.query(b -> b.tableName(G).indexName(index)
                    .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", s("gq")))).count() == 2);
        }
        TableCapacity cap = capacity(G);
        double allBefore = cap.indexes().get("all").usage().readUnits();
        var q = ddb.query(b -> b.tableName(G).indexName("all").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("gq"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        // 2 x 3,014 bytes = 6,028 -> 2 units, eventually consistent -> 1
        assertEquals(1.0, q.consumedCapacity().globalSecondaryIndexes().get("all").capacityUnits());
        assertEquals(1.0, q.consumedCapacity().capacityUnits());
        assertEquals(1.0, cap.indexes().get("all").usage().readUnits() - allBefore);
        var keysOnly = ddb.query(b -> b.tableName(G).indexName("keys").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("gq"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(0.5, keysOnly.consumedCapacity().globalSecondaryIndexes().get("keys").capacityUnits(), "only projected bytes are read");
    }

    /** The capacity state of a table of the default account (null until first used). */
    private static TableCapacity capacity(String table) {
        long id = server.engine().catalog().find(io.basalt.model.Arns.ACCOUNT_ID, table).definition().id();
        return server.engine().capacity().peek(id);
    }
}
