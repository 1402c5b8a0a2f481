package io.basalt.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.Projection;
import io.basalt.expression.UpdateParser;
import io.basalt.expression.partiql.PartiqlParser;
import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * Any text given as a condition, filter, key condition, update or projection expression, or as a
 * PartiQL statement, is parsed or refused with a ValidationException: never another exception,
 * never a stack overflow (expressions nested thousands deep included).
 */
class ExpressionParsersFuzzTest {
    private static final Map<String, String> NAMES = Map.of("#a", "a", "#b", "b", "#c", "c");
    private static final Map<String, AttributeValue> VALUES = Map.of(
            ":s", AttributeValue.s("x"), ":n", AttributeValue.n(1), ":z", AttributeValue.n(0),
            ":l", new AttributeValue.L(List.of(AttributeValue.s("e"))), ":b", AttributeValue.Bool.TRUE);

    private static void refusedAsTheServiceRefuses(Runnable parse) {
        try {
            parse.run();
        } catch (DynamoException e) {
            if (e.type() != ErrorType.VALIDATION) throw new AssertionError("refused as " + e.type() + ": " + e.getMessage(), e);
        }
    }

    /** The deepest nesting a request can carry (expressions are limited to 4 KB), and far deeper. */
    @org.junit.jupiter.api.Test
    void deepNestingIsParsedOrRefusedWithoutAStackOverflow() {
        for (int depth : new int[] {1_000, 2_040, 50_000}) {
            String open = "(".repeat(depth), close = ")".repeat(depth);
            refusedAsTheServiceRefuses(() -> ConditionParser.parse(open + "#a = :s" + close, ExpressionKind.CONDITION,
                    new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> ConditionParser.parse("NOT ".repeat(depth) + "#a = :s", ExpressionKind.FILTER,
                    new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> ConditionParser.parse("size(".repeat(depth) + "#a" + close + " = :n",
                    ExpressionKind.CONDITION, new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> UpdateParser.parse("SET #a = " + open + ":n" + close, new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> UpdateParser.parse("SET #a = " + "if_not_exists(#a, ".repeat(depth) + ":n" + close,
                    new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> Projection.parse("#a" + ".#b".repeat(depth), new ExpressionContext(NAMES, VALUES)));
            refusedAsTheServiceRefuses(() -> PartiqlParser.parse("SELECT * FROM T WHERE " + open + "a = 1" + close, List.of()));
        }
    }

    @FuzzTest(maxDuration = "20s")
    void anyExpressionIsParsedOrRefused(FuzzedDataProvider data) {
        int kind = data.consumeInt(0, 5);
        String text = data.consumeRemainingAsString();
        refusedAsTheServiceRefuses(() -> {
            ExpressionContext ctx = new ExpressionContext(NAMES, VALUES);
            switch (kind) {
                case 0 -> ConditionParser.parse(text, ExpressionKind.CONDITION, ctx);
                case 1 -> ConditionParser.parse(text, ExpressionKind.FILTER, ctx);
                case 2 -> ConditionParser.parse(text, ExpressionKind.KEY_CONDITION, ctx);
                case 3 -> UpdateParser.parse(text, ctx);
                case 4 -> Projection.parse(text, ctx);
                default -> PartiqlParser.parse(text, List.of(AttributeValue.s("p")));
            }
        });
    }
}
