package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Parentheses in every kind of expression, as the service takes them (each form checked against
 * DynamoDB Local 2.6.1, whose expression grammar and messages are the service's): grouping and
 * precedence of conditions, parentheses around operands and function arguments, around SET values
 * and operands (as libraries send "SET #n = (if_not_exists(#n, :zero) + :v)"), and in key
 * conditions; redundant ones are refused.
 */
class ParenthesesIT extends ServerTestBase {
    private static final String T = "parens";
    private static final String K = "parens_keys";
    private static final Map<String, AttributeValue> V = Map.of(
            ":x", n("1"), ":y", n("1"), ":z", n("1"), ":p", s("k"), ":s", s("s"), ":lo", s("s1"), ":hi", s("s3"), ":t", s("N"));

    /** Eight items s1..s8: every combination of a, b, c in {1, 2} (s1 = 1,1,1; s8 = 2,2,2). */
    @BeforeAll
    static void items() {
        Sdk.createHashTable(ddb, T);
        Sdk.createRangeTable(ddb, K, ScalarAttributeType.S);
        int i = 0;
        for (int a = 1; a <= 2; a++) {
            for (int b = 1; b <= 2; b++) {
                for (int c = 1; c <= 2; c++) {
                    i++;
                    Map<String, AttributeValue> it = item("a", n("" + a), "b", n("" + b), "c", n("" + c), "l", AttributeValue.fromL(List.of(n("1"))));
                    Map<String, AttributeValue> hashed = new HashMap<>(it);
                    hashed.put("pk", s("s" + i));
                    ddb.putItem(r -> r.tableName(T).item(hashed));
                    Map<String, AttributeValue> ranged = new HashMap<>(it);
                    ranged.put("pk", s("k"));
                    ranged.put("sk", s("s" + i));
                    ddb.putItem(r -> r.tableName(K).item(ranged));
                }
            }
        }
    }

    /** The values the expression names (null for none: the service refuses an empty map). */
    private static Map<String, AttributeValue> used(String expression) {
        Map<String, AttributeValue> out = new HashMap<>();
        V.forEach((k, v) -> {
            if (expression.matches(".*" + Pattern.quote(k) + "(\\W.*|$)")) out.put(k, v);
        });
        return out.isEmpty() ? null : out;
    }

    static Stream<Arguments> filters() {
        return Stream.of(
                Arguments.of("(a = :x)", "s1,s2,s3,s4"),
                Arguments.of("(a) = :x", "s1,s2,s3,s4"),
                Arguments.of("a = (:x)", "s1,s2,s3,s4"),
                Arguments.of("((a) = :x)", "s1,s2,s3,s4"),
                Arguments.of("(a) = (b)", "s1,s2,s7,s8"),
                Arguments.of("(size(l)) = :x AND size((l)) = (:y)", "s1,s2,s3,s4,s5,s6,s7,s8"),
                Arguments.of("(attribute_exists(a)) AND attribute_type((a), :t) AND contains((l), (:x))", "s1,s2,s3,s4,s5,s6,s7,s8"),
                Arguments.of("(a) IN ((:x), :y) AND (b) BETWEEN (:x) AND (:y)", "s1,s2"),
                Arguments.of("NOT (a = :x)", "s5,s6,s7,s8"),
                Arguments.of("(NOT a = :x)", "s5,s6,s7,s8"),
                Arguments.of("NOT (NOT a = :x)", "s1,s2,s3,s4"),
                Arguments.of("((a = :x) AND (b = :y))", "s1,s2"),
                Arguments.of("(a = :x) AND ((b = :y) OR (c = :z))", "s1,s2,s3"),
                // AND binds tighter than OR, NOT tighter than AND: each pair differs only in grouping
                Arguments.of("a = :x OR b = :y AND c = :z", "s1,s2,s3,s4,s5"),
                Arguments.of("(a = :x OR b = :y) AND c = :z", "s1,s3,s5"),
                Arguments.of("(a = :x AND b = :y) OR c = :z", "s1,s2,s3,s5,s7"),
                Arguments.of("NOT a = :x AND b = :y", "s5,s6"),
                Arguments.of("NOT (a = :x AND b = :y)", "s3,s4,s5,s6,s7,s8"),
                Arguments.of("NOT a = :x OR b = :y AND NOT c = :z", "s2,s5,s6,s7,s8"),
                Arguments.of("( a = :x )AND( b = :y )", "s1,s2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    @Covers(operation = "Scan", parameters = {"FilterExpression"})
    void filtersGroupAndNest(String expression, String expected) {
        TreeSet<String> ids = new TreeSet<>();
        ddb.scan(b -> b.tableName(T).filterExpression(expression).expressionAttributeValues(used(expression)))
                .items().forEach(i -> ids.add(i.get("pk").s()));
        assertEquals(expected, String.join(",", ids));
    }

    static Stream<Arguments> keyConditions() {
        return Stream.of(
                Arguments.of("(#pk = :p) AND (#sk BETWEEN :lo AND :hi)", "s1,s2,s3"),
                Arguments.of("(#pk = :p AND begins_with(#sk, :s))", "s1,s2,s3,s4,s5,s6,s7,s8"),
                Arguments.of("((#pk = :p) AND (#sk BETWEEN :lo AND :hi))", "s1,s2,s3"),
                Arguments.of("(#pk) = (:p) AND begins_with((#sk), (:s))", "s1,s2,s3,s4,s5,s6,s7,s8"),
                Arguments.of("(#sk > :lo) AND (#pk = :p)", "s2,s3,s4,s5,s6,s7,s8"),
                Arguments.of("(#sk) BETWEEN (:lo) AND (:hi) AND (#pk) = (:p)", "s1,s2,s3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyConditions")
    @Covers(operation = "Query", parameters = {"KeyConditionExpression"})
    void keyConditionsGroup(String expression, String expected) {
        List<String> ids = ddb.query(b -> b.tableName(K).keyConditionExpression(expression)
                        .expressionAttributeNames(Map.of("#pk", "pk", "#sk", "sk")).expressionAttributeValues(used(expression)))
                .items().stream().map(i -> i.get("sk").s()).toList();
        assertEquals(expected, String.join(",", ids));
    }

    static Stream<Arguments> refused() {
        String redundant = "The expression has redundant parentheses;";
        return Stream.of(
                Arguments.of("FilterExpression", "((a = :x))", redundant),
                Arguments.of("FilterExpression", "((a)) = :x", redundant),
                Arguments.of("FilterExpression", "a = ((:x))", redundant),
                Arguments.of("FilterExpression", "NOT ((a = :x))", redundant),
                Arguments.of("FilterExpression", "size(((l))) = :x", redundant),
                Arguments.of("FilterExpression", "(((a = :x) AND (b = :y)))", redundant),
                Arguments.of("FilterExpression", "((a = :x) AND b = :y) OR ((c = :z))", redundant),
                Arguments.of("FilterExpression", "(a)", "Syntax error; token: \"<EOF>\", near: \")\""),
                Arguments.of("FilterExpression", "(a) AND b = :x", "Syntax error; token: \"AND\", near: \") AND b\""),
                Arguments.of("FilterExpression", "a = (b = :x)", "Syntax error; token: \"=\", near: \"b = :x\""),
                Arguments.of("FilterExpression", "(a = :x) = :y", "Syntax error; token: \"=\", near: \") = :y\""),
                Arguments.of("FilterExpression", "a IN ((:x, :y))", "Syntax error; token: \",\", near: \":x, :y\""),
                Arguments.of("FilterExpression", "(a = :x))", "Syntax error; token: \")\", near: \"))\""),
                Arguments.of("FilterExpression", "(a = :x", "Syntax error; token: \"<EOF>\", near: \":x\""),
                Arguments.of("FilterExpression", "a = :x AND ()", "Syntax error; token: \")\", near: \"()\""),
                Arguments.of("FilterExpression", "(size(l))", "The function is not allowed to be used this way in an expression; function: size"),
                Arguments.of("KeyConditionExpression", "((#pk = :p))", redundant),
                Arguments.of("KeyConditionExpression", "#pk = :p AND ((#sk > :lo))", redundant));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("refused")
    @Covers(operation = "Query", parameters = {"FilterExpression", "KeyConditionExpression"})
    void redundantAndMisplacedParenthesesAreRefused(String parameter, String expression, String message) {
        boolean key = parameter.equals("KeyConditionExpression");
        validation("Invalid " + parameter + ": " + message, () -> ddb.query(b -> {
            b.tableName(K).expressionAttributeValues(used(expression.contains(":p") ? expression : expression + " :p"));
            if (key) {
                Map<String, String> names = new HashMap<>(Map.of("#pk", "pk", "#sk", "sk"));
                names.keySet().removeIf(k -> !expression.contains(k));
                b.keyConditionExpression(expression).expressionAttributeNames(names);
            } else {
                b.keyConditionExpression("pk = :p").filterExpression(expression);
            }
        }));
    }

    private static Map<String, AttributeValue> update(String expression, Map<String, String> names) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":v", n("1"), ":zero", n("0"), ":x", n("7"), ":l", AttributeValue.fromL(List.of(n("1")))));
        values.keySet().removeIf(k -> !expression.matches(".*" + Pattern.quote(k) + "(\\W.*|$)"));
        return ddb.updateItem(b -> b.tableName(T).key(item("pk", "upd")).updateExpression(expression)
                .expressionAttributeNames(names.isEmpty() ? null : names)
                .expressionAttributeValues(values.isEmpty() ? null : values).returnValues(ReturnValue.ALL_NEW)).attributes();
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void setValuesAndOperandsTakeParentheses() {
        Map<String, String> n = Map.of("#n", "n");
        assertEquals(n("1"), update("SET #n = (if_not_exists(#n, :zero) + :v)", n).get("n"));
        assertEquals(n("2"), update("SET #n = (if_not_exists(#n, :zero) + :v)", n).get("n"));
        assertEquals(n("1"), update("SET #n = (if_not_exists(#n, :zero) - :v)", n).get("n"));
        assertEquals(n("7"), update("SET a = (:x)", Map.of()).get("a"));
        assertEquals(n("8"), update("SET a = (a) + (:v)", Map.of()).get("a"));
        assertEquals(n("9"), update("SET a = ((a) + :v)", Map.of()).get("a"));
        assertEquals(n("18"), update("SET a = a + (if_not_exists(a, :v))", Map.of()).get("a"));
        Map<String, AttributeValue> both = update("SET b = (a - :v), l = (list_append((if_not_exists(l, :l)), (:l)))", Map.of());
        assertEquals(n("17"), both.get("b"));
        assertEquals(AttributeValue.fromL(List.of(n("1"), n("1"))), both.get("l"));
    }

    static Stream<Arguments> refusedUpdates() {
        String redundant = "The expression has redundant parentheses;";
        return Stream.of(
                Arguments.of("SET a = ((:x))", redundant),
                Arguments.of("SET a = ((a + :v))", redundant),
                Arguments.of("SET a = ((a)) + :v", redundant),
                Arguments.of("SET a = if_not_exists(((a)), :v)", redundant),
                Arguments.of("SET a = ((:x)) +", redundant),
                Arguments.of("SET a = (a + :v) + :v", "Syntax error; token: \"+\", near: \") + :v\""),
                Arguments.of("SET a = :v + (a - :v)", "Syntax error; token: \"-\", near: \"a - :v\""),
                Arguments.of("SET a = if_not_exists(a, (:v + :v))", "Syntax error; token: \"+\", near: \":v + :v\""),
                Arguments.of("SET (a) = :v", "Syntax error; token: \"(\", near: \"SET (a\""),
                Arguments.of("REMOVE (a)", "Syntax error; token: \"(\", near: \"REMOVE (a\""),
                Arguments.of("SET a = (a + :v", "Syntax error; token: \"<EOF>\", near: \":v\""),
                Arguments.of("SET a = if_not_exists((:v), a)", "Operator or function requires a document path; operator or function: if_not_exists"),
                Arguments.of("SET a = (size(a))", "The function is not allowed in an update expression; function: size"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedUpdates")
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    void updateParenthesesTheServiceRefuses(String expression, String message) {
        validation("1 validation error detected: Invalid UpdateExpression: " + message, () -> update(expression, Map.of()));
    }
}
