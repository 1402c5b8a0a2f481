package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * A document path: a top-level attribute name followed by map keys and list indexes. Elements are
 * String (map key / attribute name) or Integer (list index).
 */
public record Path(List<Object> elements) {

    public String topName() {
        return (String) elements.get(0);
    }

    /** The value at this path in an item, or null when any step is missing or of the wrong type. */
    public AttributeValue resolve(Map<String, AttributeValue> item) {
        if (item == null) return null;
        AttributeValue cur = item.get(topName());
        for (int i = 1; i < elements.size() && cur != null; i++) {
            Object e = elements.get(i);
            if (e instanceof Integer idx) {
                if (!(cur instanceof AttributeValue.L l) || idx >= l.value().size()) return null;
                cur = l.value().get(idx);
            } else {
                if (!(cur instanceof AttributeValue.M m)) return null;
                cur = m.value().get((String) e);
            }
        }
        return cur;
    }

    /** The service's rendering in overlap errors: [a, b, [2]]. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) sb.append(", ");
            Object e = elements.get(i);
            sb.append(e instanceof Integer ? "[" + e + "]" : e);
        }
        return sb.append(']').toString();
    }

    /** How two paths of one expression clash: not at all, one is a prefix of the other, or they conflict. */
    public enum Clash { NONE, OVERLAP, CONFLICT }

    /**
     * Whether two paths of one expression clash as the service refuses them: one is a prefix of the
     * other ("overlap"), or they name one element both as a map member and a list element
     * ({@code a.b} and {@code a[1]}: "conflict", no item could hold both).
     */
    public Clash clash(Path other) {
        int n = Math.min(elements.size(), other.elements.size());
        for (int i = 0; i < n; i++) {
            Object a = elements.get(i), b = other.elements.get(i);
            if ((a instanceof Integer) != (b instanceof Integer)) return Clash.CONFLICT;
            if (!a.equals(b)) return Clash.NONE;
        }
        return Clash.OVERLAP;
    }

    /**
     * The service's refusal of two clashing paths in one expression, or null: "Two document paths
     * overlap|conflict with each other; must remove or rewrite one of these paths; path one: [..],
     * path two: [..]" ({@code first} as path one).
     */
    public static String clashText(Path first, Path second) {
        Clash c = first.clash(second);
        if (c == Clash.NONE) return null;
        return "Two document paths " + (c == Clash.OVERLAP ? "overlap" : "conflict")
                + " with each other; must remove or rewrite one of these paths; path one: " + first + ", path two: " + second;
    }
}
