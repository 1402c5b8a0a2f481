package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

class BatchTransactIT extends ServerTestBase {
    private static final String T = "batch_tx";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
        Sdk.createHashTable(ddb, "batch_tx2");
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems", "ReturnConsumedCapacity"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems", "ReturnConsumedCapacity"})
    void batchWriteAndGet() {
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 20; i++) writes.add(put(item("pk", "b" + i, "v", n(Integer.toString(i)), "other", "x")));
        var w = ddb.batchWriteItem(b -> b.requestItems(Map.of(T, writes, "batch_tx2", List.of(put(item("pk", "z")))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertTrue(w.unprocessedItems().isEmpty());
        assertEquals(2, w.consumedCapacity().size());
        double tableUnits = w.consumedCapacity().stream().filter(c -> c.tableName().equals(T)).findFirst().orElseThrow().capacityUnits();
        assertEquals(20.0, tableUnits);
        ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(WriteRequest.builder().deleteRequest(d -> d.key(item("pk", "b0"))).build()))));

        BatchGetItemResponse g = ddb.batchGetItem(b -> b.requestItems(Map.of(
                T, KeysAndAttributes.builder().keys(item("pk", "b0"), item("pk", "b1"), item("pk", "b2")).projectionExpression("v").build(),
                "batch_tx2", KeysAndAttributes.builder().keys(item("pk", "z")).consistentRead(true).build()))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(2, g.responses().get(T).size(), "b0 was deleted");
        assertEquals(Map.of("v", n("1")), g.responses().get(T).stream().filter(i -> i.get("v").n().equals("1")).findFirst().orElseThrow());
        assertEquals(1, g.responses().get("batch_tx2").size());
        assertTrue(g.unprocessedKeys().isEmpty());
        assertEquals(1.5, g.consumedCapacity().stream().filter(c -> c.tableName().equals(T)).findFirst().orElseThrow().capacityUnits(),
                "rounded per item: three eventually consistent reads");
    }

    @Test
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    void unprocessedKeysBeyondSixteenMegabytes() {
        String big = "x".repeat(390 * 1024);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            int ii = i;
            ddb.putItem(b -> b.tableName(T).item(item("pk", "big" + ii, "v", big)));
            keys.add(item("pk", "big" + i));
        }
        BatchGetItemResponse r = ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().keys(keys).build())));
        int returned = r.responses().get(T).size();
        int unprocessed = r.unprocessedKeys().get(T).keys().size();
        assertEquals(50, returned + unprocessed);
        assertTrue(returned >= 40 && returned <= 43, "about 16 MB returned: " + returned);
        BatchGetItemResponse rest = ddb.batchGetItem(b -> b.requestItems(r.unprocessedKeys()));
        assertEquals(unprocessed, rest.responses().get(T).size());
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    void batchValidation() {
        validation("Provided list of item keys contains duplicates",
                () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(item("pk", "d")), put(item("pk", "d")))))));
        validation("Provided list of item keys contains duplicates",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().keys(item("pk", "d"), item("pk", "d")).build()))));
        List<WriteRequest> many = new ArrayList<>();
        for (int i = 0; i < 26; i++) many.add(put(item("pk", "m" + i)));
        String tooMany = assertThrows(DynamoDbException.class, () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, many))))
                .awsErrorDetails().errorMessage();
        assertTrue(tooMany.startsWith("1 validation error detected: Value '{" + T + "=[WriteRequest(putRequest=PutRequest(item={pk=")
                && tooMany.endsWith("]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]"),
                tooMany);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) keys.add(item("pk", "k" + i));
        validation("Too many items requested for the BatchGetItem call",
                () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder().keys(keys.subList(0, 60)).build(),
                        "batch_tx2", KeysAndAttributes.builder().keys(keys.subList(60, 101)).build()))));
        validation("The provided key element does not match the schema",
                () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(item("pk", n("1"))))))));
    }

    private static TransactWriteItem txPut(Map<String, AttributeValue> item, String condition) {
        return TransactWriteItem.builder().put(p -> p.tableName(T).item(item).conditionExpression(condition)).build();
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems", "ReturnConsumedCapacity"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems", "ReturnConsumedCapacity"})
    void transactionsCommitAllOrNothing() {
        var ok = ddb.transactWriteItems(b -> b.transactItems(
                txPut(item("pk", "t1", "v", n("1")), "attribute_not_exists(pk)"),
                TransactWriteItem.builder().update(u -> u.tableName(T).key(item("pk", "t2")).updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", n("2")))).build(),
                TransactWriteItem.builder().put(p -> p.tableName("batch_tx2").item(item("pk", "t3"))).build())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(4.0, ok.consumedCapacity().stream().filter(c -> c.tableName().equals(T)).findFirst().orElseThrow().capacityUnits(),
                "transactional writes cost two units per KB");
        var e = fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, ConditionalCheckFailed]",
                () -> ddb.transactWriteItems(b -> b.transactItems(
                        txPut(item("pk", "t4"), null),
                        TransactWriteItem.builder().conditionCheck(c -> c.tableName(T).key(item("pk", "t1")).conditionExpression("v = :two")
                                .expressionAttributeValues(Map.of(":two", n("2")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(T).key(item("pk", "t2")).conditionExpression("attribute_not_exists(v)")).build())));
        List<CancellationReason> reasons = e.cancellationReasons();
        assertEquals("None", reasons.get(0).code());
        assertEquals("ConditionalCheckFailed", reasons.get(1).code());
        assertEquals("The conditional request failed", reasons.get(1).message());
        assertEquals(item("pk", "t1", "v", n("1")), reasons.get(1).item());
        assertFalse(reasons.get(2).hasItem());
        assertFalse(ddb.getItem(b -> b.tableName(T).key(item("pk", "t4"))).hasItem(), "nothing of a cancelled transaction is applied");

        var got = ddb.transactGetItems(b -> b.transactItems(
                t -> t.get(g -> g.tableName(T).key(item("pk", "t1"))),
                t -> t.get(g -> g.tableName(T).key(item("pk", "missing-one"))),
                t -> t.get(g -> g.tableName(T).key(item("pk", "t2")).projectionExpression("v")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals("1", got.responses().get(0).item().get("v").n());
        assertFalse(got.responses().get(1).hasItem());
        assertEquals(Map.of("v", n("2")), got.responses().get(2).item());
        assertEquals(6.0, got.consumedCapacity().get(0).capacityUnits());

        String big = "x".repeat(390 * 1024);
        List<TransactWriteItem> heavy = new ArrayList<>();
        for (int i = 0; i < 11; i++) heavy.add(txPut(item("pk", "heavy" + i, "v", big), null));
        validation("Transaction size has exceeded the maximum allowed size of 4 MB",
                () -> ddb.transactWriteItems(b -> b.transactItems(heavy)));
        validation("Transaction request cannot include multiple operations on one item",
                () -> ddb.transactWriteItems(b -> b.transactItems(txPut(item("pk", "same"), null), txPut(item("pk", "same", "x", "y"), null))));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"ClientRequestToken"})
    void idempotentReplays() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "idem", "n", n("0"))));
        TransactWriteItem add = TransactWriteItem.builder().update(u -> u.tableName(T).key(item("pk", "idem"))
                .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n("1")))).build();
        for (int i = 0; i < 3; i++) ddb.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(add));
        assertEquals("1", ddb.getItem(b -> b.tableName(T).key(item("pk", "idem"))).item().get("n").n(), "replays write nothing");
        fails(IdempotentParameterMismatchException.class, "IdempotentParameterMismatchException",
                "Request parameters were provided that do not match the parameters of the original request with the same ClientRequestToken",
                () -> ddb.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(txPut(item("pk", "other"), null))));
        ddb.transactWriteItems(b -> b.clientRequestToken("token-2").transactItems(add));
        assertEquals("2", ddb.getItem(b -> b.tableName(T).key(item("pk", "idem"))).item().get("n").n());
        assertNull(null);
    }
}
