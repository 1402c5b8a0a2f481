package io.basalt.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Parentheses in UpdateExpression values, as the service takes them (checked against DynamoDB
 * Local 2.6.1, whose expression grammar answers as the service does): around a whole value,
 * around each operand, around function arguments; never around a clause's target path, never
 * twice around the same thing.
 */
class UpdateParenthesesTest {
    private static final Map<String, AttributeValue> VALUES = Map.of(
            ":v", AttributeValue.n("1"),
            ":zero", AttributeValue.n("0"),
            ":x", AttributeValue.n("7"),
            ":s", AttributeValue.s("text"),
            ":l", new AttributeValue.L(List.of(AttributeValue.n("9"))));
    private static final Map<String, AttributeValue> ITEM = Map.of(
            "b", AttributeValue.n("2"),
            "l", new AttributeValue.L(List.of(AttributeValue.n("1"))));

    private static Map<String, AttributeValue> apply(String expr) {
        UpdateAction a = UpdateParser.parseUncached(expr, new ExpressionContext(Map.of("#n", "n"), VALUES));
        return a.apply(new HashMap<>(ITEM));
    }

    private static void fails(String message, String expr) {
        DynamoException e = assertThrows(DynamoException.class, () -> apply(expr));
        assertEquals("Invalid UpdateExpression: " + message, e.getMessage());
    }

    @Test
    void wholeValuesAndOperandsMayBeParenthesised() {
        assertEquals(AttributeValue.n("-1"), apply("SET #n = (if_not_exists(#n, :zero) - :v)").get("n"));
        assertEquals(AttributeValue.n("1"), apply("SET #n = (if_not_exists(#n, :zero) + :v)").get("n"));
        assertEquals(AttributeValue.n("7"), apply("SET a = (:x)").get("a"));
        assertEquals(AttributeValue.n("2"), apply("SET a = ( b )").get("a"));
        assertEquals(AttributeValue.n("3"), apply("SET a = (b) + (:v)").get("a"));
        assertEquals(AttributeValue.n("3"), apply("SET a = (b)+(:v)").get("a"));
        assertEquals(AttributeValue.n("3"), apply("SET a = ((b) + :v)").get("a"));
        assertEquals(AttributeValue.n("4"), apply("SET a = b + (if_not_exists(b, :v))").get("a"));
        assertEquals(AttributeValue.n("3"), apply("SET a = (if_not_exists((b), :v) + (:v))").get("a"));
        assertEquals(AttributeValue.n("1"), apply("SET a = if_not_exists((c), (:v))").get("a"));
        assertEquals(AttributeValue.n("1"), apply("SET a = (l[0])").get("a"));
        assertEquals(new AttributeValue.L(List.of(AttributeValue.n("1"), AttributeValue.n("9"))),
                apply("SET a = list_append((l), (:l))").get("a"));
        Map<String, AttributeValue> two = apply("SET a = (b - :v), c = (list_append(l, :l))");
        assertEquals(AttributeValue.n("1"), two.get("a"));
        assertEquals(2, ((AttributeValue.L) two.get("c")).value().size());
    }

    @Test
    void parenthesesTheServiceRefuses() {
        fails("The expression has redundant parentheses;", "SET a = ((:x))");
        fails("The expression has redundant parentheses;", "SET a = ((b + :v))");
        fails("The expression has redundant parentheses;", "SET a = ((b)) + :v");
        fails("The expression has redundant parentheses;", "SET a = (b) - ((:v))");
        fails("The expression has redundant parentheses;", "SET a = if_not_exists(((b)), :v)");
        fails("The expression has redundant parentheses;", "SET a = list_append(((l)), l)");
        fails("The expression has redundant parentheses;", "SET a = (:x), c = ((:x))");
        // found as the group closes, before the syntax error after it
        fails("The expression has redundant parentheses;", "SET a = ((:x)) +");
        fails("Syntax error; token: \"+\", near: \") + :v\"", "SET a = (b + :v) + :v");
        fails("Syntax error; token: \"-\", near: \"b - :v\"", "SET a = :v + (b - :v)");
        fails("Syntax error; token: \"-\", near: \":v - :v\"", "SET a = (b - :v - :v)");
        fails("Syntax error; token: \"+\", near: \":v + :v\"", "SET a = if_not_exists(b, (:v + :v))");
        fails("Syntax error; token: \",\", near: \"l, l\"", "SET a = list_append((l, l))");
        fails("Syntax error; token: \"(\", near: \"SET (a\"", "SET (a) = :v");
        fails("Syntax error; token: \"(\", near: \"REMOVE (a\"", "REMOVE (a)");
        fails("Syntax error; token: \"(\", near: \"b (:v\"", "ADD b (:v)");
        fails("Syntax error; token: \")\", near: \"()\"", "SET a = ()");
        fails("Syntax error; token: \"<EOF>\", near: \":v\"", "SET a = (b + :v");
        fails("Syntax error; token: \")\", near: \":v)\"", "SET a = b + :v)");
        fails("Syntax error; token: \"[\", near: \")[0\"", "SET a = (l)[0]");
        fails("Syntax error; token: \"(\", near: \") (:v\"", "SET a = (b) (:v)");
        fails("Operator or function requires a document path; operator or function: if_not_exists", "SET a = if_not_exists((:v), b)");
        fails("Incorrect operand type for operator or function; operator or function: +, operand type: S", "SET a = (b) + (:s)");
        fails("The function is not allowed in an update expression; function: size", "SET a = (size(b))");
    }
}
