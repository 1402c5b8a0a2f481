package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Documented rules of the service's expression language that Basalt answered otherwise (issue #37,
 * points 4, 6, 7, 8, 9, 12, 16, 26), each with the service's text.
 */
class ExpressionCornersIT extends ServerTestBase {
    static final String T = "Corners";
    static final Map<String, AttributeValue> K = item("pk", "a", "sk", "b");

    @BeforeAll
    static void table() {
        ddb.createTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S)));
    }

    /** UpdateItem, PutItem and DeleteItem answer in the service's 2026 envelope ("1 validation error detected: ..."). */
    static void invalid(String message, Executable call) {
        fails(DynamoDbException.class, "ValidationException", message, call);
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "AttributeUpdates")
    void anEmptyAttributeUpdatesMapCreatesTheItemWithItsKey() {
        Map<String, AttributeValue> key = item("pk", "empty-updates", "sk", "1");
        assertEquals(key, ddb.updateItem(b -> b.tableName(T).key(key).attributeUpdates(Map.of()).returnValues(ReturnValue.ALL_NEW)).attributes());
        assertEquals(key, ddb.getItem(b -> b.tableName(T).key(key)).item());
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "UpdateExpression")
    void listElementsAddedInOneSetGoInOrderOfElementNumber() {
        Map<String, AttributeValue> key = item("pk", "list-order", "sk", "1");
        ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("list-order"), "sk", s("1"),
                "a", AttributeValue.fromL(List.of(s("x"), s("y"), s("z"))))));
        Map<String, AttributeValue> after = ddb.updateItem(b -> b.tableName(T).key(key)
                .updateExpression("SET a[84] = :a, a[37] = :b, a[17] = :c")
                .expressionAttributeValues(Map.of(":a", s("A"), ":b", s("B"), ":c", s("C")))
                .returnValues(ReturnValue.ALL_NEW)).attributes();
        assertEquals(List.of(s("x"), s("y"), s("z"), s("C"), s("B"), s("A")), after.get("a").l());
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "UpdateExpression")
    @Covers(operation = "GetItem", parameters = "ProjectionExpression")
    void conflictingPathsAreRefusedBeforeTheItemIsRead() {
        invalid("1 validation error detected: Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                + "path one: [a, b], path two: [a, [1]]", () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "never", "sk", "1"))
                .updateExpression("SET a.b = :x, a[1] = :y").expressionAttributeValues(Map.of(":x", s("1"), ":y", s("2")))));
        invalid("Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                + "path one: [a, b], path two: [a, [1]]", () -> ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("a.b, a[1]")));
        invalid("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; "
                + "path one: [a], path two: [a, b]", () -> ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("a, a.b")));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "UpdateExpression")
    @Covers(operation = "GetItem", parameters = "ProjectionExpression")
    void namesStartWithALetter() {
        invalid("1 validation error detected: Invalid UpdateExpression: Syntax error; token: \"_\", near: \"SET _123\"", () -> ddb.updateItem(b -> b.tableName(T).key(K)
                .updateExpression("SET _123 = :v").expressionAttributeValues(Map.of(":v", s("1")))));
        invalid("Invalid ProjectionExpression: Syntax error; token: \"_\", near: \"_abc\"",
                () -> ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("_abc")));
        invalid("Invalid ProjectionExpression: Syntax error; token: \"123\", near: \"123a\"",
                () -> ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("123a")));
        invalid("Invalid ProjectionExpression: Syntax error; token: \"-\", near: \"hi-there\"",
                () -> ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("hi-there")));
        ddb.getItem(b -> b.tableName(T).key(K).projectionExpression("A123_, Alpha_Numeric_123"));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "UpdateExpression")
    @Covers(operation = "PutItem", parameters = "ConditionExpression")
    void onlyIfNotExistsNestsAndUpdateFunctionsStayOutOfConditions() {
        Map<String, AttributeValue> key = item("pk", "nesting", "sk", "1");
        ddb.updateItem(b -> b.tableName(T).key(key).updateExpression("SET q = list_append(if_not_exists(q, :v), :w), "
                + "b = if_not_exists(b, if_not_exists(c, :one))")
                .expressionAttributeValues(Map.of(":v", AttributeValue.fromL(List.of()), ":w", AttributeValue.fromL(List.of(s("1"))),
                        ":one", s("1"))));
        assertEquals(List.of(s("1")), ddb.getItem(b -> b.tableName(T).key(key)).item().get("q").l());
        invalid("1 validation error detected: Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append",
                () -> ddb.updateItem(b -> b.tableName(T).key(key).updateExpression("SET q = list_append(list_append(q, :w), :w)")
                        .expressionAttributeValues(Map.of(":w", AttributeValue.fromL(List.of(s("1")))))));
        invalid("1 validation error detected: Invalid ConditionExpression: The function is not allowed in a condition expression; function: if_not_exists",
                () -> ddb.putItem(b -> b.tableName(T).item(key).conditionExpression("if_not_exists(a, :v) = :v")
                        .expressionAttributeValues(Map.of(":v", s("1")))));
    }

    @Test
    @Covers(operation = "PutItem", parameters = "ConditionExpression")
    void notEqualHoldsBetweenTwoAbsentAttributes() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "absent", "sk", "1")).conditionExpression("q1 <> z1"));
    }

    @Test
    @Covers(operation = "Query", parameters = "KeyConditionExpression")
    void keyConditionsMayHaveTheValueOnTheLeft() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "left", "sk", "b")));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "left", "sk", "d")));
        assertEquals(List.of("d"), ddb.query(b -> b.tableName(T).keyConditionExpression(":p = pk AND :c < sk")
                .expressionAttributeValues(Map.of(":p", s("left"), ":c", s("c")))).items().stream().map(i -> i.get("sk").s()).toList());
    }

    @Test
    @Covers(operation = "GetItem", parameters = "ExpressionAttributeNames")
    @Covers(operation = "UpdateItem", parameters = "ExpressionAttributeValues")
    void placeholderKeysAreCheckedFirst() {
        invalid("ExpressionAttributeNames contains invalid key: Syntax error; key: \"loc\"", () -> ddb.getItem(b -> b.tableName(T).key(K)
                .projectionExpression("#a").expressionAttributeNames(Map.of("#a", "a", "loc", "x"))));
        invalid("1 validation error detected: ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"",
                () -> ddb.updateItem(b -> b.tableName(T).key(K).updateExpression("SET a = :w")
                        .expressionAttributeValues(Map.of(":w", s("1"), "v", s("2")))));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = "TransactItems")
    void anActionsEmptyPlaceholderMapIsRefused() {
        invalid("ExpressionAttributeValues must not be empty", () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p
                .tableName(T).item(item("pk", "tx", "sk", "1")).conditionExpression("attribute_not_exists(a)")
                .expressionAttributeValues(Map.of())))));
        invalid("ExpressionAttributeNames must not be empty", () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p
                .tableName(T).item(item("pk", "tx", "sk", "1")).conditionExpression("attribute_not_exists(a)")
                .expressionAttributeNames(Map.of())))));
    }

    @Test
    @Covers(operation = "PutItem", parameters = "Item")
    @Covers(operation = "GetItem", parameters = "AttributesToGet")
    void attributeNamesMayHave64KB() {
        String longName = "n".repeat(65_535);
        Map<String, AttributeValue> key = item("pk", "long-name", "sk", "1");
        java.util.Map<String, AttributeValue> withName = new java.util.HashMap<>(key);
        withName.put(longName, s("v"));
        ddb.putItem(b -> b.tableName(T).item(withName));
        // the SDK's own JSON reader stops at names of 50,000 characters: read one just below that back
        String readable = "r".repeat(49_999);
        ddb.updateItem(b -> b.tableName(T).key(key).updateExpression("SET #r = :v")
                .expressionAttributeNames(Map.of("#r", readable)).expressionAttributeValues(Map.of(":v", s("r"))));
        assertEquals("r", ddb.getItem(b -> b.tableName(T).key(key).attributesToGet(readable)).item().get(readable).s());
        assertEquals(Map.of("pk", s("long-name")), ddb.getItem(b -> b.tableName(T).key(key).projectionExpression("pk")).item());
        withName.put("m".repeat(65_536), s("w"));
        invalid("One or more parameter values were invalid: Attribute name is too large, must be less than 65536 bytes",
                () -> ddb.putItem(b -> b.tableName(T).item(withName)));
    }
}
