package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class ItemsIT extends ServerTestBase {
    private static final String T = "items";

    @BeforeAll
    static void tables() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, "items_range", ScalarAttributeType.N);
    }

    private static Map<String, AttributeValue> get(String pk) {
        return ddb.getItem(b -> b.tableName(T).key(item("pk", pk)).consistentRead(true)).item();
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"TableName", "Item"})
    @Covers(operation = "GetItem", parameters = {"TableName", "Key", "ConsistentRead"})
    void everyTypeRoundTrips() {
        Map<String, AttributeValue> it = item(
                "pk", "types",
                "s", s("h\u00e9llo \ud83d\ude00"),
                "empty", s(""),
                "n", n("0012.3400"),
                "neg", n("-1E-130"),
                "big", n("9.9999999999999999999999999999999999999E+125"),
                "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})),
                "t", AttributeValue.fromBool(true),
                "nul", AttributeValue.fromNul(true),
                "ss", AttributeValue.fromSs(List.of("b", "a")),
                "ns", AttributeValue.fromNs(List.of("1", "2.50")),
                "bs", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("x"))),
                "l", AttributeValue.fromL(List.of(s("x"), n("1"), AttributeValue.fromM(Map.of("k", s("v"))))),
                "m", AttributeValue.fromM(Map.of("nested", AttributeValue.fromM(Map.of("deep", n("7"))))));
        ddb.putItem(b -> b.tableName(T).item(it));
        Map<String, AttributeValue> back = get("types");
        assertEquals("12.34", back.get("n").n());
        assertEquals("-" + "0." + "0".repeat(129) + "1", back.get("neg").n());
        assertEquals("", back.get("empty").s());
        assertEquals(List.of("1", "2.5"), back.get("ns").ns());
        assertEquals(it.get("m"), back.get("m"));
        assertEquals(it.get("l"), back.get("l"));
        assertEquals(it.get("b"), back.get("b"));
        assertEquals(14, back.size());
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"ProjectionExpression", "ExpressionAttributeNames", "AttributesToGet", "ReturnConsumedCapacity"})
    void getItemProjectionAndCapacity() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "proj", "a", "1", "name", "n",
                "l", AttributeValue.fromL(List.of(s("x"), s("y"), s("z"))),
                "big", s("x".repeat(5000)))));
        var r = ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).projectionExpression("#n, l[2], l[0]")
                .expressionAttributeNames(Map.of("#n", "name")));
        assertEquals(Map.of("name", s("n"), "l", AttributeValue.fromL(List.of(s("x"), s("z")))), r.item());
        assertEquals(Map.of("a", s("1")), ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).attributesToGet("a")).item());
        var eventual = ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(1.0, eventual.consumedCapacity().capacityUnits()); // ~5 KB: 2 units, halved
        var strong = ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(2.0, strong.consumedCapacity().capacityUnits());
        assertEquals(2.0, strong.consumedCapacity().table().capacityUnits());
        var missing = ddb.getItem(b -> b.tableName(T).key(item("pk", "nothing-here")).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertFalse(missing.hasItem());
        assertEquals(0.5, missing.consumedCapacity().capacityUnits());
        validation("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).attributesToGet("a").projectionExpression("a")));
        validation("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).projectionExpression("name")));
        validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", "proj")).projectionExpression("a").expressionAttributeNames(Map.of("#x", "x"))));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"ConditionExpression", "ExpressionAttributeValues", "ReturnValues", "ReturnValuesOnConditionCheckFailure", "ReturnConsumedCapacity"})
    void conditionalPut() {
        var first = ddb.putItem(b -> b.tableName(T).item(item("pk", "cond", "v", "1")).conditionExpression("attribute_not_exists(pk)")
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(1.0, first.consumedCapacity().capacityUnits());
        assertEquals(T, first.consumedCapacity().tableName());
        var e = fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "cond", "v", "2")).conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        assertEquals(item("pk", "cond", "v", "1"), e.item());
        var old = ddb.putItem(b -> b.tableName(T).item(item("pk", "cond", "v", "3")).conditionExpression("v = :one")
                .expressionAttributeValues(Map.of(":one", s("1"))).returnValues(ReturnValue.ALL_OLD));
        assertEquals(item("pk", "cond", "v", "1"), old.attributes());
        validation("1 validation error detected: ReturnValues can only be ALL_OLD or NONE",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "cond")).returnValues(ReturnValue.ALL_NEW)));
        var big = ddb.putItem(b -> b.tableName(T).item(item("pk", "cond", "v", "x".repeat(1500))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(2.0, big.consumedCapacity().capacityUnits());
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "GetItem", parameters = {"Key"})
    void keyAndItemValidation() {
        validation("One or more parameter values were invalid: Missing the key pk in the item",
                () -> ddb.putItem(b -> b.tableName(T).item(item("other", "x"))));
        validation("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", n("1")))));
        validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", ""))));
        validation("The provided key element does not match the schema",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", "a", "extra", "b"))));
        validation("The provided key element does not match the schema",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", n("1")))));
        validation("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k".repeat(2049)))));
        validation("Item size has exceeded the maximum allowed size",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "huge", "v", "x".repeat(400 * 1024)))));
        validation("1 validation error detected: One or more parameter values were invalid: An string set  may not be empty",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "e", "ss", AttributeValue.fromSs(List.of())))));
        validation("1 validation error detected: One or more parameter values were invalid: Input collection [\"a\", \"a\"] contains duplicates.",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "e", "ss", AttributeValue.fromSs(List.of("a", "a"))))));
        validation("1 validation error detected: Attempting to store more than 38 significant digits in a Number",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "e", "n", n("1".repeat(39))))));
        validation("1 validation error detected: Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "e", "n", n("1E+126")))));
        validation("1 validation error detected: The parameter cannot be converted to a numeric value: 12abc",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "e", "n", n("12abc")))));
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found",
                () -> ddb.putItem(b -> b.tableName("no_such_table").item(item("pk", "a"))));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"TableName", "Key", "UpdateExpression", "ExpressionAttributeValues", "ReturnValues"})
    void updateSemantics() {
        ddb.updateItem(b -> b.tableName(T).key(item("pk", "sem"))
                .updateExpression("SET a = :one, l = :list, m = :m ADD c :one, tags :set")
                .expressionAttributeValues(Map.of(":one", n("1"), ":list", AttributeValue.fromL(List.of(s("x"), s("y"))),
                        ":m", AttributeValue.fromM(Map.of("k", s("v"))), ":set", AttributeValue.fromSs(List.of("p", "q")))));
        var r = ddb.updateItem(b -> b.tableName(T).key(item("pk", "sem"))
                .updateExpression("SET a = a + :two, l[9] = :z, m.k2 = if_not_exists(m.k2, :z) REMOVE c DELETE tags :p")
                .expressionAttributeValues(Map.of(":two", n("2"), ":z", s("z"), ":p", AttributeValue.fromSs(List.of("p"))))
                .returnValues(ReturnValue.UPDATED_NEW));
        assertEquals("3", r.attributes().get("a").n());
        assertEquals(AttributeValue.fromL(List.of(s("z"))), r.attributes().get("l"), "UPDATED_NEW shows only the updated element");
        assertEquals(AttributeValue.fromM(Map.of("k2", s("z"))), r.attributes().get("m"));
        Map<String, AttributeValue> now = get("sem");
        assertEquals(AttributeValue.fromL(List.of(s("x"), s("y"), s("z"))), now.get("l"), "SET past the end appends");
        assertFalse(now.containsKey("c"));
        assertEquals(List.of("q"), now.get("tags").ss());
        var old = ddb.updateItem(b -> b.tableName(T).key(item("pk", "sem")).updateExpression("REMOVE l[0] DELETE tags :q")
                .expressionAttributeValues(Map.of(":q", AttributeValue.fromSs(List.of("q")))).returnValues(ReturnValue.UPDATED_OLD));
        assertEquals(AttributeValue.fromL(List.of(s("x"))), old.attributes().get("l"));
        now = get("sem");
        assertEquals(AttributeValue.fromL(List.of(s("y"), s("z"))), now.get("l"), "REMOVE shifts the list");
        assertFalse(now.containsKey("tags"), "DELETE of the last element removes the set");
        var appended = ddb.updateItem(b -> b.tableName(T).key(item("pk", "sem")).updateExpression("SET l = list_append(:h, l)")
                .expressionAttributeValues(Map.of(":h", AttributeValue.fromL(List.of(s("h"))))).returnValues(ReturnValue.ALL_NEW));
        assertEquals(AttributeValue.fromL(List.of(s("h"), s("y"), s("z"))), appended.attributes().get("l"));

        // REMOVE-only on a missing item creates nothing; SET creates
        ddb.updateItem(b -> b.tableName(T).key(item("pk", "ghost")).updateExpression("REMOVE x"));
        assertFalse(ddb.getItem(b -> b.tableName(T).key(item("pk", "ghost"))).hasItem());
        ddb.updateItem(b -> b.tableName(T).key(item("pk", "keyonly")));
        assertEquals(item("pk", "keyonly"), get("keyonly"));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ConditionExpression", "ReturnValuesOnConditionCheckFailure"})
    void updateErrors() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "err", "s", "str", "n", n("1"))));
        validation("One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET pk = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("An operand in the update expression has an incorrect data type",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET s = s + :v")
                        .expressionAttributeValues(Map.of(":v", n("1")))));
        validation("The provided expression refers to an attribute that does not exist in the item",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET x = nothere")));
        validation("The document path provided in the update expression is invalid for update",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET nope.deeper = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [l, [9]], path two: [l]",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET l[9] = :v, l = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET a = :v SET b = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("ADD a :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Invalid UpdateExpression: Syntax error; token: \"=\", near: \"SET = :v\"",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :nope",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET a = :nope")
                        .expressionAttributeValues(Map.of(":v", s("x")))));
        validation("1 validation error detected: Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET a = :v")
                        .expressionAttributeValues(Map.of(":v", s("x"), ":unused", s("y")))));
        validation("1 validation error detected: ExpressionAttributeValues can only be specified when using expressions",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).expressionAttributeValues(Map.of(":v", s("x")))));
        var e = fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "err")).updateExpression("SET a = :v")
                        .conditionExpression("n > :v").expressionAttributeValues(Map.of(":v", n("5")))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        assertEquals("str", e.item().get("s").s());
    }

    @Test
    @Covers(operation = "DeleteItem", parameters = {"TableName", "Key", "ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues", "ReturnValues", "ReturnConsumedCapacity"})
    void deleteItem() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "del", "status", "old")));
        fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", "del")).conditionExpression("#s = :s")
                        .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", s("new")))));
        var r = ddb.deleteItem(b -> b.tableName(T).key(item("pk", "del")).conditionExpression("#s = :s")
                .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", s("old")))
                .returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals("old", r.attributes().get("status").s());
        assertEquals(1.0, r.consumedCapacity().capacityUnits());
        assertFalse(ddb.getItem(b -> b.tableName(T).key(item("pk", "del"))).hasItem());
        var again = ddb.deleteItem(b -> b.tableName(T).key(item("pk", "del")).returnValues(ReturnValue.ALL_OLD));
        assertFalse(again.hasAttributes());
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Expected", "ConditionalOperator"})
    @Covers(operation = "UpdateItem", parameters = {"AttributeUpdates", "Expected"})
    @Covers(operation = "DeleteItem", parameters = {"Expected"})
    void legacyParameters() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "legacy", "v", n("1"))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "legacy", "v", n("2")))
                .expected(Map.of("v", ExpectedAttributeValue.builder().value(n("1")).build())));
        fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "legacy"))
                        .expected(Map.of("v", ExpectedAttributeValue.builder().exists(false).build()))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "legacy", "v", n("3")))
                .expected(Map.of("v", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.GT).attributeValueList(n("1")).build(),
                        "w", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.NULL).build()))
                .conditionalOperator("AND"));
        var r = ddb.updateItem(b -> b.tableName(T).key(item("pk", "legacy")).attributeUpdates(Map.of(
                "v", AttributeValueUpdate.builder().action(AttributeAction.ADD).value(n("10")).build(),
                "x", AttributeValueUpdate.builder().action(AttributeAction.PUT).value(s("new")).build()))
                .returnValues(ReturnValue.ALL_NEW));
        assertEquals("13", r.attributes().get("v").n());
        assertEquals("new", r.attributes().get("x").s());
        validation("1 validation error detected: Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "legacy")).conditionExpression("attribute_exists(pk)")
                        .expected(Map.of("v", ExpectedAttributeValue.builder().exists(false).build()))));
        validation("1 validation error detected: One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: v",
                () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", "legacy"))
                        .expected(Map.of("v", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.EQ).build()))));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ConditionExpression"})
    void concurrentUpdatesNeverLoseWrites() throws Exception {
        int threads = 8, perThread = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            pool.execute(() -> {
                for (int i = 0; i < perThread; i++) {
                    ddb.updateItem(b -> b.tableName(T).key(item("pk", "counter")).updateExpression("ADD c :one")
                            .expressionAttributeValues(Map.of(":one", n("1"))));
                    // optimistic-locking pattern users write: read version, write if unchanged, retry otherwise
                    while (true) {
                        Map<String, AttributeValue> cur = ddb.getItem(b -> b.tableName(T).key(item("pk", "versioned")).consistentRead(true)).item();
                        String v = cur == null || cur.isEmpty() ? "0" : cur.get("ver").n();
                        try {
                            ddb.putItem(b -> b.tableName(T).item(item("pk", "versioned", "ver", n(Long.toString(Long.parseLong(v) + 1))))
                                    .conditionExpression("attribute_not_exists(ver) OR ver = :v").expressionAttributeValues(Map.of(":v", n(v))));
                            break;
                        } catch (ConditionalCheckFailedException retry) {
                            // someone else won this round
                        }
                    }
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(120, TimeUnit.SECONDS));
        assertEquals(Integer.toString(threads * perThread), get("counter").get("c").n());
        assertEquals(Integer.toString(threads * perThread), get("versioned").get("ver").n());
    }
}
