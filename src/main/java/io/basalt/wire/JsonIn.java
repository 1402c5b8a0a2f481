package io.basalt.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.error.DynamoException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
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
 *
 * <p>The service words a mismatch by where the value sits (a structure's field, or a list element or
 * map value) and by the model class it expected. Each structure, list and map read here records its
 * {@link WireType} on the parser's context, so nested reads find both without callers passing them;
 * the request's root is marked by {@link #beginRequest}.
 */
public final class JsonIn {
    /** What the service answers when a list or map value inside a list or map is a scalar (verbatim). */
    static final String NESTED_COLLECTION_MISMATCH = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl"
            + " cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl"
            + " and java.lang.Class are in module java.base of loader 'bootstrap')";

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

    /** Marks the request object (parser on its START_OBJECT) as the input structure of an operation. */
    public static void beginRequest(JsonParser p, String operation) {
        p.assignCurrentValue(WireType.structure(operation + "Input"));
    }

    /** Reads a structure, calling the handler for each member. Unknown members must be skipped by the handler. */
    public static void object(JsonParser p, FieldHandler handler) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw mismatch(structureType(p), p);
        if (p.currentValue() == null) p.assignCurrentValue(structureType(p));
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
        throw mismatch(WireType.STRING, p);
    }

    public static Boolean bool(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE) return Boolean.TRUE;
        if (t == JsonToken.VALUE_FALSE) return Boolean.FALSE;
        if (t == JsonToken.VALUE_NULL) return null;
        throw mismatch(WireType.BOOLEAN, p);
    }

    /**
     * An Integer or Long member (Limit, TotalSegments, ReadCapacityUnits, ...). Decimal values are
     * truncated, as the service does.
     */
    public static Long integer(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) return p.getLongValue();
        if (t == JsonToken.VALUE_NUMBER_FLOAT) return p.getDecimalValue().longValue();
        if (t == JsonToken.VALUE_NULL) return null;
        throw mismatch(declaredType(p) == WireType.INTEGER ? WireType.INTEGER : WireType.LONG, p);
    }

    /** A timestamp member: seconds since the epoch, possibly with a fraction (the JSON protocol's form). */
    public static Instant timestamp(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) throw mismatch(WireType.TIMESTAMP, p);
        BigDecimal seconds = p.getDecimalValue();
        return Instant.ofEpochSecond(seconds.longValue(),
                seconds.remainder(BigDecimal.ONE).movePointRight(9).intValue());
    }

    /** A base64 blob member. */
    public static byte[] blob(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.VALUE_STRING) throw mismatch(WireType.BLOB, p);
        return Base64Blob.decode(p.getText());
    }

    public static <T> List<T> list(JsonParser p, ValueReader<T> element) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        WireType type = collectionType(p, WireType.Kind.LIST, WireType.SOME_LIST);
        if (t != JsonToken.START_ARRAY) throw mismatch(type, p);
        p.assignCurrentValue(type);
        List<T> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(element.read(p));
        }
        return out;
    }

    public static <T> Map<String, T> map(JsonParser p, ValueReader<T> value) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        WireType type = collectionType(p, WireType.Kind.MAP, WireType.SOME_MAP);
        if (t != JsonToken.START_OBJECT) throw mismatch(type, p);
        p.assignCurrentValue(type);
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
     * The mismatch error for a value that is not of the named kind: "String", "Boolean", "Integer",
     * "Long", "Blob", "List", "Map" or "structure" (for readers written outside this class).
     */
    public static DynamoException mismatch(String expected, JsonParser p) {
        WireType type = switch (expected) {
            case "String" -> WireType.STRING;
            case "Boolean" -> WireType.BOOLEAN;
            case "Integer" -> WireType.INTEGER;
            case "Long" -> WireType.LONG;
            case "Blob" -> WireType.BLOB;
            case "List" -> collectionType(p, WireType.Kind.LIST, WireType.SOME_LIST);
            case "Map" -> collectionType(p, WireType.Kind.MAP, WireType.SOME_MAP);
            default -> structureType(p);
        };
        return mismatch(type, p);
    }

    /** The service's SerializationException for the parser's current token where {@code expected} belongs. */
    static DynamoException mismatch(WireType expected, JsonParser p) {
        return DynamoException.serialization(mismatchMessage(expected, p));
    }

    private static String mismatchMessage(WireType expected, JsonParser p) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) return "Start of structure or map found where not expected";
        if (t == JsonToken.START_ARRAY) return "Unrecognized collection type " + expected.collectionTypeText();
        String found = tokenName(t);
        if (found == null) return "Unexpected token received from parser";
        return switch (expected.kind()) {
            case STRUCTURE -> inCollection(p) ? "Unexpected value type in payload" : "Unexpected field type";
            case LIST, MAP -> inCollection(p) ? NESTED_COLLECTION_MISMATCH : "Unexpected field type";
            case SCALAR -> {
                if (expected == WireType.BLOB) yield "only base-64-encoded strings are convertible to bytes";
                if (expected == WireType.BOOLEAN && t == JsonToken.VALUE_STRING) yield "Unexpected token received from parser";
                yield found + " cannot be converted to " + expected.simpleName();
            }
        };
    }

    /** The service's names for JSON scalar tokens. */
    private static String tokenName(JsonToken t) {
        if (t == null) return null;
        return switch (t) {
            case VALUE_STRING -> "STRING_VALUE";
            case VALUE_NUMBER_INT -> "NUMBER_VALUE";
            case VALUE_NUMBER_FLOAT -> "DECIMAL_VALUE";
            case VALUE_TRUE -> "TRUE_VALUE";
            case VALUE_FALSE -> "FALSE_VALUE";
            default -> null;
        };
    }

    /** The context holding the current value: for a container's start token, its parent's. */
    private static JsonStreamContext enclosing(JsonParser p) {
        JsonStreamContext c = p.getParsingContext();
        JsonToken t = p.currentToken();
        return (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) ? c.getParent() : c;
    }

    /** True for a list element or map value; false for a structure's field. */
    private static boolean inCollection(JsonParser p) {
        JsonStreamContext e = enclosing(p);
        if (e == null) return false;
        if (e.inArray()) return true;
        return e.getCurrentValue() instanceof WireType w && w.kind() == WireType.Kind.MAP;
    }

    /** The model type of the current value, from the enclosing container's type; null if unknown. */
    static WireType declaredType(JsonParser p) {
        JsonStreamContext e = enclosing(p);
        if (e == null || !(e.getCurrentValue() instanceof WireType parent)) return null;
        return switch (parent.kind()) {
            case STRUCTURE -> DynamoShapes.member(parent.shape(), e.getCurrentName());
            case LIST, MAP -> parent.element();
            case SCALAR -> null;
        };
    }

    private static WireType collectionType(JsonParser p, WireType.Kind kind, WireType unknown) {
        WireType declared = declaredType(p);
        return declared != null && declared.kind() == kind ? declared : unknown;
    }

    /** The structure type of the current value; unknown ones are named after their member, as the model mostly does. */
    private static WireType structureType(JsonParser p) {
        WireType declared = declaredType(p);
        if (declared != null && declared.kind() == WireType.Kind.STRUCTURE) return declared;
        JsonStreamContext e = enclosing(p);
        String member = e == null ? null : e.getCurrentName();
        return WireType.structure(member == null ? "Structure" : member);
    }
}
