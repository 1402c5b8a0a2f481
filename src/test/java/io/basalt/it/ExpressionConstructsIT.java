package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every construct of condition and filter expressions, evaluated by the running server: each row
 * is a FilterExpression over the same items and the ids it must select.
 */
class ExpressionConstructsIT extends ServerTestBase {
    private static final String T = "constructs";
    private static final Map<String, AttributeValue> V = Map.ofEntries(
            Map.entry(":ten", n("10")), Map.entry(":ten0", n("10.0")), Map.entry(":five", n("5")), Map.entry(":twenty", n("20")),
            Map.entry(":tenS", s("10")), Map.entry(":ab", s("ab")), Map.entry(":a", s("a")), Map.entry(":x", s("x")),
            Map.entry(":ss", AttributeValue.fromSs(List.of("y", "x"))), Map.entry(":SS", s("SS")), Map.entry(":M", s("M")),
            Map.entry(":three", n("3")), Map.entry(":one", n("1")), Map.entry(":bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1}))),
            Map.entry(":t", AttributeValue.fromBool(true)), Map.entry(":deep", n("7")));

    @BeforeAll
    static void items() {
        Sdk.createHashTable(ddb, T);
        ddb.putItem(b -> b.tableName(T).item(item("pk", "1", "n", n("10"), "s", "abc", "ss", AttributeValue.fromSs(List.of("x", "y")),
                "l", AttributeValue.fromL(List.of(s("x"), n("5"))), "m", AttributeValue.fromM(Map.of("nest", AttributeValue.fromM(Map.of("deep", n("7"))))),
                "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2})), "flag", AttributeValue.fromBool(true))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "2", "n", n("20"), "s", "b", "ss", AttributeValue.fromSs(List.of("x")), "nul", AttributeValue.fromNul(true))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "3", "n", s("10"), "s", "a")));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "4")));
    }

    static Stream<Arguments> constructs() {
        return Stream.of(
                Arguments.of("n = :ten0", "1"),                             // numbers compare numerically
                Arguments.of("n = :tenS", "3"),                             // types must match
                Arguments.of("n <> :ten", "2,3,4"),                         // missing and other types are "not equal"
                Arguments.of("n < :twenty", "1"),                           // an S never orders against an N
                Arguments.of("n <= :ten AND n >= :five", "1"),
                Arguments.of("n > :ten", "2"),
                Arguments.of("n BETWEEN :five AND :twenty", "1,2"),
                Arguments.of("s IN (:a, :ab, :x)", "3"),
                Arguments.of("s > :a", "1,2"),                              // strings by bytes: "abc" and "b" > "a"
                Arguments.of("NOT s = :a AND attribute_exists(s) OR n = :twenty", "1,2"),
                Arguments.of("NOT (s = :a OR attribute_not_exists(s))", "1,2"),
                Arguments.of("ss = :ss", "1"),                              // sets compare unordered
                Arguments.of("attribute_type(ss, :SS) AND attribute_type(m, :M)", "1"),
                Arguments.of("attribute_exists(nul)", "2"),
                Arguments.of("begins_with(s, :ab)", "1"),
                Arguments.of("begins_with(b, :bin)", "1"),
                Arguments.of("contains(s, :ab)", "1"),
                Arguments.of("contains(ss, :x)", "1,2"),
                Arguments.of("contains(l, :x)", "1"),
                Arguments.of("size(ss) = :one", "2"),
                Arguments.of("size(s) = :three", "1"),
                Arguments.of("size(l) > :one", "1"),
                Arguments.of("m.nest.deep = :deep", "1"),
                Arguments.of("l[1] = :five", "1"),
                Arguments.of("flag = :t", "1"),
                Arguments.of("attribute_not_exists(n)", "4"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("constructs")
    @Covers(operation = "Scan", parameters = {"FilterExpression", "ExpressionAttributeValues"})
    void filterSelects(String expression, String expectedIds) {
        Map<String, AttributeValue> used = new java.util.HashMap<>();
        V.forEach((k, v) -> {
            if (expression.matches(".*" + java.util.regex.Pattern.quote(k) + "(\\W.*|$)")) used.put(k, v);
        });
        TreeSet<String> ids = new TreeSet<>();
        ddb.scan(b -> b.tableName(T).filterExpression(expression).expressionAttributeValues(used.isEmpty() ? null : used))
                .items().forEach(i -> ids.add(i.get("pk").s()));
        assertEquals(new TreeSet<>(List.of(expectedIds.split(","))), ids);
    }
}
