package io.basalt.differential;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The known differences (src/test/resources/differential/known-differences.json): each entry says
 * which differences it covers (operation, kind, body path, and the answer of one or both sides:
 * status, type, message pattern), what the service answers, the evidence and why. Status
 * "deliberate": Basalt follows the service where DynamoDB Local does not; "basalt-bug": Basalt is
 * wrong and the entry keeps the suite green until it is fixed; "unsettled": not yet settled against
 * the oracle (the recorded file then holds Basalt's answer, so that any change of it shows). Patterns are Java regular
 * expressions matched against the whole normalised text.
 */
final class KnownDifferences {
    record Side(Integer status, String type, Pattern message) {
        boolean matches(Answer a) {
            return (status == null || status == a.status())
                    && (type == null || type.equals(a.type()))
                    && (message == null || (a.message() != null && message.matcher(a.message()).matches()));
        }
    }

    record Entry(String id, String status, Pattern operation, List<String> kinds, Pattern path, Pattern request,
                 Side basalt, Side reference) {
        boolean deliberate() {
            return "deliberate".equals(status);
        }

        /** Not settled against the oracle yet: the recorded run keeps Basalt's answer as a snapshot. */
        boolean unsettled() {
            return "unsettled".equals(status);
        }

        boolean matches(GeneratedRequest req, AnswerComparator.Difference d, Answer b, Answer r) {
            String op = (req.streams() ? "Streams." : "") + req.operation();
            return (operation == null || operation.matcher(op).matches())
                    && (kinds == null || kinds.contains(d.kind()))
                    && (path == null || path.matcher(d.path()).matches())
                    && (request == null || request.matcher(req.body()).find())
                    && (basalt == null || basalt.matches(b))
                    && (reference == null || reference.matches(r));
        }
    }

    private final List<Entry> entries;

    private KnownDifferences(List<Entry> entries) {
        this.entries = entries;
    }

    static KnownDifferences load(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    static KnownDifferences fromResource() throws IOException {
        try (var in = KnownDifferences.class.getResourceAsStream("/differential/known-differences.json")) {
            if (in == null) throw new IOException("differential/known-differences.json is not on the class path");
            return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @SuppressWarnings("unchecked")
    static KnownDifferences parse(String text) {
        Object root = Json.parse(text);
        if (!(root instanceof List<?> list)) throw new IllegalArgumentException("known differences: a JSON array expected");
        List<Entry> entries = new ArrayList<>();
        for (Object o : list) {
            Map<String, Object> e = (Map<String, Object>) o;
            Map<String, Object> m = (Map<String, Object>) e.get("match");
            if (m == null) throw new IllegalArgumentException("known difference without match: " + e.get("id"));
            entries.add(new Entry((String) e.get("id"), (String) e.get("status"), pattern(m.get("operation")),
                    m.get("kinds") == null ? null : (List<String>) m.get("kinds"), pattern(m.get("path")),
                    pattern(m.get("request")), side(m.get("basalt")), side(m.get("reference"))));
        }
        return new KnownDifferences(entries);
    }

    private static Pattern pattern(Object o) {
        return o == null ? null : Pattern.compile((String) o, Pattern.DOTALL);
    }

    @SuppressWarnings("unchecked")
    private static Side side(Object o) {
        if (o == null) return null;
        Map<String, Object> m = (Map<String, Object>) o;
        Number st = (Number) m.get("status");
        return new Side(st == null ? null : st.intValue(), (String) m.get("type"), pattern(m.get("message")));
    }

    /**
     * The first entry covering this difference, or null; unsettled entries only when
     * {@code skipUnsettled} is false (see {@link Reference#unsettledApply}).
     */
    Entry match(GeneratedRequest req, AnswerComparator.Difference d, Answer basalt, Answer reference, boolean skipUnsettled) {
        for (Entry e : entries) {
            if (skipUnsettled && e.unsettled()) continue;
            if (e.matches(req, d, basalt, reference)) return e;
        }
        return null;
    }

    int size() {
        return entries.size();
    }
}
