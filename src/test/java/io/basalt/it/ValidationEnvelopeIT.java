package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The service's 2026 envelope "1 validation error detected: " around request-validation errors, by
 * error family and operation (issue #25). Evidence: live captures of 2026-09-20 and 2026-10-07/09 in
 * us-east-1 and eu-west-2 (github.com/paritysuite/dynamodb-conformance captures/cross-region-latest.json,
 * registry/splits.json, tests/tier3/error-messages); issue #25's examples (Query's Select rule,
 * TransactWriteItems bare). Key errors stay bare in every capture.
 */
class ValidationEnvelopeIT extends ServerTestBase {
    private static final String T = "validation_envelope";
    private static final String Q = "validation_envelope_q";
    private static final String ONE = "1 validation error detected: ";
    private static final Map<String, AttributeValue> KEY = item("pk", "k");

    @BeforeAll
    static void tables() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, Q, ScalarAttributeType.S);
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item", "ConditionExpression", "Expected", "ExpressionAttributeNames", "ExpressionAttributeValues", "ReturnValues"})
    void putItemWrapsValueConditionAndParameterErrors() {
        validation(ONE + "The parameter cannot be converted to a numeric value: abc",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "n", n("abc")))));
        validation(ONE + "The parameter cannot be converted to a numeric value: ",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "n", AttributeValue.fromNs(List.of("1", ""))))));
        validation(ONE + "Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "n", AttributeValue.fromM(Map.of("x", AttributeValue.fromL(List.of(n("1e126")))))))));
        validation(ONE + "The parameter cannot be converted to a numeric value: abc",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).conditionExpression("attribute_not_exists(pk) OR n = :v")
                        .expressionAttributeValues(Map.of(":v", n("abc")))));
        validation(ONE + "The parameter cannot be converted to a numeric value: abc",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).expected(Map.of("n", ExpectedAttributeValue.builder().value(n("abc")).build()))));
        validation(ONE + "ExpressionAttributeNames can only be specified when using expressions",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).expressionAttributeNames(Map.of("#a", "a"))));
        validation(ONE + "Invalid ConditionExpression: The expression can not be empty;",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).conditionExpression("")));
        validation(ONE + "One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).expected(Map.of("a", ExpectedAttributeValue.builder().exists(true).build()))));
        validation(ONE + "One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).expected(Map.of("a", ExpectedAttributeValue.builder().comparisonOperator(ComparisonOperator.EQ).build()))));
        validation(ONE + "ReturnValues can only be ALL_OLD or NONE",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).returnValues(ReturnValue.UPDATED_NEW)));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item", "Expected", "ConditionExpression", "ExpressionAttributeValues"})
    void putItemWrapsSetAndMixingErrorsButNotKeyErrors() {
        // probes b_put_empty_ns, b_put_dup_ss, b_put_mix_expr, b_put_eav_no_expr (us-east-1, 2026-09-20)
        validation("1 validation error detected: One or more parameter values were invalid: An number set  may not be empty",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "n", AttributeValue.fromNs(List.of())))));
        validation("1 validation error detected: One or more parameter values were invalid: Input collection [\"a\", \"a\"] contains duplicates.",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "s", AttributeValue.fromSs(List.of("a", "a"))))));
        validation("1 validation error detected: Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).conditionExpression("attribute_not_exists(pk)")
                        .expected(Map.of("pk", ExpectedAttributeValue.builder().exists(false).build()))));
        validation("1 validation error detected: ExpressionAttributeValues can only be specified when using expressions",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).expressionAttributeValues(Map.of(":v", s("x")))));
        validation("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", n("1")))));
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"Key", "AttributeUpdates", "ConditionExpression", "UpdateExpression", "ExpressionAttributeValues"})
    void updateItemWrapsValuesConditionsAndUpdateExpressions() {
        validation(ONE + "The parameter cannot be converted to a numeric value: abc",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("SET n = :v").expressionAttributeValues(Map.of(":v", n("abc")))));
        validation(ONE + "Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).attributeUpdates(Map.of("n",
                        AttributeValueUpdate.builder().action(AttributeAction.PUT).value(n("1e126")).build()))));
        validation(ONE + "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("SET b = :w").conditionExpression("a = :v")
                        .expressionAttributeValues(Map.of(":w", s("x")))));
        validation(ONE + "ExpressionAttributeValues must not be empty",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("REMOVE a").expressionAttributeValues(Map.of())));
        // update-expression and unused-placeholder errors wrapped (probes u_upd_*, 2026-09-20); key errors bare
        validation("1 validation error detected: Invalid UpdateExpression: The expression can not be empty;",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("")));
        validation("1 validation error detected: Invalid UpdateExpression: The \"ADD\" section can only be used once in an update expression;",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("ADD a :one ADD b :one").expressionAttributeValues(Map.of(":one", n("1")))));
        validation("1 validation error detected: Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("SET a = :v")
                        .expressionAttributeValues(Map.of(":v", s("x"), ":unused", s("y")))));
        validation("One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("SET pk = :v").expressionAttributeValues(Map.of(":v", s("x")))));
    }

    @Test
    @Covers(operation = "DeleteItem", parameters = {"Key", "ConditionExpression", "Expected", "ExpressionAttributeNames", "ExpressionAttributeValues", "ReturnValues"})
    void deleteItemWrapsRequestValidation() {
        validation(ONE + "The parameter cannot be converted to a numeric value: abc",
                () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", n("abc")))));
        validation(ONE + "ExpressionAttributeNames can only be specified when using expressions",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).expressionAttributeNames(Map.of("#a", "a"))));
        validation(ONE + "ExpressionAttributeValues must not be empty",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).conditionExpression("attribute_exists(a)").expressionAttributeValues(Map.of())));
        validation(ONE + "ExpressionAttributeNames must not be empty",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).conditionExpression("attribute_exists(a)").expressionAttributeNames(Map.of())));
        validation(ONE + "Invalid ConditionExpression: The expression can not be empty;",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).conditionExpression("")));
        validation(ONE + "ReturnValues can only be ALL_OLD or NONE",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).returnValues(ReturnValue.ALL_NEW)));
        validation(ONE + "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).expected(Map.of("a", ExpectedAttributeValue.builder().exists(false).value(s("x")).build()))));
        validation(ONE + "One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: a",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).expected(Map.of("a", ExpectedAttributeValue.builder().value(s("x"))
                        .comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("x")).build()))));
        validation(ONE + "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator",
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).expected(Map.of("a", ExpectedAttributeValue.builder()
                        .comparisonOperator(ComparisonOperator.BETWEEN).attributeValueList(s("x")).build()))));
        // a key that does not match the schema is a data-plane error: bare (deleteItem.test.ts, both suites)
        validation("The provided key element does not match the schema",
                () -> ddb.deleteItem(b -> b.tableName(Q).key(KEY)));
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"Key"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    @Covers(operation = "Query", parameters = {"Select", "FilterExpression", "KeyConditionExpression"})
    @Covers(operation = "Scan", parameters = {"Select"})
    void readsWrapOnlyQuerysSelectRules() {
        validation("The parameter cannot be converted to a numeric value: abc",
                () -> ddb.getItem(b -> b.tableName(T).key(item("pk", n("abc")))));
        validation("The parameter cannot be converted to a numeric value: abc",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().keys(item("pk", n("abc"))).build()))));
        validation("The parameter cannot be converted to a numeric value: abc",
                () -> ddb.query(b -> b.tableName(Q).keyConditionExpression("pk = :p").filterExpression("n = :v")
                        .expressionAttributeValues(Map.of(":p", s("p"), ":v", n("abc")))));
        validation(ONE + "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
                () -> ddb.query(b -> b.tableName(Q).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p")))
                        .select(Select.ALL_PROJECTED_ATTRIBUTES)));
        validation("Invalid KeyConditionExpression: The expression can not be empty;",
                () -> ddb.query(b -> b.tableName(Q).keyConditionExpression("")));
        validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
                () -> ddb.scan(b -> b.tableName(T).select(Select.ALL_PROJECTED_ATTRIBUTES)));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void transactWriteItemsLeavesExpressionErrorsBare() {
        validation("Invalid UpdateExpression: The \"ADD\" section can only be used once in an update expression;",
                () -> ddb.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().update(u -> u.tableName(T).key(KEY)
                        .updateExpression("ADD a :one ADD b :one").expressionAttributeValues(Map.of(":one", n("1")))).build())));
        validation("Invalid ConditionExpression: The expression can not be empty;",
                () -> ddb.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(p -> p.tableName(T).item(KEY)
                        .conditionExpression("")).build())));
    }
}
