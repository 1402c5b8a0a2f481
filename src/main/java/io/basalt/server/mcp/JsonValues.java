package io.basalt.server.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.wire.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON-RPC messages as plain Java values (Map, List, String, Boolean, null, {@link Number} for
 * numbers), read and written with jackson-core's streaming API. Numbers keep their text, so a
 * DynamoDB number of 38 digits passes through unchanged.
 */
final class JsonValues {
    /** A JSON number as written. */
    record Number(String text) {
        @Override public String toString() { return text; }
    }

    /**
     * Deeper than this is refused as malformed: room for the API's 32 levels of attribute values in
     * DynamoDB JSON (two JSON levels each) inside a message, and a bound on the recursion.
     */
    static final int MAX_DEPTH = 256;

    private JsonValues() {}

    /** Parses one JSON value filling the whole input; IOException when it is not that. */
    static Object parse(byte[] json) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            JsonToken t = p.nextToken();
            if (t == null) throw new IOException("empty message");
            Object v = read(p, t, 0);
            if (p.nextToken() != null) throw new IOException("text after the JSON value");
            return v;
        }
    }

    private static Object read(JsonParser p, JsonToken t, int depth) throws IOException {
        if (depth > MAX_DEPTH) throw new IOException("nested too deeply");
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = p.currentName();
                    m.put(name, read(p, p.nextToken(), depth + 1));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) l.add(read(p, n, depth + 1));
                return l;
            }
            case VALUE_STRING -> { return p.getText(); }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> { return new Number(p.getText()); }
            case VALUE_TRUE -> { return Boolean.TRUE; }
            case VALUE_FALSE -> { return Boolean.FALSE; }
            case VALUE_NULL -> { return null; }
            default -> throw new IOException("unexpected " + t);
        }
    }

    static byte[] write(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static String text(Object value) {
        return new String(write(value), java.nio.charset.StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                g.writeFieldName(e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) write(g, o);
            g.writeEndArray();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Number n) {
            g.writeNumber(n.text());
        } else if (v instanceof Integer || v instanceof Long) {
            g.writeNumber(((java.lang.Number) v).longValue());
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getClass());
        }
    }

    /** A map built from name, value pairs, in order. */
    static Map<String, Object> object(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        return m;
    }
}
