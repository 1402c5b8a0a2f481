package io.basalt.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.error.DynamoException;
import io.basalt.error.ValidationFamily;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads and writes DynamoDB's typed JSON ({"S":"x"}, {"M":{...}}, ...) straight between the
 * streaming parser/generator and the model, validating values as the service does.
 */
public final class AttributeValueJson {
    /** Nesting limit of the service (documents up to 32 levels deep). */
    public static final int MAX_DEPTH = io.basalt.model.ServiceLimits.NESTING_LEVELS;

    private AttributeValueJson() {}

    /** How the numbers inside a value are read: by the item API's rules, or by another surface's (PartiQL parameters). */
    @FunctionalInterface
    public interface NumberReader {
        DNumber parse(String text);
    }

    /** The item API's rules: the service's messages for malformed, too precise, too large and too small numbers. */
    public static final NumberReader ITEM_API = AttributeValueJson::number;

    /**
     * The service checks values in one of two layers (live 2026-10-09, paritysuite
     * tests/tier3/error-messages/valueLayers): the current one (PutItem, UpdateItem, DeleteItem, GetItem,
     * BatchGetItem, Query; Basalt's transactions too) and an older one (BatchWriteItem) that words a
     * bad number or a duplicate set member differently.
     */
    private record Layer(NumberReader numbers, boolean older) {}

    private static final Layer CURRENT = new Layer(AttributeValueJson::number, false);
    private static final Layer OLDER = new Layer(AttributeValueJson::olderLayerNumber, true);

    /** Reads an item or key: a map of attribute name to value. Null for a JSON null. */
    public static Map<String, AttributeValue> readItem(JsonParser p) throws IOException {
        return readItem(p, CURRENT);
    }

    /** Reads an item or key as the service's older value layer does (BatchWriteItem put items and delete keys). */
    public static Map<String, AttributeValue> readItemOlderLayer(JsonParser p) throws IOException {
        return readItem(p, OLDER);
    }

    /** The service's limit on an attribute name: 64 KB of UTF-8. */
    static final int MAX_NAME_BYTES = 65_535;

    private static Map<String, AttributeValue> readItem(JsonParser p, Layer layer) throws IOException {
        try {
            return withoutNulls(JsonIn.map(p, q -> {
                String name = q.currentName();
                // a UTF-8 name is at least as long as its characters: only long ones need counting
                if (name.length() > MAX_NAME_BYTES / 3 && name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                    throw DynamoException.validation("One or more parameter values were invalid: Attribute name is too large, must be less than 65536 bytes");
                }
                return read(q, 1, layer);
            }));
        } catch (FarTooDeep e) {
            throw DynamoException.validation(ValidationFamily.DEEP_NESTING, NESTING);
        }
    }

    /**
     * Reads a map of placeholder to value (ExpressionAttributeValues). A value nested far past the
     * limit is refused naming its placeholder (live 2026-10-09, UpdateItem, 63 levels).
     */
    public static Map<String, AttributeValue> readValueMap(JsonParser p) throws IOException {
        return withoutNulls(JsonIn.map(p, q -> {
            String placeholder = q.currentName();
            try {
                return read(q, 1, CURRENT);
            } catch (FarTooDeep e) {
                throw DynamoException.validation(ValidationFamily.DEEP_NESTING, "ExpressionAttributeValues contains invalid value: " + NESTING + " for key " + placeholder);
            }
        }));
    }

    public static AttributeValue read(JsonParser p) throws IOException {
        return read(p, CURRENT);
    }

    /** One AttributeValue whose numbers (also inside lists, maps and number sets) are read by {@code numbers}. */
    public static AttributeValue read(JsonParser p, NumberReader numbers) throws IOException {
        return read(p, new Layer(numbers, false));
    }

    private static AttributeValue read(JsonParser p, Layer layer) throws IOException {
        try {
            return read(p, 1, layer);
        } catch (FarTooDeep e) {
            throw DynamoException.validation(ValidationFamily.DEEP_NESTING, NESTING);
        }
    }

    /** Whether {@code e} refuses a value for its nesting depth (either check). */
    public static boolean isNestingError(DynamoException e) {
        return e.family() == ValidationFamily.DEEP_NESTING || (e.family() == ValidationFamily.ATTRIBUTE_VALUE && NESTING.equals(e.getMessage()));
    }

    private static final String NESTING = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";

    /**
     * Past {@link #SECOND_CHECK_LEVELS} levels the service refuses a value in a second check: bare in
     * PutItem, naming the placeholder for an expression value, where a value nested 33 to 62 levels
     * gets the first check's answer (inside the envelope where the operation wraps values). Live
     * us-east-1 and eu-west-2 2026-10-09 (paritysuite tests/tier3/limits/nestingDepth: 62 levels
     * first check, 64 second; 63 is not captured and taken as the first).
     */
    private static final int SECOND_CHECK_LEVELS = 63;

    /** Thrown inside this class for a value past the second check's depth; the entry points word it. */
    private static final class FarTooDeep extends RuntimeException {
        FarTooDeep() {
            super(null, null, false, false);
        }
    }

    /**
     * The levels of the AttributeValue at the parser (a START_OBJECT at level {@code depth}) and below,
     * counted up to {@code limit}; the value is consumed.
     */
    private static int levelsBelow(JsonParser p, int depth, int limit) throws IOException {
        if (depth >= limit) {
            p.skipChildren();
            return depth;
        }
        int[] deepest = {depth};
        JsonIn.object(p, (tag, q) -> {
            AttrType type = AttrType.ofTag(tag);
            if (type == AttrType.M && q.currentToken() == JsonToken.START_OBJECT) {
                while (q.nextToken() == JsonToken.FIELD_NAME) {
                    q.nextToken();
                    deepest[0] = Math.max(deepest[0], child(q, depth, limit));
                }
            } else if (type == AttrType.L && q.currentToken() == JsonToken.START_ARRAY) {
                while (q.nextToken() != JsonToken.END_ARRAY) deepest[0] = Math.max(deepest[0], child(q, depth, limit));
            } else {
                q.skipChildren();
            }
        });
        return deepest[0];
    }

    private static int child(JsonParser p, int depth, int limit) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return depth;
        }
        return levelsBelow(p, depth + 1, limit);
    }

    /** One AttributeValue structure; null for a JSON null (an absent value). */
    private static AttributeValue read(JsonParser p, int depth, Layer layer) throws IOException {
        if (p.currentToken() == JsonToken.START_OBJECT && depth > MAX_DEPTH) {
            if (levelsBelow(p, depth, SECOND_CHECK_LEVELS + 1) > SECOND_CHECK_LEVELS) throw new FarTooDeep();
            throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, NESTING);
        }
        AttributeValue[] result = new AttributeValue[1];
        int[] count = new int[1];
        boolean[] present = new boolean[1];
        JsonIn.object(p, (tag, q) -> {
            present[0] = true;
            AttrType type = AttrType.ofTag(tag);
            if (type == null || q.currentToken() == JsonToken.VALUE_NULL) {
                q.skipChildren(); // unknown members are ignored, as by the service
                return;
            }
            result[0] = readTyped(type, q, depth, layer);
            count[0]++;
        });
        if (p.currentToken() == JsonToken.VALUE_NULL) return null;
        if (count[0] == 0) {
            throw DynamoException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        if (count[0] > 1) {
            throw DynamoException.validation(
                    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
        }
        return result[0];
    }

    private static AttributeValue readTyped(AttrType type, JsonParser p, int depth, Layer layer) throws IOException {
        switch (type) {
            case S:
                return new AttributeValue.S(JsonIn.string(p));
            case N:
                return new AttributeValue.N(layer.numbers().parse(JsonIn.string(p)));
            case B:
                return new AttributeValue.B(JsonIn.blob(p));
            case BOOL:
                return AttributeValue.Bool.of(JsonIn.bool(p));
            case NULL: {
                if (!JsonIn.bool(p)) {
                    throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE,
                            "One or more parameter values were invalid: Null attribute value types must have the value of true");
                }
                return AttributeValue.Null.INSTANCE;
            }
            case M:
                return new AttributeValue.M(withoutNulls(JsonIn.map(p, q -> read(q, depth + 1, layer))));
            case L: {
                List<AttributeValue> l = JsonIn.list(p, q -> read(q, depth + 1, layer));
                l.removeIf(Objects::isNull);
                return new AttributeValue.L(l);
            }
            case SS: {
                List<String> l = JsonIn.stringList(p);
                if (l.isEmpty()) throw emptySet("string");
                checkDuplicates(l, SetDuplicates.STRINGS, layer);
                return new AttributeValue.SS(l);
            }
            case NS: {
                List<String> raw = JsonIn.stringList(p);
                if (raw.isEmpty()) throw emptySet("number");
                List<DNumber> l = new ArrayList<>(raw.size());
                for (String s : raw) l.add(layer.numbers().parse(s));
                if (l.size() > 1 && new HashSet<>(l).size() < l.size()) throw SetDuplicates.numbers(layer.older());
                return new AttributeValue.NS(l);
            }
            case BS: {
                List<byte[]> l = JsonIn.list(p, JsonIn::blob);
                // the service words an empty binary set differently from the string and number ones
                if (l.isEmpty()) throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, "One or more parameter values were invalid: Binary sets should not be empty");
                checkDuplicates(l, SetDuplicates.BINARIES, layer);
                return new AttributeValue.BS(l);
            }
            default:
                throw new IllegalStateException(type.name());
        }
    }

    /** Drops members whose value was a JSON null (absent, as for the service). */
    private static Map<String, AttributeValue> withoutNulls(Map<String, AttributeValue> m) {
        if (m != null) m.values().removeIf(Objects::isNull);
        return m;
    }

    private static DNumber number(String s) {
        try {
            return DNumber.parse(s);
        } catch (NumberFormatError e) {
            throw numberError(s, e.getMessage());
        }
    }

    private static DynamoException numberError(String s, String message) {
        return DynamoException.validation(ValidationFamily.NUMBER_VALUE,
                message.equals(NumberFormatError.NOT_A_NUMBER) ? NumberFormatError.NOT_NUMERIC_VALUE + s : message);
    }

    /**
     * The older layer reads a number as Java's BigDecimal does: an empty string has no colon, and an
     * exponent whose adjusted value passes 32 bits wraps to an underflow (1e2147483647; live 2026-10-09).
     */
    private static DNumber olderLayerNumber(String s) {
        if (s.isEmpty()) throw DynamoException.validation(ValidationFamily.NUMBER_VALUE, NumberFormatError.NOT_NUMERIC_VALUE_BARE);
        try {
            return DNumber.parse(s);
        } catch (NumberFormatError e) {
            boolean wraps = e.getMessage().equals(NumberFormatError.OVERFLOW) && adjustedExponentWraps(s);
            throw numberError(s, wraps ? NumberFormatError.UNDERFLOW : e.getMessage());
        }
    }

    private static boolean adjustedExponentWraps(String s) {
        try {
            java.math.BigDecimal bd = new java.math.BigDecimal(s);
            return (long) bd.precision() - bd.scale() > Integer.MAX_VALUE;
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }

    private static DynamoException emptySet(String kind) {
        return DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, "One or more parameter values were invalid: An " + kind + " set  may not be empty");
    }

    private static <T> void checkDuplicates(List<T> members, SetDuplicates<T> kind, Layer layer) {
        if (members.size() < 2) return;
        DynamoException e = layer.older() ? kind.olderLayer(members) : kind.currentLayer(members);
        if (e != null) throw e;
    }

    // ---------------------------------------------------------------- writing

    public static void writeItem(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            g.writeFieldName(e.getKey());
            write(g, e.getValue());
        }
        g.writeEndObject();
    }

    public static void write(JsonGenerator g, AttributeValue v) throws IOException {
        g.writeStartObject();
        switch (v) {
            case AttributeValue.S s -> g.writeStringField("S", s.value());
            case AttributeValue.N n -> g.writeStringField("N", n.value().toString());
            case AttributeValue.B b -> {
                g.writeFieldName("B");
                g.writeBinary(b.value());
            }
            case AttributeValue.Bool b -> g.writeBooleanField("BOOL", b.value());
            case AttributeValue.Null n -> g.writeBooleanField("NULL", true);
            case AttributeValue.M m -> {
                g.writeFieldName("M");
                writeItem(g, m.value());
            }
            case AttributeValue.L l -> {
                g.writeArrayFieldStart("L");
                for (AttributeValue x : l.value()) write(g, x);
                g.writeEndArray();
            }
            case AttributeValue.SS ss -> {
                g.writeArrayFieldStart("SS");
                for (String x : ss.value()) g.writeString(x);
                g.writeEndArray();
            }
            case AttributeValue.NS ns -> {
                g.writeArrayFieldStart("NS");
                for (DNumber x : ns.value()) g.writeString(x.toString());
                g.writeEndArray();
            }
            case AttributeValue.BS bs -> {
                g.writeArrayFieldStart("BS");
                for (byte[] x : bs.value()) g.writeBinary(x);
                g.writeEndArray();
            }
        }
        g.writeEndObject();
    }
}
