package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * One row per expression rule of the service, through the SDK against the running server, each
 * asserting the exact ValidationException text. PutItem's condition errors come in the 2026 envelope
 * "1 validation error detected: "; UpdateItem's update-expression errors, Scan's and Query's stay bare.
 */
class ExpressionRulesIT extends ServerTestBase {
    private static final String T = "expr_rules";
    private static final Map<String, AttributeValue> KEY = item("pk", "k");

    @BeforeAll
    static void table() {
        Sdk.createRangeTable(ddb, "expr_rules_q", ScalarAttributeType.N);
        Sdk.createHashTable(ddb, T);
        ddb.putItem(b -> b.tableName(T).item(item("pk", "k", "s", "str", "n", n("1"), "l", AttributeValue.fromL(List.of(s("a")))))) ;
    }

    private static Executable update(String expr, Map<String, AttributeValue> values) {
        return () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression(expr).expressionAttributeValues(values.isEmpty() ? null : values));
    }

    private static Executable condition(String expr, Map<String, AttributeValue> values) {
        return () -> ddb.putItem(b -> b.tableName(T).item(KEY).conditionExpression(expr).expressionAttributeValues(values.isEmpty() ? null : values));
    }

    private static Executable filter(String expr, Map<String, AttributeValue> values) {
        return () -> ddb.scan(b -> b.tableName(T).filterExpression(expr).expressionAttributeValues(values.isEmpty() ? null : values));
    }

    private static Executable key(String expr, Map<String, AttributeValue> values) {
        return () -> ddb.query(b -> b.tableName("expr_rules_q").keyConditionExpression(expr).expressionAttributeValues(values));
    }

    static Stream<Arguments> rules() {
        Map<String, AttributeValue> v = Map.of(":v", s("x"));
        Map<String, AttributeValue> one = Map.of(":one", n("1"));
        return Stream.of(
                Arguments.of("syntax error", update("SET a = = :v", v), "1 validation error detected: Invalid UpdateExpression: Syntax error; token: \"=\", near: \"= = :v\""),
                Arguments.of("syntax error at an unknown character", condition("a-b", Map.of()), "1 validation error detected: Invalid ConditionExpression: Syntax error; token: \"-\", near: \"a-b\""),
                Arguments.of("empty expression", update("", v), "1 validation error detected: Invalid UpdateExpression: The expression can not be empty;"),
                Arguments.of("undefined value", update("SET a = :nope", v), "1 validation error detected: Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :nope"),
                Arguments.of("undefined name", condition("#nope = :v", v), "1 validation error detected: Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #nope"),
                Arguments.of("unused value", update("SET a = :v", Map.of(":v", s("x"), ":w", s("y"))), "1 validation error detected: Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}"),
                Arguments.of("reserved word", filter("status = :v", v), "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status"),
                Arguments.of("overlapping paths", update("SET a.b = :v, a = :v", v), "1 validation error detected: Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"),
                Arguments.of("key attribute update", update("SET pk = :v", v), "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key"),
                Arguments.of("+ on a string", update("SET s = s + :one", one), "An operand in the update expression has an incorrect data type"),
                Arguments.of("+ with a string literal", update("SET n = n + :v", v), "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S"),
                Arguments.of("ADD of a string", update("ADD n :v", v), "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
                Arguments.of("DELETE of a number", update("DELETE n :one", one), "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER"),
                Arguments.of("list_append of a string", update("SET l = list_append(l, :v)", v), "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: S"),
                Arguments.of("clause twice", update("REMOVE a REMOVE b", Map.of()), "1 validation error detected: Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update expression;"),
                Arguments.of("unknown function", condition("nope(a)", Map.of()), "1 validation error detected: Invalid ConditionExpression: Invalid function name; function: nope"),
                Arguments.of("function needs a path", condition("attribute_exists(:v)", v), "1 validation error detected: Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists"),
                Arguments.of("wrong operand count", condition("begins_with(a)", Map.of()), "1 validation error detected: Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1"),
                Arguments.of("BETWEEN bounds", condition("a BETWEEN :hi AND :lo", Map.of(":hi", n("5"), ":lo", n("1"))),
                        "1 validation error detected: Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}"),
                Arguments.of("operand distinct", condition("a = a", Map.of()), "1 validation error detected: Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]"),
                Arguments.of("size alone", filter("size(a)", Map.of()), "Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: size"),
                Arguments.of("redundant parentheses", condition("((a = :v))", v), "1 validation error detected: Invalid ConditionExpression: The expression has redundant parentheses;"),
                Arguments.of("expression too long", filter("a = :v" + " ".repeat(4100), v), "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4106"),
                Arguments.of("key condition on a non-key", key("pk = :p AND x = :one", Map.of(":p", s("p"), ":one", n("1"))), "Query condition missed key schema element: sk"),
                Arguments.of("function in a key condition", key("pk = :p AND attribute_exists(sk)", Map.of(":p", s("p"))), "Invalid operator used in KeyConditionExpression: attribute_exists"),
                Arguments.of("mixing legacy and expressions", (Executable) () -> ddb.updateItem(b -> b.tableName(T).key(KEY).updateExpression("SET a = :v")
                        .expressionAttributeValues(v).attributeUpdates(Map.of("b", software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate.builder().value(s("y")).build()))),
                        "1 validation error detected: Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    @Covers(operation = "PutItem", parameters = {"ConditionExpression"})
    @Covers(operation = "Scan", parameters = {"FilterExpression"})
    @Covers(operation = "Query", parameters = {"KeyConditionExpression"})
    void rule(String description, Executable call, String message) {
        validation(message, call);
    }
}
