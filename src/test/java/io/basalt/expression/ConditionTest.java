package io.basalt.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Condition parsing and evaluation, with the service's semantics and messages. */
class ConditionTest {
    private static final Map<String, AttributeValue> ITEM = Map.of(
            "s", AttributeValue.s("hello"),
            "n", AttributeValue.n("10"),
            "b", new AttributeValue.B(new byte[] {1, 2, (byte) 0xFF}),
            "ss", new AttributeValue.SS(List.of("a", "b")),
            "ns", new AttributeValue.NS(List.of(DNumber.parse("1"), DNumber.parse("2"))),
            "l", new AttributeValue.L(List.of(AttributeValue.s("x"), AttributeValue.n("5"))),
            "m", new AttributeValue.M(Map.of("nest", new AttributeValue.M(Map.of("deep", AttributeValue.n("3"))))),
            "t", AttributeValue.Bool.TRUE,
            "nul", AttributeValue.Null.INSTANCE);

    private static final Map<String, AttributeValue> VALUES = Map.ofEntries(
            Map.entry(":s", AttributeValue.s("hello")),
            Map.entry(":he", AttributeValue.s("he")),
            Map.entry(":ten", AttributeValue.n("10.0")),
            Map.entry(":nine", AttributeValue.n("9")),
            Map.entry(":eleven", AttributeValue.n("11")),
            Map.entry(":tenS", AttributeValue.s("10")),
            Map.entry(":a", AttributeValue.s("a")),
            Map.entry(":x", AttributeValue.s("x")),
            Map.entry(":one", AttributeValue.n("1")),
            Map.entry(":three", AttributeValue.n("3")),
            Map.entry(":five", AttributeValue.n("5")),
            Map.entry(":typeSS", AttributeValue.s("SS")),
            Map.entry(":typeBad", AttributeValue.s("XX")),
            Map.entry(":ssab", new AttributeValue.SS(List.of("b", "a"))),
            Map.entry(":b12", new AttributeValue.B(new byte[] {1, 2})),
            Map.entry(":t", AttributeValue.Bool.TRUE));

    private static boolean eval(String expr) {
        return ConditionParser.parse(expr, ExpressionKind.CONDITION, new ExpressionContext(Map.of("#n", "n", "#s", "s"), VALUES))
                .condition().test(ITEM);
    }

    private static void fails(String message, String expr) {
        DynamoException e = assertThrows(DynamoException.class, () -> eval(expr));
        assertEquals(message, e.getMessage());
    }

    @Test
    void comparisons() {
        assertTrue(eval("n = :ten"), "numbers compare numerically");
        assertFalse(eval("n = :tenS"), "different types are never equal");
        assertTrue(eval("n <> :tenS"));
        assertFalse(eval("n < :tenS"), "different types never order, and it is no error");
        assertTrue(eval("n < :eleven AND n > :nine AND n >= :ten AND n <= :ten"));
        assertTrue(eval("s = :s AND #s = :s"));
        assertTrue(eval("ss = :ssab"), "sets compare unordered");
        assertFalse(eval("absent = :s"), "a absent attribute compares false");
        assertTrue(eval("absent <> :s"));
        assertTrue(eval("m.nest.deep = :three"));
        assertTrue(eval("l[0] = :x"));
        assertTrue(eval("n BETWEEN :nine AND :eleven"));
        assertFalse(eval("s BETWEEN :nine AND :eleven"));
        assertTrue(eval("s IN (:a, :s)"));
        assertFalse(eval("absent IN (:a, :s)"));
    }

    @Test
    void precedenceNotAndOr() {
        // NOT binds tighter than AND, AND tighter than OR
        assertTrue(eval("n = :nine AND s = :a OR n = :ten"));
        assertFalse(eval("n = :nine AND (s = :a OR n = :ten)"));
        assertTrue(eval("NOT n = :nine AND n = :ten"));
        assertFalse(eval("NOT (n = :ten AND s = :s)"));
        assertTrue(eval("not n = :nine and n = :ten"), "keywords are case-insensitive");
    }

    @Test
    void functions() {
        assertTrue(eval("attribute_exists(m.nest.deep) AND attribute_not_exists(m.nest.nope)"));
        assertTrue(eval("attribute_type(ss, :typeSS)"));
        assertTrue(eval("begins_with(s, :he)"));
        assertTrue(eval("begins_with(b, :b12)"));
        assertTrue(eval("contains(s, :he) AND contains(ss, :a) AND contains(l, :x) AND contains(ns, :one)"));
        assertFalse(eval("contains(n, :one)"));
        assertFalse(eval("size(s) = :nine"));
        assertTrue(eval("size(ss) < :three AND size(l) > :one AND size(m) = :one AND size(b) = :three"));
    }

    @Test
    void errors() {
        fails("Invalid ConditionExpression: Syntax error; token: \"AND\", near: \"= AND :ten\"", "n = AND :ten");
        fails("Invalid ConditionExpression: The expression can not be empty;", " ");
        fails("Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: size", "size = :one");
        fails("Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :nope", "n = :nope");
        fails("Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #x", "#x = :one");
        fails("Invalid ConditionExpression: Invalid function name; function: nope", "nope(n)");
        fails("Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [n]", "n = n");
        fails("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N", "begins_with(s, :one)");
        fails("Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:11}, upper bound operand: AttributeValue: {N:9}",
                "n BETWEEN :eleven AND :nine");
        fails("Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size", "size(s)");
        fails("Invalid ConditionExpression: Invalid attribute type name found; type: XX, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}", "attribute_type(s, :typeBad)");
        StringBuilder in = new StringBuilder("n IN (");
        for (int i = 0; i < 101; i++) in.append(i == 0 ? "" : ", ").append(":one");
        fails("Invalid ConditionExpression: The IN operator is provided with too many operands; number of operands: 101", in.append(")").toString());
    }

    @Test
    void parenthesesAndNesting() {
        assertTrue(eval("(n = :ten)"));
        assertTrue(eval("(n = :ten AND (s = :s OR (n = :nine)))"));
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "((n = :ten))");
        StringBuilder deep = new StringBuilder();
        for (int i = 0; i < 250; i++) deep.append("(n = :ten AND ");
        deep.append("n = :ten");
        for (int i = 0; i < 250; i++) deep.append(")");
        assertTrue(eval(deep.toString()), "deep but legal nesting evaluates");
        fails("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097", "n = :ten" + " ".repeat(4089));
    }

    @Test
    void parenthesesAroundOperandsAndFunctions() {
        assertTrue(eval("(n) = :ten"));
        assertTrue(eval("n = (:ten)"));
        assertTrue(eval("(:ten) = (n)"));
        assertTrue(eval("((n) = :ten)"), "a group holding a comparison of a group is not redundant");
        assertTrue(eval("(size(l)) = (:one) OR size((l)) = :one OR size(l) > :one"));
        assertTrue(eval("(attribute_exists(s)) AND attribute_exists((s)) AND begins_with((s), (:he)) AND contains((ss), (:a))"));
        assertTrue(eval("attribute_type((ss), :typeSS)"));
        assertTrue(eval("(n) BETWEEN (:nine) AND (:eleven) AND (n) IN ((:one), :ten)"));
        assertTrue(eval("(m.nest.deep) = (:three) AND (l[1]) = :five"));
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "((n)) = :ten");
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "n = ((:ten))");
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "size(((l))) = :one");
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "NOT ((n = :ten))");
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "(n = :ten AND s = :s) OR ((n = :one))");
        // the service checks redundancy as each group closes, before a later syntax error
        fails("Invalid ConditionExpression: The expression has redundant parentheses;", "((n = :ten)) AND");
    }

    @Test
    void operandsWhereAConditionIsDue() {
        fails("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \")\"", "(n)");
        fails("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"n\"", "n");
        fails("Invalid ConditionExpression: Syntax error; token: \"AND\", near: \") AND n\"", "(n) AND n = :ten");
        fails("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \")\"", "NOT (n)");
        fails("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \")\"", "n = :ten AND (s)");
        fails("Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size", "(size(l))");
        fails("Invalid ConditionExpression: Syntax error; token: \"=\", near: \"s = :s\"", "n = (s = :s)");
        fails("Invalid ConditionExpression: Syntax error; token: \"=\", near: \") = :ten\"", "(n = :ten) = :ten");
        fails("Invalid ConditionExpression: Syntax error; token: \",\", near: \":one, :ten\"", "n IN ((:one, :ten))");
        fails("Invalid ConditionExpression: Syntax error; token: \"[\", near: \")[1\"", "(l)[1] = :one");
        fails("Invalid ConditionExpression: Syntax error; token: \")\", near: \"()\"", "n = :ten AND ()");
        fails("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":ten\"", "(n = :ten");
        fails("Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists", "attribute_exists((:ten))");
    }

    @Test
    void precedenceNotThenAndThenOr() {
        // with n = 10 and s = hello: each line differs from its neighbour only in grouping
        assertTrue(eval("n = :one AND s = :x OR n = :ten"), "AND binds tighter than OR");
        assertFalse(eval("n = :one AND (s = :x OR n = :ten)"));
        assertTrue(eval("n = :ten OR n = :one AND s = :x"));
        assertFalse(eval("(n = :ten OR n = :one) AND s = :x"));
        assertFalse(eval("NOT n = :one AND s = :x"), "NOT binds tighter than AND");
        assertTrue(eval("NOT (n = :ten AND s = :x)"));
        assertTrue(eval("NOT n = :one OR n = :ten AND NOT s = :s"));
        assertFalse(eval("NOT (n = :one OR n = :ten) AND NOT s = :x"));
        assertTrue(eval("NOT (NOT n = :ten)"));
        assertTrue(eval("((n = :one) OR (s = :s)) AND (n = :ten)"));
    }

    @Test
    void parsedExpressionsAreCached() {
        ExpressionContext a = new ExpressionContext(Map.of("#n", "n"), Map.of(":v", AttributeValue.n("1")));
        ExpressionContext b = new ExpressionContext(Map.of("#n", "n"), Map.of(":v", AttributeValue.n("1")));
        ConditionParser.Parsed first = ConditionParser.parse("#n = :v", ExpressionKind.CONDITION, a);
        ConditionParser.Parsed second = ConditionParser.parse("#n = :v", ExpressionKind.CONDITION, b);
        assertTrue(first == second, "the second identical request reuses the parse");
        b.checkAllUsed(); // placeholders count as used on a cache hit too
        ExpressionContext other = new ExpressionContext(Map.of("#n", "n"), Map.of(":v", AttributeValue.n("2")));
        assertFalse(ConditionParser.parse("#n = :v", ExpressionKind.CONDITION, other).condition().test(Map.of("n", AttributeValue.n("1"))));
    }

    @Test
    void unusedPlaceholders() {
        ExpressionContext ctx = new ExpressionContext(Map.of("#n", "n", "#unused", "u"), Map.of(":ten", AttributeValue.n("10"), ":z", AttributeValue.n("1")));
        ConditionParser.parse("#n = :ten", ExpressionKind.CONDITION, ctx);
        DynamoException e = assertThrows(DynamoException.class, ctx::checkAllUsed);
        assertEquals("Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}", e.getMessage());
    }
}
