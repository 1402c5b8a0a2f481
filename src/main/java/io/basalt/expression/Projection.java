package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A ProjectionExpression (or AttributesToGet): the listed paths, returned in the item's nested
 * shape; list elements picked by index are returned compacted, in index order.
 */
public final class Projection {
    private final List<Path> paths;

    public Projection(List<Path> paths) {
        this.paths = paths;
    }

    public List<Path> paths() {
        return paths;
    }

    public Set<String> topNames() {
        Set<String> s = new LinkedHashSet<>();
        for (Path p : paths) s.add(p.topName());
        return s;
    }

    /** Parses "a, b.c, d[1]". */
    public static Projection parse(String src, ExpressionContext ctx) {
        return ExpressionCache.get(ExpressionKind.PROJECTION, src, ctx, c -> parseUncached(src, c));
    }

    private static Projection parseUncached(String src, ExpressionContext ctx) {
        List<Path> paths = new ProjectionParser(src, ctx).run();
        for (int i = 0; i < paths.size(); i++) {
            for (int j = i + 1; j < paths.size(); j++) {
                String clash = Path.clashText(paths.get(i), paths.get(j));
                if (clash != null) throw ExpressionErrors.invalid(ExpressionKind.PROJECTION, clash);
            }
        }
        return new Projection(paths);
    }

    /** Projects an item; the result is a new map. */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, Object> tree = new LinkedHashMap<>();
        for (Path p : paths) {
            AttributeValue v = p.resolve(item);
            if (v == null) continue;
            insert(tree, p.elements(), 0, v);
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        // keep the item's attribute order for top-level names
        for (String name : item.keySet()) {
            Object node = tree.get(name);
            if (node != null) out.put(name, build(node));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static void insert(Object container, List<Object> elements, int i, AttributeValue v) {
        Object key = elements.get(i);
        boolean last = i == elements.size() - 1;
        if (!(container instanceof TreeMap<?, ?>)) {
            Map<String, Object> map = (Map<String, Object>) container;
            if (last) {
                map.put((String) key, v);
                return;
            }
            Object child = map.computeIfAbsent((String) key, k -> elements.get(i + 1) instanceof Integer ? new TreeMap<Integer, Object>() : new LinkedHashMap<String, Object>());
            insert(child, elements, i + 1, v);
        } else {
            TreeMap<Integer, Object> list = (TreeMap<Integer, Object>) container;
            if (last) {
                list.put((Integer) key, v);
                return;
            }
            Object child = list.computeIfAbsent((Integer) key, k -> elements.get(i + 1) instanceof Integer ? new TreeMap<Integer, Object>() : new LinkedHashMap<String, Object>());
            insert(child, elements, i + 1, v);
        }
    }

    @SuppressWarnings("unchecked")
    private static AttributeValue build(Object node) {
        if (node instanceof AttributeValue v) return v;
        if (node instanceof TreeMap<?, ?> t) {
            List<AttributeValue> l = new ArrayList<>();
            for (Object o : ((TreeMap<Integer, Object>) t).values()) l.add(build(o));
            return new AttributeValue.L(l);
        }
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        ((Map<String, Object>) node).forEach((k, o) -> m.put(k, build(o)));
        return new AttributeValue.M(m);
    }
}
