package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.compat.Covers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * UpdateItem's statement-sized item-size rule, as the live service applies it (us-east-1 and all but
 * two regions since 2026-08/09; paritysuite/dynamodb-conformance tests/tier3/limits/itemSizeBySurface.test.ts,
 * registry rows update-item-size-*): an UpdateExpression is refused when 3 + the charge of each clause
 * passes 409,600 bytes, whatever the stored item holds, before the condition is evaluated. Every case
 * is an accept/refuse pair one byte apart. The other write surfaces keep sizing the finished item.
 *
 * <p>Each charge case runs {@code SET b = :pad} (3 + 19 + 1 + the padding) beside the clause under
 * test, so the largest padding accepted is 409,577 minus the clause's charge.
 */
class UpdateItemStatementSizeIT extends ServerTestBase {
    private static final String T = "statement_size";
    private static final String COMPOSITE = "statement_size_composite";
    private static final String LONG_KEY = "statement_size_long_key";
    private static final int LIMIT = 409_600;
    /** The largest padding {@code SET b = :pad} alone accepts: 409,600 - 3 - 19 - len("b"). */
    private static final int ONE_SET = LIMIT - 23;
    private static final String TOO_LARGE = "Item size to update has exceeded the maximum allowed size";
    private static final AttributeValue TEN = s("y".repeat(10));

    private static int keys;

    @BeforeAll
    static void tables() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, COMPOSITE, ScalarAttributeType.S);
        ddb.createTable(b -> b.tableName(LONG_KEY).billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("partitionKeyName").keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("partitionKeyName").attributeType(ScalarAttributeType.S)));
    }

    /** A fresh three-byte key on T: short enough that the statement, not the finished item, binds. */
    private static Map<String, AttributeValue> freshKey() {
        return item("pk", String.format("%03d", keys++));
    }

    /** An UpdateExpression with {@code :pad} of {@code padding} bytes, after seeding the item when given. */
    private static void update(String table, Map<String, AttributeValue> key, Map<String, AttributeValue> seed, String expression,
                               Map<String, String> names, Map<String, AttributeValue> values, int padding) {
        if (seed != null) {
            Map<String, AttributeValue> it = new HashMap<>(key);
            it.putAll(seed);
            ddb.putItem(b -> b.tableName(table).item(it));
        }
        Map<String, AttributeValue> all = new HashMap<>(values == null ? Map.of() : values);
        all.put(":pad", s("x".repeat(padding)));
        ddb.updateItem(b -> b.tableName(table).key(key).updateExpression(expression)
                .expressionAttributeNames(names).expressionAttributeValues(all));
    }

    /** Accepted with {@code largest} bytes of padding (and stored), refused one byte more. */
    private static void ceiling(String table, Map<String, AttributeValue> at, Map<String, AttributeValue> over,
                                Map<String, AttributeValue> seed, String expression, Map<String, String> names,
                                Map<String, AttributeValue> values, int largest) {
        update(table, at, seed, expression, names, values, largest);
        AttributeValue b = ddb.getItem(r -> r.tableName(table).key(at).consistentRead(true)).item().get("b");
        if (b != null) assertEquals(largest, b.s().length(), "padding stored");
        validation(TOO_LARGE, () -> update(table, over, seed, expression, names, values, largest + 1));
    }

    /** {@code SET b = :pad} beside {@code clause}, whose own charge is {@code charge}. */
    private static void charge(String clause, Map<String, AttributeValue> seed, Map<String, AttributeValue> values, int charge) {
        String expression = clause.startsWith("SET ") ? "SET b = :pad, " + clause.substring(4) : "SET b = :pad " + clause;
        ceiling(T, freshKey(), freshKey(), seed, expression, null, values, ONE_SET - charge);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void theKeyIsNotChargedSoAShortKeySitsBelowTheLimit() {
        // a one-byte key: finished item 409,581 accepted, 409,582 refused
        ceiling(T, item("pk", "K"), item("pk", "L"), null, "SET b = :pad", null, null, ONE_SET);
        // the key name and a sort key buy nothing back from the statement either
        ceiling(LONG_KEY, item("partitionKeyName", "v"), item("partitionKeyName", "w"), null, "SET b = :pad", null, null, ONE_SET);
        ceiling(COMPOSITE, item("pk", "S", "sk", "a"), item("pk", "T", "sk", "a"), null, "SET b = :pad", null, null, ONE_SET);
        // an attribute the statement leaves alone is not charged either
        ceiling(T, freshKey(), freshKey(), Map.of("u", TEN), "SET b = :pad", null, null, ONE_SET);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void theFinishedItemStillCapsALongKey() {
        // a 100-byte key: the finished item (2 + 100 + 1 + padding) binds at exactly 409,600
        int largest = LIMIT - 103;
        ceiling(T, item("pk", "k".repeat(100)), item("pk", "l".repeat(100)), null, "SET b = :pad", null, null, largest);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ExpressionAttributeNames"})
    void eachSetIsChargedNineteenPlusItsTargetNotItsAlias() {
        ceiling(T, freshKey(), freshKey(), null, "SET b = :pad, c = :c", null, Map.of(":c", s("y")), ONE_SET - 21);
        ceiling(T, freshKey(), freshKey(), null, "SET b = :pad, c = :c", null, Map.of(":c", s("y".repeat(500))), ONE_SET - 520);
        ceiling(T, freshKey(), freshKey(), null, "SET #twelvechars = :pad", Map.of("#twelvechars", "b"), null, ONE_SET);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void aDocumentPathTargetCostsFourPlusTheElementPerStep() {
        // SET d.leaf = :pad: 3 + 19 + (1 + 4 + 4) + padding; SET d[0] = :pad: 3 + 19 + (1 + 4 + 1) + padding
        Map<String, AttributeValue> map = Map.of("d", AttributeValue.fromM(Map.of("leaf", s("x"))));
        ceiling(T, freshKey(), freshKey(), map, "SET d.leaf = :pad", null, null, LIMIT - 31);
        Map<String, AttributeValue> list = Map.of("d", AttributeValue.fromL(List.of(s("x"))));
        ceiling(T, freshKey(), freshKey(), list, "SET d[0] = :pad", null, null, LIMIT - 28);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void aPathOperandCostsOnePlusFourteenAndTheElementPerStepNotWhatItCopies() {
        charge("SET c = abcdefghij", Map.of("abcdefghij", TEN), null, 19 + 1 + 25);
        charge("SET c = big", Map.of("big", TEN), null, 19 + 1 + 18);
        charge("SET c = m.a.z", Map.of("m", AttributeValue.fromM(Map.of("a", AttributeValue.fromM(Map.of("z", TEN))))), null, 19 + 1 + 46);
        List<AttributeValue> eleven = new java.util.ArrayList<>(java.util.Collections.nCopies(10, s("e")));
        eleven.add(TEN);
        charge("SET c = l[10]", Map.of("l", AttributeValue.fromL(eleven)), null, 19 + 1 + 32);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ExpressionAttributeValues"})
    void functionsAndOperatorsCostAFixedAmountPlusBothOperands() {
        Map<String, AttributeValue> one = Map.of(":one", n("1"));
        // n + :one: 19 + 1 + 34 + 16 + 2, whatever the sum
        charge("SET n = n + :one", Map.of("n", n("1")), one, 72);
        charge("SET n = n + :one", Map.of("n", n("12345678901234567890")), one, 72);
        charge("SET n = n - :one", Map.of("n", n("1")), one, 75);
        // if_not_exists: 39 + both operands, whether or not the path exists
        charge("SET c = if_not_exists(c, :v)", Map.of("c", TEN), Map.of(":v", s("v")), 19 + 1 + 39 + 16 + 1);
        charge("SET c = if_not_exists(c, :v)", null, Map.of(":v", TEN), 19 + 1 + 39 + 16 + 10);
        // a document value at its item size (3 + 1 + 1 + 100), and a value at every use
        charge("SET c = if_not_exists(c, :m)", Map.of("c", s("c")), Map.of(":m", AttributeValue.fromM(Map.of("a", s("y".repeat(100))))), 180);
        charge("SET c = if_not_exists(c, :s), d = if_not_exists(d, :s)", Map.of("c", s("c"), "d", s("d")),
                Map.of(":s", s("s".repeat(100))), 175 * 2);
        // list_append: 37 + both operands
        Map<String, AttributeValue> l = Map.of("l", AttributeValue.fromL(List.of(s("e"))));
        charge("SET l = list_append(l, :new)", l, Map.of(":new", AttributeValue.fromL(List.of(TEN))), 19 + 1 + 37 + 16 + 14);
        charge("SET l = list_append(:a, :c)", l, Map.of(":a", AttributeValue.fromL(List.of(s("e"))), ":c", AttributeValue.fromL(List.of(TEN))),
                19 + 1 + 37 + 5 + 14);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ExpressionAttributeValues"})
    void addIsChargedLikeASetRemoveAndDeleteOnePlusTheirTarget() {
        charge("ADD abcdefghij :one", Map.of("abcdefghij", n("1")), Map.of(":one", n("1")), 19 + 10 + 2);
        charge("ADD ss :new", Map.of("ss", AttributeValue.fromSs(List.of("ppppp"))),
                Map.of(":new", AttributeValue.fromSs(List.of("s".repeat(500)))), 19 + 2 + 500);
        charge("REMOVE abcdefghij", Map.of("abcdefghij", s("rrrrr")), null, 11);
        charge("REMOVE m.yyyyyyyyyy", Map.of("m", AttributeValue.fromM(Map.of("x", TEN, "yyyyyyyyyy", s("r")))), null, 16);
        charge("REMOVE abcdefghij[1]", Map.of("abcdefghij", AttributeValue.fromL(List.of(TEN, s("r")))), null, 16);
        charge("REMOVE l[10]", Map.of("l", AttributeValue.fromL(java.util.Collections.nCopies(11, s("e")))), null, 8);
        charge("DELETE abcdefghij :rm", Map.of("abcdefghij", AttributeValue.fromSs(List.of("ppppp", "q".repeat(20)))),
                Map.of(":rm", AttributeValue.fromSs(List.of("q".repeat(20)))), 11);
        charge("DELETE ss :rm", Map.of("ss", AttributeValue.fromSs(List.of("ppppp", "q".repeat(20), "r".repeat(30)))),
                Map.of(":rm", AttributeValue.fromSs(List.of("q".repeat(20), "r".repeat(30)))), 3);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ConditionExpression"})
    void theChargeIsCheckedBeforeTheCondition() {
        // the item stays tiny (c exists), but the statement carries 409,700 bytes
        Map<String, AttributeValue> huge = Map.of(":huge", s("h".repeat(409_700)));
        for (String condition : new String[] {"attribute_exists(nope)", "attribute_exists(c)", null}) {
            Map<String, AttributeValue> key = freshKey();
            Map<String, AttributeValue> seeded = new HashMap<>(key);
            seeded.put("c", s("x"));
            ddb.putItem(b -> b.tableName(T).item(seeded));
            validation(TOO_LARGE, () -> ddb.updateItem(b -> b.tableName(T).key(key).updateExpression("SET c = if_not_exists(c, :huge)")
                    .conditionExpression(condition).expressionAttributeValues(huge)));
            assertEquals(seeded, ddb.getItem(b -> b.tableName(T).key(key).consistentRead(true)).item());
        }
    }

    /** The other surfaces size the finished item: at a fresh key, this padding makes exactly 409,600 (2 + 3 + 1 + padding). */
    private static final int FLAT = LIMIT - 6;

    @Test
    @Covers(operation = "UpdateItem", parameters = {"AttributeUpdates"})
    void attributeUpdatesSizeTheFinishedItem() {
        for (int padding : new int[] {FLAT, FLAT + 1}) {
            Map<String, AttributeValue> key = freshKey();
            Runnable put = () -> ddb.updateItem(b -> b.tableName(T).key(key).attributeUpdates(Map.of("b",
                    AttributeValueUpdate.builder().action(AttributeAction.PUT).value(s("x".repeat(padding))).build())));
            if (padding == FLAT) put.run();
            else validation(TOO_LARGE, put::run);
        }
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "Parameters"})
    void aPartiqlUpdateSizesTheFinishedItem() {
        for (int padding : new int[] {FLAT, FLAT + 1}) {
            Map<String, AttributeValue> key = freshKey();
            ddb.putItem(b -> b.tableName(T).item(key));
            Runnable upd = () -> ddb.executeStatement(b -> b.statement("UPDATE \"" + T + "\" SET b = ? WHERE pk = ?")
                    .parameters(s("x".repeat(padding)), key.get("pk")));
            if (padding == FLAT) upd.run();
            else validation(TOO_LARGE, upd::run);
        }
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void aTransactedUpdateSizesTheFinishedItem() {
        for (int padding : new int[] {FLAT, FLAT + 1}) {
            Map<String, AttributeValue> key = freshKey();
            Runnable upd = () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.update(u -> u.tableName(T).key(key)
                    .updateExpression("SET b = :pad").expressionAttributeValues(Map.of(":pad", s("x".repeat(padding)))))));
            if (padding == FLAT) {
                upd.run();
            } else {
                TransactionCanceledException e = assertThrows(TransactionCanceledException.class, upd::run);
                assertEquals("ValidationError", e.cancellationReasons().get(0).code());
                assertEquals(TOO_LARGE, e.cancellationReasons().get(0).message());
            }
        }
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    void putsSizeTheItem() {
        String tooLarge = "Item size has exceeded the maximum allowed size";
        for (int padding : new int[] {FLAT, FLAT + 1}) {
            Map<String, AttributeValue> put = new HashMap<>(freshKey());
            put.put("b", s("x".repeat(padding)));
            Runnable single = () -> ddb.putItem(b -> b.tableName(T).item(put));
            Map<String, AttributeValue> batched = new HashMap<>(put);
            batched.putAll(freshKey());
            Runnable batch = () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T,
                    List.of(WriteRequest.builder().putRequest(p -> p.item(batched)).build()))));
            if (padding == FLAT) {
                single.run();
                batch.run();
            } else {
                validation(tooLarge, single::run);
                validation(tooLarge, batch::run);
            }
        }
    }
}
