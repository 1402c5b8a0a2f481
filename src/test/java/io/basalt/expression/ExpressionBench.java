package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * JMH microbenchmarks of the expression engine: parsing (cold and cached), evaluating a 5-clause
 * condition, applying a 5-action update. Run (see docs/benchmarks.md):
 * {@code java -cp target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main ExpressionBench -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExpressionBench {
    static final String CONDITION = "#s = :active AND price BETWEEN :lo AND :hi AND begins_with(sku, :prefix) AND attribute_exists(tags) AND size(tags) > :one";
    static final String UPDATE = "SET price = price + :delta, #s = :active, history = list_append(history, :entry) ADD visits :one REMOVE obsolete";
    final Map<String, String> names = Map.of("#s", "status");
    final Map<String, AttributeValue> values = Map.of(
            ":active", AttributeValue.s("active"), ":lo", AttributeValue.n("10"), ":hi", AttributeValue.n("100"),
            ":prefix", AttributeValue.s("SKU-"), ":one", AttributeValue.n("1"), ":delta", AttributeValue.n("2.5"),
            ":entry", new AttributeValue.L(List.of(AttributeValue.s("viewed"))));
    final Map<String, AttributeValue> item = new LinkedHashMap<>();
    final Condition condition;
    final UpdateAction update;

    public ExpressionBench() {
        item.put("pk", AttributeValue.s("product#1"));
        item.put("status", AttributeValue.s("active"));
        item.put("price", AttributeValue.n("42.5"));
        item.put("sku", AttributeValue.s("SKU-12345"));
        item.put("tags", new io.basalt.model.AttributeValue.SS(List.of("a", "b", "c")));
        item.put("history", new AttributeValue.L(List.of(AttributeValue.s("created"))));
        item.put("visits", AttributeValue.n("7"));
        item.put("obsolete", AttributeValue.Bool.TRUE);
        item.put("description", AttributeValue.s("x".repeat(200)));
        condition = ConditionParser.parse(CONDITION, ExpressionKind.CONDITION, new ExpressionContext(names, values)).condition();
        update = UpdateParser.parse(UPDATE, new ExpressionContext(names, values));
    }

    @Benchmark
    public Object parseConditionCold() {
        return ConditionParser.parseUncached(CONDITION, ExpressionKind.CONDITION, new ExpressionContext(names, values));
    }

    @Benchmark
    public Object parseConditionCached() {
        return ConditionParser.parse(CONDITION, ExpressionKind.CONDITION, new ExpressionContext(names, values));
    }

    @Benchmark
    public Object parseUpdateCold() {
        return UpdateParser.parseUncached(UPDATE, new ExpressionContext(names, values));
    }

    @Benchmark
    public boolean evaluateCondition() {
        return condition.test(item);
    }

    @Benchmark
    public Object applyUpdate() {
        return update.apply(item);
    }
}
