package io.basalt.expression;

import io.basalt.model.AttributeValue;
import io.basalt.model.Values;
import java.util.Arrays;

/**
 * DynamoDB's comparison rules: values of different types are never ordered (the comparison is
 * false, not an error); N compares numerically, S and B by unsigned bytes; only S, N and B order.
 */
public final class Comparisons {
    private Comparisons() {}

    /** Sign of a compared to b, or null when they are not comparable. */
    public static Integer order(AttributeValue a, AttributeValue b) {
        if (a == null || b == null || a.type() != b.type()) return null;
        return switch (a) {
            case AttributeValue.N n -> n.value().compareTo(((AttributeValue.N) b).value());
            case AttributeValue.S s -> Values.compareStrings(s.value(), ((AttributeValue.S) b).value());
            case AttributeValue.B x -> Arrays.compareUnsigned(x.value(), ((AttributeValue.B) b).value());
            default -> null;
        };
    }

    public static boolean equal(AttributeValue a, AttributeValue b) {
        return a != null && b != null && Values.equalValues(a, b);
    }

    public static boolean compare(String op, AttributeValue a, AttributeValue b) {
        switch (op) {
            case "=": return equal(a, b);
            // an absent operand equals nothing, not even another absent one: `q <> z` holds when both are absent
            case "<>": return !equal(a, b);
            default:
                Integer o = order(a, b);
                if (o == null) return false;
                return switch (op) {
                    case "<" -> o < 0;
                    case "<=" -> o <= 0;
                    case ">" -> o > 0;
                    case ">=" -> o >= 0;
                    default -> throw new IllegalArgumentException(op);
                };
        }
    }

    public static boolean beginsWith(AttributeValue a, AttributeValue prefix) {
        if (a instanceof AttributeValue.S s && prefix instanceof AttributeValue.S p) return s.value().startsWith(p.value());
        if (a instanceof AttributeValue.B s && prefix instanceof AttributeValue.B p) {
            return s.value().length >= p.value().length
                    && Arrays.equals(s.value(), 0, p.value().length, p.value(), 0, p.value().length);
        }
        return false;
    }

    public static boolean contains(AttributeValue a, AttributeValue v) {
        if (a == null || v == null) return false;
        return switch (a) {
            case AttributeValue.S s -> v instanceof AttributeValue.S x && s.value().contains(x.value());
            case AttributeValue.B b -> v instanceof AttributeValue.B x && indexOf(b.value(), x.value()) >= 0;
            case AttributeValue.SS s -> v instanceof AttributeValue.S x && s.value().contains(x.value());
            case AttributeValue.NS s -> v instanceof AttributeValue.N x && s.value().contains(x.value());
            case AttributeValue.BS s -> v instanceof AttributeValue.B x && s.value().stream().anyMatch(e -> Arrays.equals(e, x.value()));
            case AttributeValue.L l -> l.value().stream().anyMatch(e -> Values.equalValues(e, v));
            default -> false;
        };
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
