package io.basalt.server.auth.policy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The form in which the service keeps a resource policy and GetResourcePolicy returns it
 * (ack-api-quirks DDB-TABLE-208/351/352/353/355, live 2026-10-09): minified; Version then
 * Statement (always a list); in each statement Sid, Effect, Principal, Action, Resource,
 * Condition (the Not- forms in their positive's slot); Effect title-cased; a one-element list
 * (Action, Resource, a principal or condition value) written as its string, longer lists kept
 * verbatim (order and duplicates); an account id as principal written as its root ARN and a
 * principal list de-duplicated first. The rewrite is structural only: no sorting, no case folding.
 */
public final class PolicyCanonicalForm {
    private static final List<String> STATEMENT_ORDER = List.of("Sid", "Effect", "Principal", "NotPrincipal", "Action",
            "NotAction", "Resource", "NotResource", "Condition");

    /** A JSON number, kept as written. */
    private record Number(String text) {}

    private PolicyCanonicalForm() {}

    /**
     * The canonical text of a valid policy document.
     *
     * @param defaultVersion the Version to write when the document has none (GetResourcePolicy fills
     *                       "2008-10-17"); null keeps it absent, which is how the service compares a re-put
     *                       document with the stored one (DDB-TABLE-354: a Version-less document and its
     *                       read-back with 2008-10-17 are different policies)
     */
    public static String of(String document, String defaultVersion) {
        Object root;
        try (JsonParser p = Json.FACTORY.createParser(document)) {
            p.nextToken();
            root = read(p);
        } catch (IOException e) {
            throw new MalformedPolicyException("This policy contains invalid Json");
        }
        if (!(root instanceof Map<?, ?> top)) throw new MalformedPolicyException("This policy contains invalid Json");
        Map<String, Object> out = new LinkedHashMap<>();
        Object version = top.containsKey("Version") ? top.get("Version") : defaultVersion;
        if (version != null) out.put("Version", version);
        if (top.containsKey("Id")) out.put("Id", top.get("Id"));
        Object statements = top.get("Statement");
        List<Object> list = new ArrayList<>();
        for (Object s : statements instanceof List<?> l ? l : List.of(statements)) list.add(statement((Map<?, ?>) s));
        out.put("Statement", list);
        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            write(g, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static Map<String, Object> statement(Map<?, ?> s) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : STATEMENT_ORDER) {
            if (!s.containsKey(key)) continue;
            Object v = s.get(key);
            out.put(key, switch (key) {
                case "Sid" -> v;
                case "Effect" -> v instanceof String e && e.equalsIgnoreCase("allow") ? "Allow" : "Deny";
                case "Principal", "NotPrincipal" -> principals(v);
                case "Condition" -> condition(v);
                default -> single(v);
            });
        }
        return out;
    }

    private static Object principals(Object v) {
        if (!(v instanceof Map<?, ?> m)) return v;
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            LinkedHashSet<Object> names = new LinkedHashSet<>();
            for (Object name : e.getValue() instanceof List<?> l ? l : List.of(e.getValue())) {
                names.add("AWS".equals(e.getKey()) && name instanceof String s && s.matches("\\d{12}") ? "arn:aws:iam::" + s + ":root" : name);
            }
            out.put((String) e.getKey(), single(new ArrayList<>(names)));
        }
        return out;
    }

    private static Object condition(Object v) {
        if (!(v instanceof Map<?, ?> ops)) return v;
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> op : ops.entrySet()) {
            if (!(op.getValue() instanceof Map<?, ?> keys)) {
                out.put((String) op.getKey(), op.getValue());
                continue;
            }
            Map<String, Object> k = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : keys.entrySet()) k.put((String) e.getKey(), single(e.getValue()));
            out.put((String) op.getKey(), k);
        }
        return out;
    }

    /** A one-element list as its element. */
    private static Object single(Object v) {
        return v instanceof List<?> l && l.size() == 1 ? l.get(0) : v;
    }

    private static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                m.put(name, read(p));
            }
            return m;
        }
        if (t == JsonToken.START_ARRAY) {
            List<Object> l = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) l.add(read(p));
            return l;
        }
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) return t == JsonToken.VALUE_TRUE;
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) return new Number(p.getText());
        if (t == JsonToken.VALUE_NULL) return null;
        return p.getText();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName((String) e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) write(g, o);
            g.writeEndArray();
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Number n) {
            g.writeNumber(n.text());
        } else if (v == null) {
            g.writeNull();
        } else {
            g.writeString((String) v);
        }
    }
}
