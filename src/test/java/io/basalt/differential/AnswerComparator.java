package io.basalt.differential;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares Basalt's answer with the reference answer (DynamoDB Local live, or a recorded answer):
 * status, type, message, then the body. Lists whose order the service leaves unspecified (Scan
 * items, index Query items, BatchGetItem responses) and set elements are compared as multisets; a
 * set whose elements only come in another order is a difference of its own kind ("set-order").
 * Scans that read a page or a segment compare only ScannedCount: which items a page holds depends
 * on the hash order of each implementation.
 */
final class AnswerComparator {
    /** One difference: kind is status, type, message, body, capacity, return-values or set-order. */
    record Difference(String kind, String path, String basalt, String reference) {
        Map<String, Object> toJson() {
            return Json.obj("kind", kind, "path", path, "basalt", basalt, "reference", reference);
        }
    }

    private static final int MAX_PER_REQUEST = 6;

    private AnswerComparator() {}

    static List<Difference> compare(GeneratedRequest request, Answer basalt, Answer reference) {
        List<Difference> out = new ArrayList<>();
        if (basalt.status() != reference.status())
            out.add(new Difference("status", "", String.valueOf(basalt.status()), String.valueOf(reference.status())));
        if (!Objects.equals(basalt.type(), reference.type()))
            out.add(new Difference("type", "", basalt.type(), reference.type()));
        else if (!Objects.equals(basalt.message(), reference.message()))
            out.add(new Difference("message", "", basalt.message(), reference.message()));
        if (basalt.status() == reference.status() && Objects.equals(basalt.type(), reference.type())) {
            Object b = shape(request, basalt.body()), r = shape(request, reference.body());
            new Walk(request, out).compare("", b, r);
        }
        return out.size() > MAX_PER_REQUEST ? out.subList(0, MAX_PER_REQUEST) : out;
    }

    /** The body as far as both implementations must agree on it for this request. */
    @SuppressWarnings("unchecked")
    private static Object shape(GeneratedRequest request, Object body) {
        if (!(body instanceof Map<?, ?> m)) return body;
        if (request.streams()) {
            // shard layouts differ by design (Basalt: 4 fixed shards, docs/streams.md): compare shapes only
            Map<String, Object> kept = new LinkedHashMap<>((Map<String, Object>) m);
            if (kept.get("StreamDescription") instanceof Map<?, ?> d) {
                Map<String, Object> desc = new LinkedHashMap<>((Map<String, Object>) d);
                desc.remove("Shards");
                desc.remove("LastEvaluatedShardId");
                kept.put("StreamDescription", desc);
            }
            if (kept.containsKey("Records")) kept.put("Records", "(records)");
            return kept;
        }
        if (request.operation().equals("Scan")) {
            Map<String, Object> req = request.bodyTree();
            if (req != null && (req.containsKey("Limit") || req.containsKey("Segment"))) {
                Map<String, Object> kept = new LinkedHashMap<>((Map<String, Object>) m);
                kept.keySet().retainAll(Set.of("ScannedCount", "ConsumedCapacity"));
                if (req.containsKey("Segment")) kept.remove("ScannedCount");
                return kept;
            }
        }
        return body;
    }

    private static final class Walk {
        private final GeneratedRequest request;
        private final List<Difference> out;

        Walk(GeneratedRequest request, List<Difference> out) {
            this.request = request;
            this.out = out;
        }

        private String kindAt(String path) {
            if (path.contains("ConsumedCapacity")) return "capacity";
            if (path.startsWith("/Attributes")) return "return-values";
            return "body";
        }

        @SuppressWarnings("unchecked")
        void compare(String path, Object b, Object r) {
            if (out.size() > MAX_PER_REQUEST) return;
            if (b instanceof Map<?, ?> bm && r instanceof Map<?, ?> rm) {
                if (isSet(bm) && isSet(rm) && bm.keySet().equals(rm.keySet())) {
                    compareSet(path, (Map<String, Object>) bm, (Map<String, Object>) rm);
                    return;
                }
                Set<String> keys = new TreeSet<>((Set<String>) bm.keySet());
                keys.addAll((Set<String>) rm.keySet());
                for (String k : keys) {
                    String p = path + "/" + k;
                    if (!bm.containsKey(k) || !rm.containsKey(k))
                        out.add(new Difference(kindAt(p), p, brief(bm.get(k)), brief(rm.get(k))));
                    else compare(p, bm.get(k), rm.get(k));
                }
                return;
            }
            if (b instanceof List<?> bl && r instanceof List<?> rl) {
                if (unordered(path)) {
                    List<String> bs = canonicalSorted(bl), rs = canonicalSorted(rl);
                    if (!bs.equals(rs)) out.add(new Difference(kindAt(path), path + " (unordered)", brief(bs), brief(rs)));
                    return;
                }
                if (bl.size() != rl.size()) {
                    out.add(new Difference(kindAt(path), path, brief(bl), brief(rl)));
                    return;
                }
                for (int i = 0; i < bl.size(); i++) compare(path + "[" + i + "]", bl.get(i), rl.get(i));
                return;
            }
            if (b instanceof BigDecimal bd && r instanceof BigDecimal rd) {
                if (bd.compareTo(rd) != 0) out.add(new Difference(kindAt(path), path, bd.toString(), rd.toString()));
                return;
            }
            if (!Objects.equals(b, r)) out.add(new Difference(kindAt(path), path, brief(b), brief(r)));
        }

        private boolean unordered(String path) {
            String op = request.operation();
            if (op.equals("Scan") && path.equals("/Items")) return true;
            if (op.equals("Query") && path.equals("/Items") && request.bodyTree() != null
                    && request.bodyTree().containsKey("IndexName")) return true;
            if (op.equals("BatchGetItem") && path.startsWith("/Responses/")) return true;
            if (path.startsWith("/UnprocessedItems/") || path.startsWith("/UnprocessedKeys/")) return true;
            return path.endsWith("/AttributeDefinitions") || path.endsWith("/GlobalSecondaryIndexes")
                    || path.endsWith("/LocalSecondaryIndexes") || path.endsWith("/NonKeyAttributes");
        }

        private void compareSet(String path, Map<String, Object> b, Map<String, Object> r) {
            String t = b.keySet().iterator().next();
            if (!(b.get(t) instanceof List<?> bl) || !(r.get(t) instanceof List<?> rl)) {
                if (!Objects.equals(b, r)) out.add(new Difference(kindAt(path), path, brief(b), brief(r)));
                return;
            }
            List<String> bs = canonicalSorted(bl), rs = canonicalSorted(rl);
            if (!bs.equals(rs)) out.add(new Difference(kindAt(path), path, brief(b), brief(r)));
            else if (!bl.equals(rl)) out.add(new Difference("set-order", path, brief(b), brief(r)));
        }
    }

    private static boolean isSet(Map<?, ?> m) {
        if (m.size() != 1) return false;
        Object k = m.keySet().iterator().next();
        return "SS".equals(k) || "NS".equals(k) || "BS".equals(k);
    }

    /** Elements as canonical JSON (sets inside sorted), sorted: a multiset. */
    private static List<String> canonicalSorted(List<?> l) {
        List<String> s = new ArrayList<>();
        for (Object o : l) s.add(Json.write(canonical(o)));
        s.sort(Comparator.naturalOrder());
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Object canonical(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> sorted = new java.util.TreeMap<>();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) sorted.put(e.getKey(), canonical(e.getValue()));
            if (isSet(m) && m.values().iterator().next() instanceof List<?> l) {
                List<Object> els = new ArrayList<>(l);
                els.sort(Comparator.comparing(String::valueOf));
                sorted.put((String) m.keySet().iterator().next(), els);
            }
            return sorted;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object x : l) out.add(canonical(x));
            return out;
        }
        if (o instanceof BigDecimal d) return d.stripTrailingZeros();
        return o;
    }

    static String brief(Object o) {
        if (o == null) return null;
        String s = o instanceof String str ? str : Json.write(o instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof String
                ? l : canonical(o));
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }
}
