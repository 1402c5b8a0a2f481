package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Error texts as the service gives them in 2026 (issue #25), where they differ from its older forms:
 * members its newer front end checks (no value echoed, wire spelling), required-parameter refusals,
 * echoed request values, and per-action failures of a transaction.
 */
class ServiceMessagesIT extends ServerTestBase {
    private static final String T = "svc_msgs";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    @Test
    @Covers(operation = "Query", parameters = {"Limit"})
    void queryLimitEchoesNoValue() {
        String m = "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1";
        validation(m, () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :v")
                .expressionAttributeValues(Map.of(":v", s("a"))).limit(0)));
        validation(m, () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :v")
                .expressionAttributeValues(Map.of(":v", s("a"))).limit(-5)));
        // Scan keeps the older form: value echoed, member in lower camel case
        validation("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> ddb.scan(b -> b.tableName(T).limit(0)));
    }

    @Test
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    void batchGetItemRequestItems() {
        validation("1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1", () -> ddb.batchGetItem(b -> b.requestItems(Map.of())));
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) keys.add(item("pk", "k" + i));
        validation("1 validation error detected: Value at 'RequestItems." + T + ".member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().keys(keys).build()))));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    void batchWriteItemRequestItems() {
        validation("The requestItems parameter is required for BatchWriteItem", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of())));
        List<WriteRequest> many = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            Map<String, AttributeValue> it = item("pk", "w" + i);
            many.add(WriteRequest.builder().putRequest(p -> p.item(it)).build());
        }
        var e = assertThrowsValidation(() -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, many))));
        // the service echoes the whole map in its Java model's toString
        String prefix = "1 validation error detected: Value '{" + T + "=[WriteRequest(putRequest=PutRequest(item={pk=com.amazonaws.dynamodb.v20120810.AttributeValue@";
        String suffix = ", workloadProfileName=null), deleteRequest=null)]}' at 'requestItems' failed to satisfy constraint: "
                + "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]";
        assertTrue(e.startsWith(prefix), e);
        assertTrue(e.endsWith(suffix), e);
        assertEquals(26, e.split("WriteRequest\\(putRequest=PutRequest\\(item=\\{pk=", -1).length - 1, e);
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"TableName", "KeySchema"})
    void createTableRefusals() {
        validation("The parameter 'TableName' is required but was not present in the request",
                () -> ddb.createTable(b -> b.billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        validation("1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), "
                        + "KeySchemaElement(attributeName=x, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
                () -> ddb.createTable(b -> b.tableName("three_keys").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE),
                                k -> k.attributeName("x").keyType(KeyType.RANGE))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("x").attributeType(ScalarAttributeType.S))));
        validation("Invalid KeySchema: Some index key attribute have no definition",
                () -> ddb.createTable(b -> b.tableName("same_key_twice").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("pk").keyType(KeyType.RANGE))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"TableName", "Item"})
    void putItemRefusals() {
        validation("1 validation error detected: Value at 'TableName' failed to satisfy constraint: Member must have length greater than or equal to 1",
                () -> ddb.putItem(b -> b.tableName("").item(item("pk", "a"))));
        validation("1 validation error detected: Value 'bad table!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> ddb.putItem(b -> b.tableName("bad table!").item(item("pk", "a"))));
        validation("1 validation error detected: One or more parameter values were invalid: Binary sets should not be empty",
                () -> ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("a"), "bs", AttributeValue.builder().bs(List.<SdkBytes>of()).build()))));
    }

    @Test
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void transactGetItemsKeyMismatchCancels() {
        var e = fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]",
                () -> ddb.transactGetItems(b -> b.transactItems(
                        t -> t.get(g -> g.tableName(T).key(item("pk", "a"))),
                        t -> t.get(g -> g.tableName(T).key(Map.of())))));
        List<CancellationReason> reasons = e.cancellationReasons();
        assertEquals("None", reasons.get(0).code());
        assertEquals("ValidationError", reasons.get(1).code());
        assertEquals("The provided key element does not match the schema", reasons.get(1).message());
    }

    @Test
    @Covers(operation = "ListTagsOfResource", parameters = {"ResourceArn"})
    @Covers(operation = "TagResource", parameters = {"ResourceArn"})
    @Covers(operation = "UntagResource", parameters = {"ResourceArn"})
    void anotherAccountsArnIsRefused() {
        String own = ddb.describeTable(b -> b.tableName(T)).table().tableArn();
        assertTrue(own.startsWith("arn:aws:dynamodb:us-east-1:123456789012:table/"), own);
        String foreign = "arn:aws:dynamodb:us-east-1:000000000000:table/" + T;
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::123456789012:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: " + foreign
                        + " because no resource-based policy allows the dynamodb:ListTagsOfResource action",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(foreign)));
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::123456789012:root is not authorized to perform: dynamodb:TagResource on resource: " + foreign
                        + " because no resource-based policy allows the dynamodb:TagResource action",
                () -> ddb.tagResource(b -> b.resourceArn(foreign).tags(t -> t.key("k").value("v"))));
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::123456789012:root is not authorized to perform: dynamodb:UntagResource on resource: " + foreign
                        + " because no resource-based policy allows the dynamodb:UntagResource action",
                () -> ddb.untagResource(b -> b.resourceArn(foreign).tagKeys("k")));
        // the caller's own account: an unknown table is not found
        String missing = "arn:aws:dynamodb:us-east-1:123456789012:table/no_such_table";
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: ResourceArn: " + missing + " not found",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(missing)));
    }

    private static String assertThrowsValidation(org.junit.jupiter.api.function.Executable call) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class, call);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        return e.awsErrorDetails().errorMessage();
    }
}
