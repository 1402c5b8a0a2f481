package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * "Known areas" of issue #25, each asserted as the service answers it. Sources: dynalite's suite,
 * written against the live service (github.com/architect/dynalite test/query.js, scan.js,
 * updateItem.js, createTable.js); captures of the live service in floci-io/floci#2894 and
 * nubo-db/dynoxide#110.
 */
class KnownAreasIT extends ServerTestBase {
    private static final String T = "known_areas";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
        ddb.putItem(b -> b.tableName(T).item(item("pk", "a", "x", n("1"),
                "l", AttributeValue.fromL(List.of(n("1"))), "m", AttributeValue.fromM(Map.of("a", n("1"))))));
    }

    private static Condition eq(AttributeValue v) {
        return Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(v).build();
    }

    // 1. Legacy and expression parameters together

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditions", "FilterExpression", "ProjectionExpression", "ConditionalOperator"})
    void queryKeyConditionsMixOnlyWithAKeyConditionExpression() {
        // KeyConditions counts as mixing only next to a KeyConditionExpression (dynalite query.js
        // "all expressions and non-expression without KeyConditionExpression")
        var r = ddb.query(b -> b.tableName(T).keyConditions(Map.of("pk", eq(s("a"))))
                .filterExpression("x = :x").projectionExpression("x").expressionAttributeValues(Map.of(":x", n("1"))));
        assertEquals(List.of(Map.of("x", n("1"))), r.items());
        validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}",
                () -> ddb.query(b -> b.tableName(T).keyConditions(Map.of("pk", eq(s("a"))))
                        .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("a")))));
        // every legacy parameter counts against any expression one (floci-io/floci#2894, live)
        validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {QueryFilter} Expression parameters: {KeyConditionExpression}",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("a")))
                        .queryFilter(Map.of("x", eq(n("1"))))));
        // ConditionalOperator is a non-expression parameter, listed before KeyConditions
        validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator, KeyConditions} "
                        + "Expression parameters: {ProjectionExpression, FilterExpression, KeyConditionExpression}",
                () -> ddb.query(b -> b.tableName(T).attributesToGet("x").queryFilter(Map.of("x", eq(n("1"))))
                        .conditionalOperator(ConditionalOperator.OR).keyConditions(Map.of("pk", eq(s("a"))))
                        .projectionExpression("x").filterExpression("x = :x").keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":x", n("1"), ":p", s("a")))));
        validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {ConditionalOperator} Expression parameters: {KeyConditionExpression}",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("a")))
                        .conditionalOperator(ConditionalOperator.AND)));
        validation("ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null",
                () -> ddb.query(b -> b.tableName(T).keyConditions(Map.of("pk", eq(s("a")))).expressionAttributeValues(Map.of(":x", n("1")))));
    }

    @Test
    @Covers(operation = "Scan", parameters = {"ScanFilter", "ConditionalOperator", "AttributesToGet"})
    @Covers(operation = "PutItem", parameters = {"ConditionalOperator", "ConditionExpression"})
    @Covers(operation = "UpdateItem", parameters = {"ConditionalOperator", "AttributeUpdates", "Expected"})
    void conditionalOperatorIsANonExpressionParameter() {
        validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} "
                        + "Expression parameters: {ProjectionExpression, FilterExpression}",
                () -> ddb.scan(b -> b.tableName(T).attributesToGet("x").scanFilter(Map.of("x", eq(n("1"))))
                        .conditionalOperator(ConditionalOperator.OR).projectionExpression("x").filterExpression("x = :x")
                        .expressionAttributeValues(Map.of(":x", n("1")))));
        validation("1 validation error detected: Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {ConditionalOperator} Expression parameters: {ConditionExpression}",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "c")).conditionExpression("attribute_not_exists(pk)")
                        .conditionalOperator(ConditionalOperator.AND)));
        validation("1 validation error detected: Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {Expected, ConditionalOperator} Expression parameters: {UpdateExpression}",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "c")).updateExpression("SET y = :v")
                        .expressionAttributeValues(Map.of(":v", n("1")))
                        .expected(Map.of("y", ExpectedAttributeValue.builder().exists(false).build()))
                        .conditionalOperator(ConditionalOperator.AND)));
    }

    // 2. UpdateItem on a missing item, paths

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ReturnValues"})
    void updateOfAMissingItem() {
        var removed = ddb.updateItem(b -> b.tableName(T).key(item("pk", "u1")).updateExpression("REMOVE y")
                .returnValues(ReturnValue.ALL_NEW));
        assertTrue(removed.attributes().isEmpty());
        assertFalse(ddb.getItem(b -> b.tableName(T).key(item("pk", "u1"))).hasItem(), "a REMOVE-only update creates nothing");
        var set = ddb.updateItem(b -> b.tableName(T).key(item("pk", "u2")).updateExpression("SET y = :v")
                .expressionAttributeValues(Map.of(":v", n("1"))).returnValues(ReturnValue.ALL_NEW));
        assertEquals(item("pk", "u2", "y", n("1")), set.attributes());
        var none = ddb.updateItem(b -> b.tableName(T).key(item("pk", "u3")).returnValues(ReturnValue.ALL_NEW));
        assertEquals(item("pk", "u3"), none.attributes(), "an update without actions creates the item with its key");
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ReturnValues"})
    void updatePaths() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "p", "l", AttributeValue.fromL(List.of(n("1"))),
                "m", AttributeValue.fromM(Map.of("a", n("1"))))));
        Map<String, AttributeValue> k = item("pk", "p");
        ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET l[5] = :v").expressionAttributeValues(Map.of(":v", n("9"))));
        assertEquals(AttributeValue.fromL(List.of(n("1"), n("9"))),
                ddb.getItem(b -> b.tableName(T).key(k)).item().get("l"), "SET past the end of a list appends");
        String invalid = "The document path provided in the update expression is invalid for update";
        validation(invalid, () -> ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET l.b = :v")
                .expressionAttributeValues(Map.of(":v", n("9")))));
        validation(invalid, () -> ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET m[0] = :v")
                .expressionAttributeValues(Map.of(":v", n("9")))));
        var old = ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET m.a = :v")
                .expressionAttributeValues(Map.of(":v", n("2"))).returnValues(ReturnValue.UPDATED_OLD));
        assertEquals(Map.of("m", AttributeValue.fromM(Map.of("a", n("1")))), old.attributes());
        var fresh = ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET m.a = :v")
                .expressionAttributeValues(Map.of(":v", n("3"))).returnValues(ReturnValue.UPDATED_NEW));
        assertEquals(Map.of("m", AttributeValue.fromM(Map.of("a", n("3")))), fresh.attributes());
        var nothing = ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("REMOVE absent")
                .returnValues(ReturnValue.UPDATED_OLD));
        assertTrue(nothing.attributes().isEmpty(), "removing an absent attribute returns no attributes");
    }

    // 3. Conditions and filters

    @Test
    @Covers(operation = "Scan", parameters = {"FilterExpression"})
    @Covers(operation = "PutItem", parameters = {"ConditionExpression"})
    void functionsAndBounds() {
        assertEquals(0, ddb.scan(b -> b.tableName(T).filterExpression("x < :s")
                .expressionAttributeValues(Map.of(":s", s("z")))).count(), "mismatched types compare false");
        validation("1 validation error detected: Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                        + "lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "b")).conditionExpression("x BETWEEN :a AND :b")
                        .expressionAttributeValues(Map.of(":a", n("5"), ":b", n("1")))));
        // attribute_type's type must be a value (dynalite query.js "invalid operand types": attribute_type(a, b))
        validation("Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: attribute_type, "
                        + "operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}",
                () -> ddb.scan(b -> b.tableName(T).filterExpression("attribute_type(x, l)")));
        validation("Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N",
                () -> ddb.scan(b -> b.tableName(T).filterExpression("attribute_type(x, :t)").expressionAttributeValues(Map.of(":t", n("1")))));
        validation("Invalid FilterExpression: Invalid attribute type name found; type: XX, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
                () -> ddb.scan(b -> b.tableName(T).filterExpression("attribute_type(x, :t)").expressionAttributeValues(Map.of(":t", s("XX")))));
        validation("Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: size, number of operands: 2",
                () -> ddb.scan(b -> b.tableName(T).filterExpression("size(x, l) > :n").expressionAttributeValues(Map.of(":n", n("1")))));
    }

    @Test
    @Covers(operation = "Scan", parameters = {"ScanFilter"})
    @Covers(operation = "Query", parameters = {"KeyConditions", "QueryFilter"})
    void legacyComparisonOperatorsAreAnEnum() {
        String en = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";
        Condition lower = Condition.builder().comparisonOperator("eq").attributeValueList(n("1")).build();
        validation("1 validation error detected: Value 'eq' at 'scanFilter.x.member.comparisonOperator' failed to satisfy constraint: " + en,
                () -> ddb.scan(b -> b.tableName(T).scanFilter(Map.of("x", lower))));
        Condition unknown = Condition.builder().comparisonOperator("FOO").attributeValueList(s("a")).build();
        validation("1 validation error detected: Value 'FOO' at 'keyConditions.pk.member.comparisonOperator' failed to satisfy constraint: " + en,
                () -> ddb.query(b -> b.tableName(T).keyConditions(Map.of("pk", unknown))));
        Condition missing = Condition.builder().attributeValueList(n("1")).build();
        validation("1 validation error detected: Value null at 'queryFilter.x.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
                () -> ddb.query(b -> b.tableName(T).keyConditions(Map.of("pk", eq(s("a")))).queryFilter(Map.of("x", missing))));
        validation("One or more parameter values were invalid: The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
                () -> ddb.scan(b -> b.tableName(T).scanFilter(Map.of("x", Condition.builder().comparisonOperator(ComparisonOperator.BETWEEN)
                        .attributeValueList(n("5"), n("1")).build()))));
    }

    // 5. Validation

    @Test
    @Covers(operation = "CreateTable", parameters = {"GlobalSecondaryIndexes", "LocalSecondaryIndexes", "Tags"})
    void createTableProjectionTypeAndTags() {
        validation("One or more parameter values were invalid: Unknown ProjectionType: null",
                () -> ddb.createTable(b -> b.tableName("ka_noproj").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                        .globalSecondaryIndexes(g -> g.indexName("gsi").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> { }))));
        List<Tag> tags = new ArrayList<>();
        for (int i = 0; i < 51; i++) tags.add(Tag.builder().key("k" + i).value("v").build());
        validation("One or more parameter values were invalid: The number of tags exceeds the limit of 50",
                () -> ddb.createTable(b -> b.tableName("ka_tags").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)).tags(tags)));
        String arn = ddb.describeTable(b -> b.tableName(T)).table().tableArn();
        validation("One or more parameter values were invalid: The number of tags exceeds the limit of 50",
                () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tags)));
    }

    private static AttributeValue wrapped(int maps) {
        AttributeValue v = s("x");
        for (int i = 0; i < maps; i++) v = AttributeValue.fromM(Map.of("a", v));
        return v;
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "UpdateItem", parameters = {"ExpressionAttributeValues"})
    void nestingLimit() {
        // the service accepts 31 map levels around a scalar and refuses 32 (nubo-db/dynoxide#110, live)
        ddb.putItem(b -> b.tableName(T).item(item("pk", "deep", "d", wrapped(31))));
        String m = "1 validation error detected: Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
        validation(m, () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "deep", "d", wrapped(32)))));
        validation(m, () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "deep")).updateExpression("SET d = :v")
                .expressionAttributeValues(Map.of(":v", wrapped(32)))));
    }

    // 6. GSI backfill

    @Test
    @Covers(operation = "UpdateTable", parameters = {"GlobalSecondaryIndexUpdates"})
    void backfillSkipsMistypedKeysLaterWritesAreRefused() {
        Sdk.createHashTable(ddb, "ka_backfill");
        ddb.putItem(b -> b.tableName("ka_backfill").item(item("pk", "1", "g", n("5"))));
        ddb.putItem(b -> b.tableName("ka_backfill").item(item("pk", "2", "g", "ok")));
        ddb.updateTable(b -> b.tableName("ka_backfill")
                .attributeDefinitions(a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("gix")
                        .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH)).projection(p -> p.projectionType("ALL")))));
        Eventually.await(java.time.Duration.ofSeconds(30), "index active", () -> "ACTIVE".equals(
                ddb.describeTable(b -> b.tableName("ka_backfill")).table().globalSecondaryIndexes().get(0).indexStatusAsString()));
        var r = ddb.scan(b -> b.tableName("ka_backfill").indexName("gix"));
        assertEquals(List.of(item("pk", "2", "g", "ok")), r.items(), "the mistyped item is left out silently");
        // dynalite updateItem.js / batchWriteItem.js (written against the service)
        validation("One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: gix",
                () -> ddb.putItem(b -> b.tableName("ka_backfill").item(item("pk", "3", "g", n("5")))));
    }
}
