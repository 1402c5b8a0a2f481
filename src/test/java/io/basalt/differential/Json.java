package io.basalt.differential;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON tree for the harness (objects are {@code LinkedHashMap}, arrays {@code ArrayList},
 * numbers {@code BigDecimal}), read and written with jackson-core's streaming API, which Basalt
 * already depends on. {@link #obj} and {@link #arr} build request bodies tersely.
 */
final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {}

    /** An object from alternating keys and values; a null value leaves its key out. */
    static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] != null) m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static List<Object> arr(Object... items) {
        return new ArrayList<>(List.of(items));
    }

    static Object parse(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) return null;
            return read(p, t);
        } catch (IOException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parseObject(String text) {
        Object o = parse(text);
        return o instanceof Map ? (Map<String, Object>) o : null;
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    m.put(name, read(p, p.nextToken()));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                JsonToken n;
                while ((n = p.nextToken()) != JsonToken.END_ARRAY) l.add(read(p, n));
                return l;
            }
            case VALUE_STRING -> { return p.getText(); }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> { return new BigDecimal(p.getText()); }
            case VALUE_TRUE -> { return Boolean.TRUE; }
            case VALUE_FALSE -> { return Boolean.FALSE; }
            default -> { return null; }
        }
    }

    static String write(Object value) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) g.writeNull();
        else if (v instanceof Map<?, ?> m) {
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
        } else if (v instanceof String s) g.writeString(s);
        else if (v instanceof Boolean b) g.writeBoolean(b);
        else if (v instanceof BigDecimal d) g.writeNumber(d);
        else if (v instanceof Integer i) g.writeNumber(i);
        else if (v instanceof Long l) g.writeNumber(l);
        else if (v instanceof Number n) g.writeNumber(n.toString());
        else if (v instanceof Raw r) g.writeRawValue(r.json());
        else throw new IllegalArgumentException("not JSON: " + v.getClass());
    }

    /** JSON text written as is (for malformed values the tree cannot hold). */
    record Raw(String json) {}

    /** The value at a path of object keys, or null. */
    @SuppressWarnings("unchecked")
    static Object at(Object root, String... keys) {
        Object o = root;
        for (String k : keys) {
            if (!(o instanceof Map)) return null;
            o = ((Map<String, Object>) o).get(k);
        }
        return o;
    }
}
