package io.basalt.protocol.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.error.DynamoException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed reads from a streaming JSON parser, with the service's SerializationException when the JSON
 * type does not match the member's type. Every method expects the parser to be positioned on the
 * value's first token (after the field name) and leaves it on the value's last token.
 *
 * <p>A JSON null is accepted for any member and reads as Java null (the service treats it as absent).
 */
public final class JsonIn {
    private JsonIn() {}

    /** Reader of one value of some type, used for list elements and map values. */
    @FunctionalInterface
    public interface ValueReader<T> {
        T read(JsonParser p) throws IOException;
    }

    /** Called once per member of a structure, positioned on the member's value. */
    @FunctionalInterface
    public interface FieldHandler {
        void field(String name, JsonParser p) throws IOException;
    }

    /** Reads a structure, calling the handler for each member. Unknown members must be skipped by the handler. */
    public static void object(JsonParser p, FieldHandler handler) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw mismatch("structure", p);
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            handler.field(name, p);
        }
    }

    public static String string(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_STRING) return p.getText();
        if (t == JsonToken.VALUE_NULL) return null;
        throw mismatch("String", p);
    }

    public static Boolean bool(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE) return Boolean.TRUE;
        if (t == JsonToken.VALUE_FALSE) return Boolean.FALSE;
        if (t == JsonToken.VALUE_NULL) return null;
        throw mismatch("Boolean", p);
    }

    /** An integer member (Limit, TotalSegments, ...). Decimal values are truncated as the service does. */
    public static Long integer(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            return (long) p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_NULL) return null;
        throw mismatch("Long", p);
    }

    /** A base64 blob member. */
    public static byte[] blob(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.VALUE_STRING) throw mismatch("Blob", p);
        return Base64Blob.decode(p.getText());
    }

    public static <T> List<T> list(JsonParser p, ValueReader<T> element) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_ARRAY) throw mismatch("List", p);
        List<T> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(element.read(p));
        }
        return out;
    }

    public static <T> Map<String, T> map(JsonParser p, ValueReader<T> value) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_OBJECT) throw mismatch("Map", p);
        Map<String, T> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            out.put(name, value.read(p));
        }
        return out;
    }

    public static List<String> stringList(JsonParser p) throws IOException {
        return list(p, JsonIn::string);
    }

    public static Map<String, String> stringMap(JsonParser p) throws IOException {
        return map(p, JsonIn::string);
    }

    /** Skips the current value (for unknown members, which the service ignores). */
    public static void skip(JsonParser p) throws IOException {
        p.skipChildren();
    }

    /**
     * The SerializationException the service returns when a member has the wrong JSON type. The
     * service's text names the token it found.
     */
    public static DynamoException mismatch(String expected, JsonParser p) {
        JsonToken t = p.currentToken();
        String msg;
        if (t == JsonToken.START_OBJECT) {
            msg = "Start of structure or map found where not expected.";
        } else if (t == JsonToken.START_ARRAY) {
            msg = "Start of list found where not expected";
        } else if ("structure".equals(expected) || "Map".equals(expected)) {
            msg = "Unexpected value type in payload";
        } else if ("List".equals(expected)) {
            msg = "Unexpected field type";
        } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            msg = "NUMBER_VALUE cannot be converted to " + expected;
        } else if (t == JsonToken.VALUE_TRUE) {
            msg = "TRUE_VALUE cannot be converted to " + expected;
        } else if (t == JsonToken.VALUE_FALSE) {
            msg = "FALSE_VALUE cannot be converted to " + expected;
        } else if (t == JsonToken.VALUE_STRING) {
            msg = "STRING_VALUE cannot be converted to " + expected;
        } else {
            msg = "Unexpected token received from parser";
        }
        return DynamoException.serialization(msg);
    }
}
