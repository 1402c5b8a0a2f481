package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The answers of the service's newer request-validation front end, rolled out from 2026-06 and live
 * in us-east-1 (and every region but eu-south-2 and me-central-1) for PutItem, UpdateItem, DeleteItem
 * and an empty BatchGetItem by the captures of 2026-09-20 and 2026-10-07
 * (github.com/paritysuite/dynamodb-conformance captures/cross-region-latest.json, registry/splits.json).
 * Each test names the capture's probe ids. Scan, an empty BatchWriteItem and transactions were still
 * answered the old way in us-east-1 then, and are asserted so here.
 */
class ValidationFrontEnd2026IT extends ServerTestBase {
    private static final String T = "front_end_2026";
    private static final String ONE = "1 validation error detected: ";
    private static final String EMPTY_TABLE_NAME = ONE + "Value at 'TableName' failed to satisfy constraint: Member must have length greater than or equal to 1";
    private static final String RETURN_VALUES = "Failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATE_NEW, NONE]";
    private static final String RCC = "Value 'INVALID' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]";
    private static final Map<String, AttributeValue> KEY = item("pk", "k");

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"TableName", "ReturnValues", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics"})
    @Covers(operation = "UpdateItem", parameters = {"TableName", "ReturnValues"})
    @Covers(operation = "DeleteItem", parameters = {"TableName", "ReturnValues"})
    void emptyTableNameStopsValidationAndReturnValuesIsNamedByItsList() {
        // s_put_table_empty, o_put_empty_table_bad_rv, o_del_empty_table, o_upd_empty_table
        validation(EMPTY_TABLE_NAME, () -> ddb.putItem(b -> b.tableName("").item(KEY).returnValues("INVALID")));
        validation(EMPTY_TABLE_NAME, () -> ddb.deleteItem(b -> b.tableName("").key(Map.of())));
        validation(EMPTY_TABLE_NAME, () -> ddb.updateItem(b -> b.tableName("").key(Map.of())));
        // a name that is not empty is still echoed, lower case (s_put_table_badchars)
        validation(ONE + "Value 'bad table!@#' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> ddb.putItem(b -> b.tableName("bad table!@#").item(KEY)));
        // o_put_three_bad_enums: aggregated, ReturnValues between the other two
        validation("3 validation errors detected: " + RCC + "; " + RETURN_VALUES
                        + "; Value 'INVALID' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]",
                () -> ddb.putItem(b -> b.tableName(T).item(KEY).returnValues("INVALID").returnConsumedCapacity("INVALID").returnItemCollectionMetrics("INVALID")));
        // o_del_two_bad_enums
        validation("2 validation errors detected: " + RCC + "; " + RETURN_VALUES,
                () -> ddb.deleteItem(b -> b.tableName(T).key(KEY).returnValues("INVALID").returnConsumedCapacity("INVALID")));
        // o_upd_two_bad_enums: UpdateItem stops at ReturnValues
        validation(ONE + RETURN_VALUES,
                () -> ddb.updateItem(b -> b.tableName(T).key(KEY).returnValues("INVALID").returnConsumedCapacity("INVALID")));
        validation(ONE + RCC, () -> ddb.updateItem(b -> b.tableName(T).key(KEY).returnConsumedCapacity("INVALID")));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "UpdateItem", parameters = {"ExpressionAttributeValues"})
    void attributeValueErrorsAreWrapped() {
        // b_put_empty_ss, esm_put_bs_empty_set, nullRoundTrip, esm_put_ss_dup_empty, esm_put_bs_dup_empty, o_upd_nested_32_eav
        validation(ONE + "One or more parameter values were invalid: An string set  may not be empty",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "s", AttributeValue.fromSs(List.of())))));
        validation(ONE + "One or more parameter values were invalid: Binary sets should not be empty",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "s", AttributeValue.fromBs(List.of())))));
        validation(ONE + "One or more parameter values were invalid: Null attribute value types must have the value of true",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "z", AttributeValue.builder().nul(false).build()))));
        validation(ONE + "One or more parameter values were invalid: Input collection [\"\", \"\"] contains duplicates.",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "s", AttributeValue.fromSs(List.of("", ""))))));
        SdkBytes empty = SdkBytes.fromByteArray(new byte[0]);
        validation(ONE + "One or more parameter values were invalid: Input collection [\"\",\"\"]of type BS contains duplicates.",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "b", AttributeValue.fromBs(List.of(empty, empty))))));
        validation(ONE + "The parameter cannot be converted to a numeric value: ",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "n", AttributeValue.fromNs(List.of(""))))));
        AttributeValue deep = s("x");
        for (int i = 0; i < 32; i++) deep = AttributeValue.fromM(Map.of("a", deep));
        AttributeValue v = deep;
        validation(ONE + "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "never-written")).updateExpression("SET a = :v")
                        .conditionExpression("attribute_exists(pk)").expressionAttributeValues(Map.of(":v", v))));
        // empty members of string and binary sets are values like any other (esm_put_ss_mixed, esm_put_bs_mixed)
        ddb.putItem(b -> b.tableName(T).item(item("pk", "esm", "s", AttributeValue.fromSs(List.of("", "a")),
                "b", AttributeValue.fromBs(List.of(empty, SdkBytes.fromByteArray(new byte[] {1}))))));
        var got = ddb.getItem(b -> b.tableName(T).key(item("pk", "esm")).consistentRead(true)).item();
        assertEquals(List.of("", "a"), got.get("s").ss());
        assertEquals(2, got.get("b").bs().size());
    }

    /** {@code levels} single-key maps around a string. */
    private static AttributeValue deepMap(int levels) {
        AttributeValue v = s("leaf");
        for (int i = 0; i < levels; i++) v = AttributeValue.fromM(Map.of("n", v));
        return v;
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "UpdateItem", parameters = {"ExpressionAttributeValues"})
    void valuesFarPastTheNestingLimitMeetASecondCheck() {
        // paritysuite tests/tier3/limits/nestingDepth, us-east-1 and eu-west-2 2026-10-09: 61 levels keep the
        // envelope, 63 levels lose it in PutItem and name the placeholder in UpdateItem
        String nesting = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
        validation(ONE + nesting, () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("nest-61"), "data", deepMap(61)))));
        validation(nesting, () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("nest-63"), "data", deepMap(63)))));
        validation(nesting, () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("nest-63"), "data", AttributeValue.fromL(List.of(deepMap(100)))))));
        validation(ONE + nesting, () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "nest-cond-eav")).updateExpression("SET touched = :t")
                .conditionExpression("#d = :deep").expressionAttributeNames(Map.of("#d", "data"))
                .expressionAttributeValues(Map.of(":t", s("y"), ":deep", deepMap(61)))));
        validation("ExpressionAttributeValues contains invalid value: " + nesting + " for key :deep",
                () -> ddb.updateItem(b -> b.tableName(T).key(item("pk", "nest-cond-eav")).updateExpression("SET touched = :t")
                        .conditionExpression("#d = :deep").expressionAttributeNames(Map.of("#d", "data"))
                        .expressionAttributeValues(Map.of(":t", s("y"), ":deep", deepMap(63)))));
    }

    @Test
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    @Covers(operation = "Scan", parameters = {"Limit", "Segment", "TotalSegments"})
    void emptyBatchGetIsALengthConstraintWhileScanAndBatchWriteKeepTheOldAnswers() {
        // o_bg_empty_requestitems (new in us-east-1); o_bw_empty_requestitems and the Scan rows (old in us-east-1)
        validation(ONE + "Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of())));
        validation("The requestItems parameter is required for BatchWriteItem", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of())));
        validation(ONE + "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> ddb.scan(b -> b.tableName(T).limit(0)));
        validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5",
                () -> ddb.scan(b -> b.tableName(T).segment(5).totalSegments(5)));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void transactWriteKeyThatDoesNotFitTheSchemaCancels() {
        // twi_upd_key_wrongtype, twi_del_key_nonscalar, twi_cc_key_wrongtype: cancelled with a ValidationError reason
        var e = fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]",
                () -> ddb.transactWriteItems(b -> b.transactItems(
                        t -> t.put(p -> p.tableName(T).item(item("pk", "twi-ok"))),
                        t -> t.delete(d -> d.tableName(T).key(item("pk", n("1")))))));
        List<CancellationReason> reasons = e.cancellationReasons();
        assertEquals("None", reasons.get(0).code());
        assertEquals("ValidationError", reasons.get(1).code());
        assertEquals("The provided key element does not match the schema", reasons.get(1).message());
        assertEquals(false, ddb.getItem(b -> b.tableName(T).key(item("pk", "twi-ok")).consistentRead(true)).hasItem());
        fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]",
                () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.conditionCheck(c -> c.tableName(T)
                        .key(Map.of("pk", AttributeValue.fromL(List.of(s("x"))))).conditionExpression("attribute_exists(pk)")))));
        // an empty key string is refused outright (twi_upd_key_empty)
        validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
                () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.update(u -> u.tableName(T).key(item("pk", ""))
                        .updateExpression("SET a = :v").expressionAttributeValues(Map.of(":v", s("x")))))));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "GetItem", parameters = {"Key"})
    @Covers(operation = "ExecuteStatement", parameters = {"Parameters"})
    void numbersByTheirExponent() {
        // paritysuite tests/tier3/limits/numberExponent (live 2026): past 32 bits but within 64 an exponent
        // overflows or underflows by its sign; a zero is range-checked by its written exponent
        validation(ONE + "Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("1e99999999999")))));
        validation(ONE + "Number underflow. Attempting to store a number with magnitude smaller than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("1e-99999999999")))));
        validation(ONE + "Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("0e126")))));
        validation(ONE + "Number underflow. Attempting to store a number with magnitude smaller than supported range",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("0e-131")))));
        validation(ONE + "The parameter cannot be converted to a numeric value: 1e99999999999999999999",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("1e99999999999999999999")))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "n", "v", n("0e125"))));
        // a parameter 100 maps deep gets the nesting error, not a SerializationException (partiqlParameterNumbers)
        AttributeValue deep = s("x");
        for (int i = 0; i < 100; i++) deep = AttributeValue.fromM(Map.of("a", deep));
        AttributeValue v = deep;
        validation("Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit",
                () -> ddb.executeStatement(b -> b.statement("SELECT * FROM \"" + T + "\" WHERE pk = ?").parameters(v)));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void batchAndTransactionKeys() {
        // paritysuite tests/tier3/error-messages batchWriteItem, batchGetItem, transactWriteItems (live 2026)
        validation("The provided key element does not match the schema",
                () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                        .putRequest(p -> p.item(item("other", "x"))).build())))));
        validation(ONE + "Value at 'RequestItems." + T + ".member.Keys' failed to satisfy constraint: Member must have length greater than or equal to 1",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                        .keys(List.of()).build()))));
        var e = fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]",
                () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p.tableName(T).item(item("pk", n("5")))))));
        assertEquals("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N", e.cancellationReasons().get(0).message());
        // a Put missing its key is refused outright
        validation("One or more parameter values were invalid: Missing the key pk in the item",
                () -> ddb.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p.tableName(T).item(item("other", "x"))))));
    }
}
