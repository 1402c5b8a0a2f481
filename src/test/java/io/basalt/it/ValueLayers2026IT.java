package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;

/**
 * The service's two value layers (live 2026-10-09 in us-east-1, eu-west-2, eu-west-1 and us-west-2;
 * github.com/paritysuite/dynamodb-conformance tests/tier3/error-messages/valueLayers): the current one
 * (PutItem, UpdateItem, DeleteItem enveloped; GetItem, BatchGetItem, Query bare) and the older one
 * (BatchWriteItem) word duplicate set members and two malformed numbers differently. Basalt's
 * transactions follow the current layer, as eu-west-2 does.
 */
class ValueLayers2026IT extends ServerTestBase {
    private static final String T = "value_layers";
    private static final String ONE = "1 validation error detected: ";
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final SdkBytes FF = SdkBytes.fromByteArray(new byte[] {(byte) 0xFF});
    private static final SdkBytes ZERO = SdkBytes.fromByteArray(new byte[] {0});
    /** Each set sent out of order with a repeat: SS b, a, b; BS /w==, AA==, AA==; NS 2, 1, 2. */
    private static final List<AttributeValue> DUPES = List.of(
            AttributeValue.fromSs(List.of("b", "a", "b")),
            AttributeValue.fromBs(List.of(FF, ZERO, ZERO)),
            AttributeValue.fromNs(List.of("2", "1", "2")));
    private static final List<String> CURRENT = List.of(
            INVALID + "Input collection [\"a\", \"b\", \"b\"] contains duplicates.",
            INVALID + "Input collection [\"AA==\",\"/w==\",\"AA==\"]of type BS contains duplicates.",
            INVALID + "Input collection contains duplicates.");
    private static final List<String> OLDER = List.of(
            INVALID + "Input collection [b, a, b] contains duplicates.",
            INVALID + "Input collection [/w==, AA==, AA==]of type BS contains duplicates.",
            "Input collection contains duplicates");

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    /** Sends each duplicate set through {@code send} and expects {@code prefix} + the layer's text. */
    private static void eachSet(List<String> wanted, String prefix, Function<AttributeValue, Runnable> send) {
        for (int i = 0; i < DUPES.size(); i++) {
            Runnable call = send.apply(DUPES.get(i));
            validation(prefix + wanted.get(i), call::run);
        }
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item", "ExpressionAttributeValues", "Expected"})
    @Covers(operation = "UpdateItem", parameters = {"Key", "AttributeUpdates", "ExpressionAttributeValues"})
    @Covers(operation = "DeleteItem", parameters = {"Key"})
    void currentLayerListsSortedMembersUpToTheRepeatInsideTheEnvelope() {
        eachSet(CURRENT, ONE, d -> () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("vl-d"), "s", d))));
        eachSet(CURRENT, ONE, d -> () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "vl-d"))
                .conditionExpression("attribute_not_exists(pk) OR s = :t").expressionAttributeValues(Map.of(":t", d))));
        eachSet(CURRENT, ONE, d -> () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "vl-d"))
                .expected(Map.of("s", ExpectedAttributeValue.builder().value(d).build()))));
        eachSet(CURRENT, ONE, d -> () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "vl-d"))
                .attributeUpdates(Map.of("s", AttributeValueUpdate.builder().action("PUT").value(d).build()))));
        eachSet(CURRENT, ONE, d -> () -> ddb.updateItem(b -> b.tableName(T).key(Map.of("pk", d))
                .updateExpression("SET o = :o").expressionAttributeValues(Map.of(":o", n("1")))));
        eachSet(CURRENT, ONE, d -> () -> ddb.deleteItem(b -> b.tableName(T).key(Map.of("pk", d))));
        // the rest of the set follows the repeat as sent
        validation(ONE + INVALID + "Input collection [\"a\", \"c\", \"a\", \"b\"] contains duplicates.",
                () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("vl-d"), "s", AttributeValue.fromSs(List.of("c", "a", "a", "b"))))));
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"Key"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    @Covers(operation = "Query", parameters = {"ExpressionAttributeValues", "ExclusiveStartKey", "QueryFilter"})
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void currentLayerIsBareOnReadsAndTransactionsFollowIt() {
        eachSet(CURRENT, "", d -> () -> ddb.getItem(b -> b.tableName(T).key(Map.of("pk", d))));
        eachSet(CURRENT, "", d -> () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T,
                software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder().keys(List.of(Map.of("pk", d))).build()))));
        eachSet(CURRENT, "", d -> () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").filterExpression("s = :t")
                .expressionAttributeValues(Map.of(":p", s("vl-d"), ":t", d))));
        eachSet(CURRENT, "", d -> () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("vl-d"))).exclusiveStartKey(Map.of("pk", d))));
        eachSet(CURRENT, "", d -> () -> ddb.query(b -> b.tableName(T)
                .keyConditions(Map.of("pk", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("vl-d")).build()))
                .queryFilter(Map.of("s", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(d).build()))));
        // us-east-1 answered transactions in the older layer on 2026-10-09, eu-west-2 in the current one;
        // Basalt follows the newer transaction front end throughout
        eachSet(CURRENT, "", d -> () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(T).item(Map.of("pk", s("vl-d"), "s", d))))));
        eachSet(CURRENT, "", d -> () -> ddb.transactWriteItems(b -> b.transactItems(
                t -> t.delete(p -> p.tableName(T).key(Map.of("pk", d))))));
        eachSet(CURRENT, "", d -> () -> ddb.transactGetItems(b -> b.transactItems(
                t -> t.get(g -> g.tableName(T).key(Map.of("pk", d))))));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    void batchWriteRunsTheOlderLayer() {
        eachSet(OLDER, "", d -> () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(
                software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                        .putRequest(p -> p.item(Map.of("pk", s("vl-d"), "s", d))).build())))));
        eachSet(OLDER, "", d -> () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(
                software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                        .deleteRequest(p -> p.key(Map.of("pk", d))).build())))));
        // numbers: an empty one has no colon, and 1e2147483647 wraps to an underflow as in BigDecimal
        Map<String, String> numbers = Map.of(
                "abc", "The parameter cannot be converted to a numeric value: abc",
                "", "The parameter cannot be converted to a numeric value",
                "1e126", "Number overflow. Attempting to store a number with magnitude larger than supported range",
                "1e2147483647", "Number underflow. Attempting to store a number with magnitude smaller than supported range");
        numbers.forEach((sent, message) -> validation(message, () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(
                software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                        .putRequest(p -> p.item(Map.of("pk", s("vl-n"), "n", n(sent)))).build()))))));
        // the current layer keeps the colon and calls 1e2147483647 an overflow
        validation(ONE + "The parameter cannot be converted to a numeric value: ",
                () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("vl-n"), "n", n("")))));
        validation(ONE + "Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("vl-n"), "n", n("1e2147483647")))));
    }
}
