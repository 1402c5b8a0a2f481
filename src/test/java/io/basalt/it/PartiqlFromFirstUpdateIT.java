package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * PartiQL's FROM-first UPDATE, {@code FROM "T" WHERE <key> [AND cond] SET ... / REMOVE ...}: the service runs it
 * as the UPDATE it spells. Evidence: paritysuite/dynamodb-conformance tests/tier2/partiql/fromFirstUpdate.test.ts
 * (live eu-west-2, us-east-1, eu-west-1, us-west-2; October 2026).
 */
class PartiqlFromFirstUpdateIT extends ServerTestBase {
    static final String T = "pq_from_first";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    static String seed(String pk) {
        ddb.putItem(b -> b.tableName(T).item(item("pk", pk, "a", n("1"), "b", "bee")));
        return pk;
    }

    static Map<String, AttributeValue> stored(String pk) {
        var r = ddb.getItem(b -> b.tableName(T).key(item("pk", pk)).consistentRead(true));
        return r.hasItem() ? r.item() : null;
    }

    static void run(String statement, AttributeValue... params) {
        ddb.executeStatement(b -> {
            b.statement(statement);
            if (params.length > 0) b.parameters(params);
        });
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "Parameters"})
    void setRemoveAndBothInEitherOrder() {
        String pk = seed("ff-set");
        run("FROM \"" + T + "\" WHERE pk = '" + pk + "' SET c = 1");
        assertEquals(n("1"), stored(pk).get("c"));

        pk = seed("ff-remove");
        run("FROM \"" + T + "\" WHERE pk = '" + pk + "' REMOVE b");
        assertFalse(stored(pk).containsKey("b"));

        pk = seed("ff-set-remove");
        run("FROM \"" + T + "\" WHERE pk = '" + pk + "' SET c = 2 REMOVE a");
        assertEquals(n("2"), stored(pk).get("c"));
        assertFalse(stored(pk).containsKey("a"));

        pk = seed("ff-lower");
        run("from \"" + T + "\" where pk = '" + pk + "' set e = 4");
        assertEquals(n("4"), stored(pk).get("e"));

        pk = seed("ff-params");
        run("FROM \"" + T + "\" WHERE pk = ? SET c = ?", s(pk), n("7"));
        assertEquals(n("7"), stored(pk).get("c"));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void returningAllNew() {
        String pk = seed("ff-returning");
        var r = ddb.executeStatement(b -> b.statement("FROM \"" + T + "\" WHERE pk = '" + pk + "' SET d = 3 RETURNING ALL NEW *"));
        assertEquals(List.of(item("pk", pk, "a", n("1"), "b", "bee", "d", n("3"))), r.items());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void furtherWhereConditionIsTheWriteCondition() {
        String pk = seed("ff-condition");
        run("FROM \"" + T + "\" WHERE pk = '" + pk + "' AND a = 1 SET c = 5");
        assertEquals(n("5"), stored(pk).get("c"));

        String failing = seed("ff-condition-fails");
        fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> run("FROM \"" + T + "\" WHERE pk = '" + failing + "' AND a = 2 SET c = 5"));
        assertFalse(stored(failing).containsKey("c"));

        fails(ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed",
                () -> run("FROM \"" + T + "\" WHERE pk = 'ff-absent' SET c = 1"));
        assertNull(stored("ff-absent"));
    }

    @Test
    @Covers(operation = "ExecuteTransaction", parameters = {"TransactStatements"})
    @Covers(operation = "BatchExecuteStatement", parameters = {"Statements"})
    void transactionAndBatchRunIt() {
        String tx = seed("ff-tx");
        ddb.executeTransaction(b -> b.transactStatements(p -> p.statement("FROM \"" + T + "\" WHERE pk = '" + tx + "' SET c = 1")));
        assertEquals(n("1"), stored(tx).get("c"));

        String batch = seed("ff-batch");
        List<BatchStatementResponse> responses = ddb.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("FROM \"" + T + "\" WHERE pk = '" + batch + "' SET c = 1").build())).responses();
        assertEquals(1, responses.size());
        assertNull(responses.get(0).error());
        assertEquals(n("1"), stored(batch).get("c"));
    }
}
