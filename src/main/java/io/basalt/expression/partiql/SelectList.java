package io.basalt.expression.partiql;

import io.basalt.expression.Path;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The paths of a SELECT list and the item they make. Unlike a ProjectionExpression, a SELECT
 * does not rebuild the item's nesting: each path comes back as a top-level attribute named after
 * its last map key, followed by the list index right after it if any — {@code a.b.c} gives
 * {@code c}, {@code l[0].b} gives {@code b}, {@code l[1]} gives {@code l[1]}. A path that goes
 * on through a second list index in a row ({@code l[2][0]}) stops its name there: the attribute
 * {@code l[2]} holds the projected rest (here a list of the one element), and paths that share
 * it merge, as DynamoDB Local 2.6.1 answers (its PartiQL front end is the service's shared one).
 */
public final class SelectList {
    /** One attribute of the result: its name, the path to the value it holds, and what of it is kept. */
    private record Column(String name, Path at, List<Path> rest) {}

    private final List<Column> columns;

    private SelectList(List<Column> columns) {
        this.columns = columns;
    }

    /** Checks the list as the service does: two paths may neither share a name nor overlap. */
    public static SelectList of(List<Path> paths) {
        Set<String> identifiers = new HashSet<>();
        for (Path p : paths) {
            String id = identifier(p);
            if (!identifiers.add(id)) throw PartiqlErrors.invalid("Duplicate identifiers in select clause: " + id);
        }
        for (int j = 1; j < paths.size(); j++) {
            for (int i = 0; i < j; i++) {
                String clash = Path.clashText(paths.get(j), paths.get(i));
                if (clash != null) throw PartiqlErrors.invalid(clash);
            }
        }
        Map<String, Column> byName = new LinkedHashMap<>();
        for (Path p : paths) {
            List<Object> e = p.elements();
            int end = nameEnd(e);
            Path at = new Path(List.copyOf(e.subList(0, end)));
            String name = nameOf(e, end);
            Column c = byName.get(name);
            if (c == null || !c.at().equals(at)) {
                c = new Column(name, at, new ArrayList<>());
                byName.put(name, c);
            }
            if (end < e.size()) {
                List<Object> rest = new ArrayList<>();
                rest.add("");
                rest.addAll(e.subList(end, e.size()));
                c.rest().add(new Path(List.copyOf(rest)));
            }
        }
        return new SelectList(List.copyOf(byName.values()));
    }

    /** The result item: one attribute per column whose value exists. */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Column c : columns) {
            AttributeValue v = c.at().resolve(item);
            if (v != null && !c.rest().isEmpty()) {
                v = new Projection(c.rest()).apply(Map.of("", v)).get("");
            }
            if (v != null) out.put(c.name(), v);
        }
        return out;
    }

    /** How many leading elements the attribute's name covers: it stops before a second list index in a row. */
    private static int nameEnd(List<Object> e) {
        int end = 1;
        for (int i = 1; i < e.size(); i++) {
            if (e.get(i) instanceof Integer && e.get(i - 1) instanceof Integer) break;
            end = i + 1;
        }
        return end;
    }

    private static String nameOf(List<Object> e, int end) {
        Object last = e.get(end - 1);
        return last instanceof Integer idx ? e.get(end - 2) + "[" + idx + "]" : (String) last;
    }

    /** The service's identifier of a path for the duplicate check: its last map key and every index after it. */
    private static String identifier(Path p) {
        StringBuilder sb = new StringBuilder();
        for (Object e : p.elements()) {
            if (e instanceof Integer idx) {
                sb.append('[').append(idx).append(']');
            } else {
                sb.setLength(0);
                sb.append(e);
            }
        }
        return sb.toString();
    }
}
