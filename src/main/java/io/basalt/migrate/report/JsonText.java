package io.basalt.migrate.report;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * Writes reports as JSON from plain maps, lists, strings, numbers and booleans, indented for
 * reading and diffing. Decimals print without exponent or trailing zeros (1087.5, 150).
 */
public final class JsonText {
    private JsonText() {}

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object v, int depth) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> quote(sb, s);
            case BigDecimal d -> sb.append(d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
            case Double d when d.isNaN() || d.isInfinite() -> sb.append("null");
            case Float f when f.isNaN() || f.isInfinite() -> sb.append("null");
            case Number n -> sb.append(n);
            case Boolean b -> sb.append(b);
            case Map<?, ?> m -> {
                if (m.isEmpty()) {
                    sb.append("{}");
                    return;
                }
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    sb.append(first ? "\n" : ",\n");
                    first = false;
                    indent(sb, depth + 1);
                    quote(sb, String.valueOf(e.getKey()));
                    sb.append(": ");
                    write(sb, e.getValue(), depth + 1);
                }
                sb.append('\n');
                indent(sb, depth);
                sb.append('}');
            }
            case Collection<?> c -> {
                if (c.isEmpty()) {
                    sb.append("[]");
                    return;
                }
                sb.append('[');
                boolean first = true;
                for (Object o : c) {
                    sb.append(first ? "\n" : ",\n");
                    first = false;
                    indent(sb, depth + 1);
                    write(sb, o, depth + 1);
                }
                sb.append('\n');
                indent(sb, depth);
                sb.append(']');
            }
            default -> quote(sb, v.toString());
        }
    }

    private static void indent(StringBuilder sb, int depth) {
        sb.append("  ".repeat(depth));
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }
}
