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
import java.util.Set;

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

    /** Reads an item or key: a map of attribute name to value. Null for a JSON null. */
    public static Map<String, AttributeValue> readItem(JsonParser p) throws IOException {
        return withoutNulls(JsonIn.map(p, q -> read(q, 1, ITEM_API)));
    }

    /** Reads a map of placeholder to value (ExpressionAttributeValues). */
    public static Map<String, AttributeValue> readValueMap(JsonParser p) throws IOException {
        return readItem(p);
    }

    public static AttributeValue read(JsonParser p) throws IOException {
        return read(p, 1, ITEM_API);
    }

    /** One AttributeValue whose numbers (also inside lists, maps and number sets) are read by {@code numbers}. */
    public static AttributeValue read(JsonParser p, NumberReader numbers) throws IOException {
        return read(p, 1, numbers);
    }

    /** One AttributeValue structure; null for a JSON null (an absent value). */
    private static AttributeValue read(JsonParser p, int depth, NumberReader numbers) throws IOException {
        if (p.currentToken() == JsonToken.START_OBJECT && depth > MAX_DEPTH) {
            throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit");
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
            result[0] = readTyped(type, q, depth, numbers);
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

    private static AttributeValue readTyped(AttrType type, JsonParser p, int depth, NumberReader numbers) throws IOException {
        switch (type) {
            case S:
                return new AttributeValue.S(JsonIn.string(p));
            case N:
                return new AttributeValue.N(numbers.parse(JsonIn.string(p)));
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
                return new AttributeValue.M(withoutNulls(JsonIn.map(p, q -> read(q, depth + 1, numbers))));
            case L: {
                List<AttributeValue> l = JsonIn.list(p, q -> read(q, depth + 1, numbers));
                l.removeIf(Objects::isNull);
                return new AttributeValue.L(l);
            }
            case SS: {
                List<String> l = JsonIn.stringList(p);
                if (l.isEmpty()) throw emptySet("string");
                checkDuplicates(l, quoted(l, ", "));
                return new AttributeValue.SS(l);
            }
            case NS: {
                List<String> raw = JsonIn.stringList(p);
                if (raw.isEmpty()) throw emptySet("number");
                List<DNumber> l = new ArrayList<>(raw.size());
                for (String s : raw) l.add(numbers.parse(s));
                checkDuplicates(l, raw.toString());
                return new AttributeValue.NS(l);
            }
            case BS: {
                List<byte[]> l = JsonIn.list(p, JsonIn::blob);
                // the service words an empty binary set differently from the string and number ones
                if (l.isEmpty()) throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, "One or more parameter values were invalid: Binary sets should not be empty");
                Set<java.nio.ByteBuffer> seen = new HashSet<>();
                for (byte[] b : l) {
                    if (!seen.add(java.nio.ByteBuffer.wrap(b))) throw duplicateBinaries(l);
                }
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
            String message = e.getMessage().equals(NumberFormatError.NOT_A_NUMBER) ? NumberFormatError.NOT_NUMERIC_VALUE + s : e.getMessage();
            throw DynamoException.validation(ValidationFamily.NUMBER_VALUE, message);
        }
    }

    private static DynamoException emptySet(String kind) {
        return DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, "One or more parameter values were invalid: An " + kind + " set  may not be empty");
    }

    /**
     * The members of a string or binary set as the service's newer front end echoes them: each in
     * double quotes (live 2026-09-20: {@code ["a", "a"]}). Number sets keep the older {@code [1, 1]}:
     * no capture shows the newer form for them.
     */
    private static String quoted(List<String> members, String separator) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) sb.append(separator);
            sb.append('"').append(members.get(i)).append('"');
        }
        return sb.append(']').toString();
    }

    /** Duplicate binary members, worded as live on 2026-09-20: {@code Input collection ["",""]of type BS contains duplicates.} (base64, no spaces). */
    private static DynamoException duplicateBinaries(List<byte[]> members) {
        List<String> shown = new ArrayList<>(members.size());
        for (byte[] b : members) shown.add(java.util.Base64.getEncoder().encodeToString(b));
        return DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE,
                "One or more parameter values were invalid: Input collection " + quoted(shown, ",") + "of type BS contains duplicates.");
    }

    private static <T> void checkDuplicates(List<T> values, String shown) {
        if (values.size() < 2) return;
        Set<T> seen = new HashSet<>();
        for (T v : values) {
            if (!seen.add(v)) {
                throw DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE,
                        "One or more parameter values were invalid: Input collection " + shown + " contains duplicates.");
            }
        }
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
