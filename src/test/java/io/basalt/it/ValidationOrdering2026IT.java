package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Which error wins when a request has several, and a few texts that come with it, as the live service
 * answered in us-east-1 and eu-west-2 on 2026-10-09 (github.com/paritysuite/dynamodb-conformance
 * tests/tier3/validation-ordering/*) and in eu-west-2 in 2026-10 (tests/tier3/error-messages/
 * queryKeyConditionOperands). The requests name absent tables where the answer comes first.
 */
class ValidationOrdering2026IT extends ServerTestBase {
    private static final String T = "ordering_2026";
    private static final String SN = "ordering_2026_sn";
    private static final String ABSENT = "ordering_2026_absent";
    private static final String RCC = "Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]";

    @BeforeAll
    static void tables() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, SN, ScalarAttributeType.N);
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"})
    void createTableListsTheGlobalIndexErrorsBeforeTheLocalOnes() {
        for (String[] names : new String[][] {{"l1", "g1"}, {"aa", "zz"}}) {
            validation("2 validation errors detected: Value '" + names[1] + "' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
                            + "Member must have length greater than or equal to 3; Value '" + names[0] + "' at 'localSecondaryIndexes.1.member.indexName' "
                            + "failed to satisfy constraint: Member must have length greater than or equal to 3",
                    () -> ddb.createTable(b -> b.tableName(ABSENT).billingMode("PAY_PER_REQUEST")
                            .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("S"))
                            .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                            .localSecondaryIndexes(l -> l.indexName(names[0]).keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                                    k -> k.attributeName("sk").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL)))
                            .globalSecondaryIndexes(g -> g.indexName(names[1]).keySchema(k -> k.attributeName("sk").keyType(KeyType.HASH))
                                    .projection(p -> p.projectionType(ProjectionType.ALL)))));
        }
    }

    @Test
    @Covers(operation = "Query", parameters = {"ConditionalOperator", "Select", "QueryFilter"})
    void queryReportsAnUnknownConditionalOperatorBesideTwoFilterConditionsAlone() {
        Condition isNull = Condition.builder().comparisonOperator(ComparisonOperator.NULL).build();
        validation("Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]",
                () -> ddb.query(b -> b.tableName(ABSENT)
                        .keyConditions(Map.of("pk", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("a")).build()))
                        .queryFilter(Map.of("b", isNull, "c", isNull)).conditionalOperator("XOR").select("BOGUS")));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"Key", "TableName", "ReturnValues", "ReturnConsumedCapacity", "ConditionalOperator"})
    void updateItemWithoutKeyAggregatesTheOlderMemberErrors() {
        validation("2 validation errors detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1; "
                        + "Value null at 'key' failed to satisfy constraint: Member must not be null",
                () -> ddb.updateItem(b -> b.tableName("").updateExpression("SET a = :a").expressionAttributeValues(Map.of(":a", s("x")))));
        validation("4 validation errors detected: Value 'INVALID' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; "
                        + "Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1; "
                        + "Value 'INVALID' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; "
                        + "Value null at 'key' failed to satisfy constraint: Member must not be null",
                () -> ddb.updateItem(b -> b.tableName("").updateExpression("SET a = :a").expressionAttributeValues(Map.of(":a", s("x")))
                        .returnConsumedCapacity("INVALID").returnValues("INVALID")));
        ExpectedAttributeValue absent = ExpectedAttributeValue.builder().exists(false).build();
        validation("2 validation errors detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; "
                        + "Value null at 'key' failed to satisfy constraint: Member must not be null",
                () -> ddb.updateItem(b -> b.tableName(ABSENT).attributeUpdates(Map.of("x", AttributeValueUpdate.builder().action("PUT").value(s("1")).build()))
                        .expected(Map.of("a", absent, "b", absent)).conditionalOperator("XOR")));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems", "ReturnConsumedCapacity"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems", "ReturnConsumedCapacity"})
    void batchOperationsWithAMalformedTableNameBesideAnUnknownEnum() {
        validation("1 validation error detected: " + RCC, () -> ddb.batchWriteItem(b -> b.returnConsumedCapacity("BOGUS")
                .requestItems(Map.of("bad!name", List.of(WriteRequest.builder().putRequest(p -> p.item(item("pk", "vo-bw-badname"))).build())))));
        validation("2 validation errors detected: Value '{\"bad!name\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}' at 'requestItems' failed to satisfy constraint: "
                        + "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, "
                        + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]; " + RCC,
                () -> ddb.batchGetItem(b -> b.returnConsumedCapacity("BOGUS")
                        .requestItems(Map.of("bad!name", KeysAndAttributes.builder().keys(List.of(item("pk", "a"))).build()))));
    }

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditionExpression"})
    void keyConditionOperandAndCountTexts() {
        validation("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: BOOL",
                () -> ddb.query(b -> b.tableName(SN).keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b")
                        .expressionAttributeValues(Map.of(":p", s("q"), ":a", AttributeValue.fromBool(false), ":b", AttributeValue.fromBool(true)))));
        validation("Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key",
                () -> ddb.query(b -> b.tableName(SN).keyConditionExpression("pk = :p AND sk > :a AND sk < :b")
                        .expressionAttributeValues(Map.of(":p", s("q"), ":a", n("1"), ":b", n("5")))));
        validation("The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
                () -> ddb.query(b -> b.tableName(SN).keyConditionExpression("pk = :p AND sk > :a AND extra = :b")
                        .expressionAttributeValues(Map.of(":p", s("q"), ":a", n("1"), ":b", n("5")))));
    }

    /** {@code levels} single-key maps around a string. */
    private static AttributeValue deepMap(int levels) {
        AttributeValue v = s("leaf");
        for (int i = 0; i < levels; i++) v = AttributeValue.fromM(Map.of("n", v));
        return v;
    }

    private static final String NESTING = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void transactionActionsAreCheckedOneAtATime() {
        // validation-ordering/transactions: an earlier action's syntax error beats a later action's too deep item, and back
        validation("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"", () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.conditionCheck(c -> c.tableName(T).key(item("pk", "vo-tx-cc")).conditionExpression("attribute_not_exists(")),
                t -> t.put(p -> p.tableName(T).item(Map.of("pk", s("vo-tx-deep"), "data", deepMap(32)))))));
        validation(NESTING, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(T).item(Map.of("pk", s("vo-tx-deep"), "data", deepMap(32)))),
                t -> t.conditionCheck(c -> c.tableName(T).key(item("pk", "vo-tx-cc")).conditionExpression("attribute_not_exists(")))));
        // deepRequests: a key nested far past the limit comes after the syntax, size and unused-value checks,
        // the action's own included
        Map<String, AttributeValue> deepKey = Map.of("pk", deepMap(100));
        String syntax = "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = b\"";
        validation(syntax, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(T).item(item("pk", "a")).conditionExpression("a = = b")),
                t -> t.delete(d -> d.tableName(T).key(deepKey)))));
        validation(syntax, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.delete(d -> d.tableName(T).key(deepKey).conditionExpression("a = = b")))));
        validation("Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}", () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.update(u -> u.tableName(T).key(item("pk", "a")).updateExpression("SET a = :v")
                        .expressionAttributeValues(Map.of(":v", s("x"), ":u", s("y")))),
                t -> t.conditionCheck(c -> c.tableName(T).key(deepKey).conditionExpression("attribute_exists(a)")))));
        StringBuilder set = new StringBuilder("SET ");
        for (int i = 0; i < 500; i++) set.append(i == 0 ? "" : ", ").append('a').append(i).append(" = :v");
        validation("Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;", () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.update(u -> u.tableName(T).key(item("pk", "a")).updateExpression(set.toString()).expressionAttributeValues(Map.of(":v", s("x")))),
                t -> t.conditionCheck(c -> c.tableName(T).key(deepKey).conditionExpression("attribute_exists(a)")))));
        validation(NESTING, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.conditionCheck(c -> c.tableName(T).key(deepKey).conditionExpression("attribute_exists(a)")))));
    }

    private static final String OLDER_RETURN_VALUES = "1 validation error detected: Value 'BOGUS' at 'returnValues' failed to satisfy constraint: "
            + "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";

    @Test
    @Covers(operation = "PutItem", parameters = {"ConditionalOperator", "Expected"})
    @Covers(operation = "UpdateItem", parameters = {"ConditionalOperator", "Expected"})
    @Covers(operation = "DeleteItem", parameters = {"ReturnValues", "ExpressionAttributeValues", "Expected", "Key"})
    void aValuePastTheSecondDepthCheckLetsTheOlderEnumsComeFirst() {
        // validation-ordering/deepRequests (live us-east-1 and eu-west-2 2026-10-09): 63 and 100 levels
        String xor = "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]";
        Map<String, ExpectedAttributeValue> expected = new java.util.LinkedHashMap<>();
        expected.put("a", ExpectedAttributeValue.builder().value(deepMap(100)).build());
        expected.put("b", ExpectedAttributeValue.builder().exists(false).build());
        validation(xor, () -> ddb.putItem(b -> b.tableName(ABSENT).item(item("pk", "a")).expected(expected).conditionalOperator("XOR")));
        validation(xor, () -> ddb.updateItem(b -> b.tableName(ABSENT).key(item("pk", "a")).expected(expected).conditionalOperator("XOR")
                .attributeUpdates(Map.of("x", AttributeValueUpdate.builder().action("PUT").value(s("1")).build()))));
        Map<String, String> names = Map.of("#d", "d");
        validation(OLDER_RETURN_VALUES, () -> ddb.deleteItem(b -> b.tableName(ABSENT).key(item("pk", "a")).returnValues("BOGUS")
                .conditionExpression("#d = :deep").expressionAttributeNames(names).expressionAttributeValues(Map.of(":deep", deepMap(63)))));
        validation(OLDER_RETURN_VALUES, () -> ddb.deleteItem(b -> b.tableName(ABSENT).key(item("pk", "a")).returnValues("BOGUS")
                .expected(Map.of("d", ExpectedAttributeValue.builder().value(deepMap(63)).build()))));
        validation(OLDER_RETURN_VALUES, () -> ddb.deleteItem(b -> b.tableName(ABSENT).key(Map.of("pk", deepMap(100))).returnValues("BOGUS")));
        validation("ReturnValues can only be ALL_OLD or NONE", () -> ddb.deleteItem(b -> b.tableName(ABSENT).key(item("pk", "a")).returnValues("UPDATED_NEW")
                .conditionExpression("#d = :deep").expressionAttributeNames(names).expressionAttributeValues(Map.of(":deep", deepMap(100)))));
        // without an older enum to report, the depth is the answer, as before
        validation(NESTING, () -> ddb.deleteItem(b -> b.tableName(ABSENT).key(Map.of("pk", deepMap(100)))));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void anEmptyAttributeNameIsReportedAtItsActionsTurn() {
        // validation-ordering/deepRequests (live 2026-10-09, ten regions)
        String empty = "Empty attribute name";
        validation(empty, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(ABSENT).item(item("pk", "a", "", "x"))),
                t -> t.put(p -> p.tableName(ABSENT).item(Map.of("pk", s("b"), "d", deepMap(100)))))));
        // the same item, the deep value before or after the empty name
        validation(empty, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(ABSENT).item(item("pk", "a", "", "x", "d", deepMap(100)))))));
        validation(empty, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(ABSENT).item(item("pk", "a", "d", deepMap(100), "", "x"))))));
        validation(empty, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(ABSENT).item(item("pk", "a", "", "x"))),
                t -> t.conditionCheck(c -> c.tableName(ABSENT).key(item("pk", "b")).conditionExpression("d = :deep")
                        .expressionAttributeValues(Map.of(":deep", deepMap(100)))))));
        // an earlier action's item nested 40 levels comes first
        validation(NESTING, () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(ABSENT).item(Map.of("pk", s("b"), "d", deepMap(40)))),
                t -> t.put(p -> p.tableName(ABSENT).item(item("pk", "a", "", "x"))))));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    void batchTableNamesAndProjectionsAcrossTables() {
        // error-messages/batchWriteItem (live us-east-1 and eu-west-2 2026-10-09): the request is echoed as
        // the service's Java model prints it, then the map-keys constraint
        DynamoDbException e = assertThrows(DynamoDbException.class, () -> ddb.batchWriteItem(b -> b.requestItems(
                Map.of("bad!name", List.of(WriteRequest.builder().putRequest(p -> p.item(item("pk", "x"))).build())))));
        assertTrue(e.awsErrorDetails().errorMessage().matches("1 validation error detected: Value '\\{bad!name=\\[WriteRequest\\(putRequest=PutRequest\\(item=\\{pk=.+\\}.*\\)\\]\\}' "
                + "at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: \\[Member must have length less than or equal to 255, "
                + "Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: \\[a-zA-Z0-9_.-\\]\\+\\]"),
                e.awsErrorDetails().errorMessage());
        // error-messages/batchGetItem: AttributesToGet on one table and ProjectionExpression on another are refused
        // (the live test asserts the ValidationException; the text is the one-table one, not captured here)
        Map<String, KeysAndAttributes> mixed = new java.util.LinkedHashMap<>();
        mixed.put(T, KeysAndAttributes.builder().keys(List.of(item("pk", "a"))).projectionExpression("pk").build());
        mixed.put(SN, KeysAndAttributes.builder().keys(List.of(item("pk", "b", "sk", n("1")))).attributesToGet("pk").build());
        validation("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} "
                + "Expression parameters: {ProjectionExpression}", () -> ddb.batchGetItem(b -> b.requestItems(mixed)));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void overOneHundredActionsEchoTheRequestAsTheServiceModelPrintsIt() {
        // error-messages/transactWriteItems, transactGetItems (live 2026-10-08, 30 regions incl. us-east-1): the
        // list is echoed; the model's field names are not captured, Basalt's own must not show
        List<software.amazon.awssdk.services.dynamodb.model.TransactWriteItem> writes = new java.util.ArrayList<>();
        List<software.amazon.awssdk.services.dynamodb.model.TransactGetItem> gets = new java.util.ArrayList<>();
        for (int i = 0; i < 101; i++) {
            String pk = "t-" + i;
            writes.add(software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().put(p -> p.tableName(T).item(item("pk", pk))).build());
            gets.add(software.amazon.awssdk.services.dynamodb.model.TransactGetItem.builder().get(g -> g.tableName(T).key(item("pk", pk))).build());
        }
        String tail = "' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100";
        String w = assertThrows(DynamoDbException.class, () -> ddb.transactWriteItems(b -> b.transactItems(writes))).awsErrorDetails().errorMessage();
        assertTrue(w.startsWith("1 validation error detected: Value '[TransactWriteItem(conditionCheck=null, put=Put(item={pk=com.amazonaws.dynamodb.v20120810.AttributeValue@")
                && w.endsWith(tail) && !w.contains("TransactAction"), w);
        String g = assertThrows(DynamoDbException.class, () -> ddb.transactGetItems(b -> b.transactItems(gets))).awsErrorDetails().errorMessage();
        assertTrue(g.startsWith("1 validation error detected: Value '[TransactGetItem(get=Get(key={pk=com.amazonaws.dynamodb.v20120810.AttributeValue@")
                && g.endsWith(tail) && !g.contains("TransactAction"), g);
    }
}
