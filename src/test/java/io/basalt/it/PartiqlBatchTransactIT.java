package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** PartiQL BatchExecuteStatement and ExecuteTransaction through the SDK. */
class PartiqlBatchTransactIT extends ServerTestBase {
    static final String T = "pqb";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    static BatchStatementRequest st(String statement, AttributeValue... params) {
        return BatchStatementRequest.builder().statement(statement).parameters(params.length == 0 ? null : List.of(params)).build();
    }

    static ParameterizedStatement tx(String statement, AttributeValue... params) {
        return ParameterizedStatement.builder().statement(statement).parameters(params.length == 0 ? null : List.of(params)).build();
    }

    static String validationMessage(org.junit.jupiter.api.function.Executable call) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, call);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        return e.awsErrorDetails().errorMessage();
    }

    @Test
    @Covers(operation = "BatchExecuteStatement", parameters = {"Statements", "ReturnConsumedCapacity"})
    void batchWritesThenReads() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "exists", "v", n("1"))));
        var w = ddb.batchExecuteStatement(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).statements(
                st("INSERT INTO " + T + " VALUE {'pk': ?, 'v': 1}", s("b1")),
                st("INSERT INTO " + T + " VALUE {'pk': 'exists'}"),
                st("UPDATE " + T + " SET v = v + 1 WHERE pk = 'exists' AND v = 5"),
                BatchStatementRequest.builder().statement("UPDATE " + T + " SET v = 2 WHERE pk = 'exists' AND v = 7")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build(),
                st("SELEKT"),
                st("DELETE FROM " + T + " WHERE pk = 'nobody'"),
                st("UPDATE no_table SET v = 1 WHERE pk = 'a'")));
        List<BatchStatementResponse> r = w.responses();
        assertEquals(7, r.size());
        assertNull(r.get(0).error());
        assertEquals(T, r.get(0).tableName());
        assertEquals("DuplicateItem", r.get(1).error().codeAsString());
        assertEquals("Duplicate primary key exists in table", r.get(1).error().message());
        assertEquals("ConditionalCheckFailed", r.get(2).error().codeAsString());
        assertEquals("The conditional request failed", r.get(2).error().message());
        assertTrue(r.get(2).error().item().isEmpty());
        assertEquals(n("1"), r.get(3).error().item().get("v"));
        assertEquals("ValidationError", r.get(4).error().codeAsString());
        assertEquals("Statement wasn't well formed, can't be processed: Expected data manipulation", r.get(4).error().message());
        assertNull(r.get(5).error());
        assertEquals("ResourceNotFound", r.get(6).error().codeAsString());
        assertEquals("Requested resource not found", r.get(6).error().message());
        assertEquals(1, w.consumedCapacity().size());
        assertEquals(T, w.consumedCapacity().get(0).tableName());
        assertEquals(2.0, w.consumedCapacity().get(0).capacityUnits(), "the insert and the delete of a missing item");

        var g = ddb.batchExecuteStatement(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).statements(
                st("SELECT v FROM " + T + " WHERE pk = 'b1'"),
                st("SELECT * FROM " + T + " WHERE pk = ?", s("nobody")),
                st("SELECT * FROM " + T + " WHERE v = 1"),
                st("SELECT * FROM " + T + " WHERE pk = 'exists' AND v = 1")));
        assertEquals(List.of(item("v", n("1"))), List.of(g.responses().get(0).item()));
        assertFalse(g.responses().get(1).hasItem());
        assertEquals("ValidationError", g.responses().get(2).error().codeAsString());
        // the service's text (live eu-west-1 2026-09-02, paritysuite executeStatementIndex), not DynamoDB Local's
        assertEquals("Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
                g.responses().get(2).error().message());
        assertEquals(n("1"), g.responses().get(3).item().get("v"));
        assertEquals(1.5, g.consumedCapacity().get(0).capacityUnits());

        validation("Read and write requests together in the same batch is not supported.",
                () -> ddb.batchExecuteStatement(b -> b.statements(st("SELECT * FROM " + T + " WHERE pk = 'a'"),
                        st("DELETE FROM " + T + " WHERE pk = 'a'"))));
        List<BatchStatementRequest> many = new ArrayList<>();
        for (int i = 0; i < 26; i++) many.add(st("SELECT * FROM " + T + " WHERE pk = 'x'"));
        String m = validationMessage(() -> ddb.batchExecuteStatement(b -> b.statements(many)));
        assertTrue(m.startsWith("1 validation error detected: Value '[") && m.endsWith("]' at 'statements' failed to satisfy constraint: Member must have length less than or equal to 25"), m);
    }

    @Test
    @Covers(operation = "ExecuteTransaction", parameters = {"TransactStatements", "ClientRequestToken", "ReturnConsumedCapacity"})
    void transactionOfWrites() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "t-acct", "balance", n("100"))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "t-flag", "isOpen", AttributeValue.fromBool(true))));
        var r = ddb.executeTransaction(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactStatements(
                tx("UPDATE " + T + " SET balance = balance - 30 WHERE pk = 't-acct' AND balance >= 30"),
                tx("INSERT INTO " + T + " VALUE {'pk': ?, 'amount': 30}", s("t-transfer")),
                tx("EXISTS(SELECT * FROM " + T + " WHERE pk = 't-flag' AND isOpen = TRUE)")));
        assertEquals(2.0 + 2.0 + 2.0, r.consumedCapacity().get(0).capacityUnits());
        assertEquals(n("70"), ddb.getItem(b -> b.tableName(T).key(item("pk", "t-acct"))).item().get("balance"));

        var e = fails(TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, ValidationError]",
                () -> ddb.executeTransaction(b -> b.transactStatements(
                        tx("UPDATE " + T + " SET balance = 0 WHERE pk = 't-acct'"),
                        ParameterizedStatement.builder().statement("EXISTS(SELECT * FROM " + T + " WHERE pk = 't-flag' AND isOpen = FALSE)")
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build(),
                        tx("INSERT INTO " + T + " VALUE {'pk': 't-transfer'}"))));
        List<String> codes = e.cancellationReasons().stream().map(CancellationReason::code).toList();
        assertEquals(List.of("None", "ConditionalCheckFailed", "ValidationError"), codes);
        assertEquals("Duplicate primary key exists in table", e.cancellationReasons().get(2).message());
        assertEquals(AttributeValue.fromBool(true), e.cancellationReasons().get(1).item().get("isOpen"));
        assertEquals(n("70"), ddb.getItem(b -> b.tableName(T).key(item("pk", "t-acct"))).item().get("balance"), "nothing was applied");

        // ClientRequestToken: a replay does not write again; another request with the token is refused
        ddb.executeTransaction(b -> b.clientRequestToken("tok-1").transactStatements(
                tx("UPDATE " + T + " SET balance = balance + 1 WHERE pk = 't-acct'")));
        ddb.executeTransaction(b -> b.clientRequestToken("tok-1").transactStatements(
                tx("UPDATE " + T + " SET balance = balance + 1 WHERE pk = 't-acct'")));
        assertEquals(n("71"), ddb.getItem(b -> b.tableName(T).key(item("pk", "t-acct"))).item().get("balance"));
        fails(IdempotentParameterMismatchException.class, "IdempotentParameterMismatchException",
                "Request parameters were provided that do not match the parameters of the original request with the same ClientRequestToken",
                () -> ddb.executeTransaction(b -> b.clientRequestToken("tok-1").transactStatements(
                        tx("UPDATE " + T + " SET balance = balance + 2 WHERE pk = 't-acct'"))));

        validation("Transaction request cannot include multiple operations on one item",
                () -> ddb.executeTransaction(b -> b.transactStatements(tx("DELETE FROM " + T + " WHERE pk = 'a'"),
                        tx("UPDATE " + T + " SET x = 1 WHERE pk = 'a'"))));
        validation("ExecuteTransaction API does not support both read and write operations in the same request.",
                () -> ddb.executeTransaction(b -> b.transactStatements(tx("SELECT * FROM " + T + " WHERE pk = 'a'"),
                        tx("DELETE FROM " + T + " WHERE pk = 'b'"))));
        // the service names the statement (live eu-west-2 2026-10, paritysuite partiqlFunctions)
        validation("Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition",
                () -> ddb.executeTransaction(b -> b.transactStatements(tx("EXISTS(SELECT * FROM " + T + " WHERE balance = 1)"))));
        List<ParameterizedStatement> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) many.add(tx("DELETE FROM " + T + " WHERE pk = 'm" + i + "'"));
        String m = validationMessage(() -> ddb.executeTransaction(b -> b.transactStatements(many)));
        assertTrue(m.startsWith("1 validation error detected: Value '[") && m.endsWith("]' at 'transactStatements' failed to satisfy constraint: Member must have length less than or equal to 100"), m);
    }

    @Test
    @Covers(operation = "ExecuteTransaction", parameters = {"TransactStatements", "ReturnConsumedCapacity"})
    void transactionOfReads() {
        ddb.putItem(b -> b.tableName(T).item(item("pk", "r1", "v", "one", "w", "x")));
        var r = ddb.executeTransaction(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactStatements(
                tx("SELECT v FROM " + T + " WHERE pk = 'r1'"), tx("SELECT * FROM " + T + " WHERE pk = 'r-none'")));
        assertEquals(item("v", "one"), r.responses().get(0).item());
        assertFalse(r.responses().get(1).hasItem());
        assertEquals(4.0, r.consumedCapacity().get(0).capacityUnits());
        validation("Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause.",
                () -> ddb.executeTransaction(b -> b.transactStatements(tx("SELECT * FROM " + T + " WHERE v = 'one'"))));
    }
}
