package io.basalt.it;

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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;

/**
 * Document paths in a PartiQL SELECT list. The result is not the item's nesting (as a
 * ProjectionExpression's is): each path is one top-level attribute named after its last map key,
 * with the list index right after it if any — as DynamoDB Local 2.6.1 answers, whose PartiQL
 * front end is the service's shared one (ddb.partiql.shared), and as clients read it
 * (PyDynamoDB names a column "a.b" by "b").
 */
class PartiqlSelectPathsIT extends ServerTestBase {
    private static final String T = "select_paths";

    private static AttributeValue m(Object... kv) {
        return AttributeValue.fromM(item(kv));
    }

    private static AttributeValue l(AttributeValue... v) {
        return AttributeValue.fromL(List.of(v));
    }

    @BeforeAll
    static void items() {
        Sdk.createHashTable(ddb, T);
        ddb.putItem(b -> b.tableName(T).item(item("pk", "k",
                "a", m("b", m("c", s("deep"), "d", n("4")), "x", s("y")),
                "l", l(m("b", s("first"), "z", n("1")), s("second"), l(n("5"), n("6"), l(s("x"), s("y")))),
                "t", s("top"))));
    }

    private static Map<String, AttributeValue> select(String list) {
        List<Map<String, AttributeValue>> items = ddb.executeStatement(b -> b.statement("SELECT " + list + " FROM " + T + " WHERE pk = 'k'")).items();
        assertEquals(1, items.size());
        return items.get(0);
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void eachPathIsATopLevelAttributeNamedAfterItsLastKey() {
        assertEquals(Map.of("c", s("deep")), select("a.b.c"));
        assertEquals(Map.of("c", s("deep")), select("\"a\".\"b\".\"c\""));
        assertEquals(Map.of("b", m("c", s("deep"), "d", n("4"))), select("a.b"));
        assertEquals(Map.of("c", s("deep"), "d", n("4"), "t", s("top")), select("a.b.c, a.b.d, t"));
        assertEquals(Map.of("c", s("deep"), "x", s("y")), select("a.b.c, a.x"));
        assertEquals(Map.of("b", s("first")), select("l[0].b"));
        assertEquals(Map.of("l[1]", s("second")), select("l[1]"));
        assertEquals(Map.of("b", s("first"), "l[1]", s("second"), "c", s("deep")), select("l[0].b, l[1], a.b.c"));
        // a path that is missing gives nothing, not an error
        assertEquals(Map.of(), select("a.nope"));
        assertEquals(Map.of(), select("l[5]"));
        assertEquals(Map.of(), select("t.x"));
        assertEquals(Map.of("t", s("top")), select("t, a.nope"));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void aSecondIndexInARowStaysInsideTheAttribute() {
        assertEquals(Map.of("l[2]", l(n("6"))), select("l[2][1]"));
        assertEquals(Map.of("l[2]", l(n("5"), n("6"))), select("l[2][0], l[2][1]"));
        assertEquals(Map.of("l[2]", l(l(s("y")))), select("l[2][2][1]"));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void scansAndBatchesAnswerAlike() {
        List<Map<String, AttributeValue>> scanned = ddb.executeStatement(b -> b.statement("SELECT a.b.c, l[1] FROM " + T)).items();
        assertEquals(List.of(Map.of("c", s("deep"), "l[1]", s("second"))), scanned);
        var batch = ddb.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("SELECT a.b.c, l[0].b FROM " + T + " WHERE pk = 'k'").build()));
        assertEquals(Map.of("c", s("deep"), "b", s("first")), batch.responses().get(0).item());
        var tx = ddb.executeTransaction(b -> b.transactStatements(
                ParameterizedStatement.builder().statement("SELECT a.x FROM " + T + " WHERE pk = 'k'").build()));
        assertEquals(Map.of("x", s("y")), tx.responses().get(0).item());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void sameNamesAndOverlapsAreRefused() {
        validation("Duplicate identifiers in select clause: c", () -> select("a.b.c, a.b.c"));
        validation("Duplicate identifiers in select clause: b", () -> select("a.b, x.b"));
        validation("Duplicate identifiers in select clause: k", () -> select("m.k, k"));
        validation("Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b, c]",
                () -> select("a.b.c, a"));
        validation("Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b, c], path two: [a]",
                () -> select("a, a.b.c"));
        validation("Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, b, c]",
                () -> select("t, a.b.c, a.b"));
    }
}
