package io.basalt.server.auth;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.model.AttributeValue;
import io.basalt.model.ServiceLimits;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A request body as the tree {@link RequestConditionKeys} reads its condition keys from, within
 * bounds, so that a 16 MB body cannot make the authorizer hold a tree many times its size (#34.7):
 *
 * <ul>
 *   <li>ExpressionAttributeNames and ExpressionAttributeValues of one request (or one action of a
 *       transaction) together at most 2 MB of JSON (the service's limit for the substitution
 *       variables of an expression), 4 MB in all;
 *   <li>PartiQL Parameters at most 4 MB of JSON;
 *   <li>items and keys are read shallowly: their top-level names, and only the scalar values that
 *       could be a partition key (S, N, B of at most 2,048 bytes); other values are skipped;
 *   <li>at most 200,000 values and 8 MB of text kept in all.
 * </ul>
 *
 * Beyond any bound {@link TooLarge} is thrown (before anything over it is built) and the caller
 * fails closed.
 */
final class BoundedRequestTree {
    static final long SUBSTITUTION_BYTES = ServiceLimits.EXPRESSION_SUBSTITUTION_BYTES;
    static final long ALL_SUBSTITUTION_BYTES = 2 * SUBSTITUTION_BYTES;
    static final long PARAMETER_BYTES = 4L * 1024 * 1024;
    static final int VALUES = 200_000;
    static final long TEXT_BYTES = 8L * 1024 * 1024;
    /** The longest text a partition key value can have (2,048 bytes; binary ones in base64). */
    private static final int KEY_TEXT = 2 * ServiceLimits.PARTITION_KEY_BYTES;

    /** The body is over a bound: its condition keys are not read. */
    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    /** Substitution variables of the object being read (a request or an action), and of all objects. */
    private long substitutionBytes, allSubstitutionBytes;
    private long parameterBytes, text;
    private int values;

    private BoundedRequestTree() {}

    /**
     * The body's top-level object as a tree (an empty map for anything else). A first pass measures
     * the members that are read whole (substitution variables, PartiQL parameters, legacy
     * AttributeValueLists), so that none over its bound is built even in part; the second builds
     * the tree, counting values and text as it goes.
     */
    static Map<String, Object> read(Supplier<InputStream> body) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(body.get())) {
            if (p.nextToken() != JsonToken.START_OBJECT) return Map.of();
            measure(p, new long[2]);
        }
        try (JsonParser p = Json.FACTORY.createParser(body.get())) {
            p.nextToken();
            Object tree = new BoundedRequestTree().tree(p, null);
            @SuppressWarnings("unchecked")
            Map<String, Object> m = tree instanceof Map<?, ?> ? (Map<String, Object>) tree : Map.of();
            return m;
        }
    }

    /** The first pass over an object: {@code totals} are the substitution and parameter bytes so far. */
    private static void measure(JsonParser p, long[] totals) throws IOException {
        long substitutions = 0; // of this object (a request, or an action of a transaction)
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            long from = offset(p);
            switch (name) {
                case "ExpressionAttributeValues", "ExpressionAttributeNames" -> {
                    p.skipChildren();
                    substitutions += offset(p) - from;
                    totals[0] += offset(p) - from;
                    if (substitutions > SUBSTITUTION_BYTES || totals[0] > ALL_SUBSTITUTION_BYTES) throw new TooLarge();
                }
                case "Parameters", "AttributeValueList" -> {
                    p.skipChildren();
                    totals[1] += offset(p) - from;
                    if (totals[1] > PARAMETER_BYTES) throw new TooLarge();
                }
                default -> measureValue(p, t, totals);
            }
        }
    }

    private static void measureValue(JsonParser p, JsonToken t, long[] totals) throws IOException {
        if (t == JsonToken.START_OBJECT) {
            measure(p, totals);
        } else if (t == JsonToken.START_ARRAY) {
            for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) measureValue(p, e, totals);
        }
    }

    /**
     * Members that hold items or keys are read shallowly, placeholder values and PartiQL parameters
     * as AttributeValues (so expressions parse as the operation will parse them).
     */
    private Object tree(JsonParser p, String field) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT && field != null) {
            switch (field) {
                case "Item", "Key", "#key" -> {
                    return shallowItem(p);
                }
                case "ExpressionAttributeValues" -> {
                    long from = offset(p);
                    Map<String, AttributeValue> m = AttributeValueJson.readValueMap(p);
                    substitution(offset(p) - from);
                    count(m.size());
                    return m;
                }
                case "ExpressionAttributeNames" -> {
                    long from = offset(p);
                    Object names = object(p);
                    substitution(offset(p) - from);
                    return names;
                }
                case "#value" -> {
                    long from = offset(p);
                    AttributeValue v = AttributeValueJson.read(p);
                    parameterBytes += offset(p) - from;
                    if (parameterBytes > PARAMETER_BYTES) throw new TooLarge();
                    count(1);
                    return v;
                }
                default -> { }
            }
        }
        switch (t) {
            case START_OBJECT -> {
                return object(p);
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                String element = "Keys".equals(field) ? "#key"
                        : "AttributeValueList".equals(field) || "Parameters".equals(field) ? "#value" : null;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    count(1);
                    l.add(tree(p, element));
                }
                return l;
            }
            case VALUE_STRING -> {
                return text(p.getText());
            }
            default -> {
                return null;
            }
        }
    }

    private Map<String, Object> object(JsonParser p) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        long outer = substitutionBytes;
        substitutionBytes = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = text(p.currentName());
            p.nextToken();
            count(1);
            m.put(name, tree(p, name));
        }
        substitutionBytes = outer;
        return m;
    }

    /** An item or key: each top-level name, with its value when that is a scalar a partition key could be. */
    private Map<String, AttributeValue> shallowItem(JsonParser p) throws IOException {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = text(p.currentName());
            count(1);
            item.put(name, p.nextToken() == JsonToken.START_OBJECT ? keyValue(p) : skip(p));
        }
        return item;
    }

    /** The S, N or B value of {"S": "..."} (null for any other type, or a value too long for a key). */
    private AttributeValue keyValue(JsonParser p) throws IOException {
        AttributeValue v = null;
        int members = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            members++;
            String type = p.currentName();
            if (p.nextToken() == JsonToken.VALUE_STRING && p.getTextLength() <= KEY_TEXT) v = scalar(type, p.getText());
            else p.skipChildren();
        }
        return members == 1 ? v : null;
    }

    private AttributeValue scalar(String type, String value) {
        try {
            return switch (type) {
                case "S" -> new AttributeValue.S(text(value));
                case "N" -> new AttributeValue.N(AttributeValueJson.ITEM_API.parse(text(value)));
                case "B" -> new AttributeValue.B(Base64.getDecoder().decode(text(value)));
                default -> null;
            };
        } catch (RuntimeException notAKey) {
            return null; // the operation refuses it in its words
        }
    }

    private static AttributeValue skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    private String text(String s) {
        text += s.length();
        if (text > TEXT_BYTES) throw new TooLarge();
        return s;
    }

    private void count(int n) {
        values += n;
        if (values > VALUES) throw new TooLarge();
    }

    private void substitution(long bytes) {
        substitutionBytes += bytes;
        allSubstitutionBytes += bytes;
        if (substitutionBytes > SUBSTITUTION_BYTES || allSubstitutionBytes > ALL_SUBSTITUTION_BYTES) throw new TooLarge();
    }

    private static long offset(JsonParser p) {
        return p.currentLocation().getByteOffset();
    }
}
