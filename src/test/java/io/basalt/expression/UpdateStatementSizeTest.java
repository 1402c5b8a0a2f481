package io.basalt.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The statement charge of UpdateItem's item-size rule, clause by clause, with the figures captured
 * from the live service (paritysuite/dynamodb-conformance itemSizeBySurface.test.ts, 2026-10-09);
 * UpdateItemStatementSizeIT checks the same against the limit through the SDK.
 */
class UpdateStatementSizeTest {
    private static final Map<String, AttributeValue> VALUES = Map.of(
            ":one", AttributeValue.n("1"),
            ":ten", AttributeValue.s("y".repeat(10)),
            ":list", new AttributeValue.L(List.of(AttributeValue.s("y".repeat(10)))),
            ":map", new AttributeValue.M(Map.of("a", AttributeValue.s("y".repeat(100)))),
            ":ss", new AttributeValue.SS(List.of("s".repeat(500))));

    private static long charge(String expression) {
        return UpdateParser.parseUncached(expression, new ExpressionContext(Map.of("#twelvechars", "b"), VALUES)).statementSize();
    }

    @Test
    void setChargesNineteenPlusTargetPlusValue() {
        assertEquals(3 + 19 + 1 + 10, charge("SET b = :ten"));
        assertEquals(charge("SET b = :ten"), charge("SET #twelvechars = :ten"));
        assertEquals(3 + 19 + (1 + 4 + 1) + 10, charge("SET d[0] = :ten"));
        assertEquals(3 + 19 + (1 + 4 + 4) + 10, charge("SET d.leaf = :ten"));
        assertEquals(3 + 19 + 1 + 105, charge("SET c = :map"));
    }

    @Test
    void operandsFunctionsAndOperators() {
        assertEquals(3 + 19 + 1 + 25, charge("SET c = abcdefghij"));
        assertEquals(3 + 19 + 1 + (1 + 15 + 15 + 15), charge("SET c = m.a.z"));
        assertEquals(3 + 19 + 1 + (1 + 15 + 16), charge("SET c = l[10]"));
        assertEquals(3 + 19 + 1 + 34 + 16 + 2, charge("SET n = n + :one"));
        assertEquals(3 + 19 + 1 + 37 + 16 + 2, charge("SET n = n - :one"));
        assertEquals(3 + 19 + 1 + 39 + 16 + 10, charge("SET c = if_not_exists(c, :ten)"));
        assertEquals(3 + 19 + 1 + 37 + 16 + 14, charge("SET l = list_append(l, :list)"));
        assertEquals(3 + 2 * (19 + 1 + 39 + 16 + 10), charge("SET c = if_not_exists(c, :ten), d = if_not_exists(d, :ten)"));
    }

    @Test
    void addRemoveAndDelete() {
        assertEquals(3 + 19 + 10 + 2, charge("ADD abcdefghij :one"));
        assertEquals(3 + 19 + 2 + 500, charge("ADD ss :ss"));
        assertEquals(3 + 1 + 10, charge("REMOVE abcdefghij"));
        assertEquals(3 + 1 + 1 + 4 + 10, charge("REMOVE m.yyyyyyyyyy"));
        assertEquals(3 + 1 + 1 + 4 + 2, charge("REMOVE l[10]"));
        assertEquals(3 + 1 + 2, charge("DELETE ss :ss"));
        assertEquals(3 + (19 + 1 + 10) + 2, charge("SET b = :ten REMOVE r"));
    }
}
