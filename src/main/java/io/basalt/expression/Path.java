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

    /** Whether one path is a prefix of the other (or equal). */
    public boolean overlaps(Path other) {
        int n = Math.min(elements.size(), other.elements.size());
        for (int i = 0; i < n; i++) {
            if (!elements.get(i).equals(other.elements.get(i))) return false;
        }
        return true;
    }
}
