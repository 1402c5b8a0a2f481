package io.basalt.server.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lets tool arguments give attribute values as plain JSON ({@code "Key": {"pk": "u#1", "n": 5}})
 * besides DynamoDB JSON ({@code {"pk": {"S": "u#1"}}}): wherever a request member holds attribute
 * values, a value that is not already an AttributeValue becomes one (string S, number N, true/false
 * BOOL, null NULL, array L, object M). An object that reads as an AttributeValue (one member such as
 * {@code S}, {@code N}, {@code M} with a value of its type) is taken as DynamoDB JSON.
 */
final class PlainValues {
    /** Members whose value is a map of attribute names to values. */
    private static final Set<String> ITEM_MEMBERS = Set.of("Key", "Item", "ExpressionAttributeValues", "ExclusiveStartKey");
    /** Members whose value is a list of such maps. */
    private static final Set<String> ITEM_LIST_MEMBERS = Set.of("Keys");
    /** Members whose value is a list of attribute values (PartiQL's parameters). */
    private static final Set<String> VALUE_LIST_MEMBERS = Set.of("Parameters");

    private PlainValues() {}

    /** The request with every attribute-value member in DynamoDB JSON (the input is not changed). */
    @SuppressWarnings("unchecked")
    static Object toDynamoJson(Object request) {
        if (request instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                String name = e.getKey();
                Object v = e.getValue();
                if (ITEM_MEMBERS.contains(name) && v instanceof Map<?, ?> item) {
                    out.put(name, item((Map<String, Object>) item));
                } else if (ITEM_LIST_MEMBERS.contains(name) && v instanceof List<?> items) {
                    List<Object> l = new ArrayList<>();
                    for (Object i : items) l.add(i instanceof Map<?, ?> im ? item((Map<String, Object>) im) : i);
                    out.put(name, l);
                } else if (VALUE_LIST_MEMBERS.contains(name) && v instanceof List<?> values) {
                    List<Object> l = new ArrayList<>();
                    for (Object i : values) l.add(value(i));
                    out.put(name, l);
                } else {
                    out.put(name, toDynamoJson(v));
                }
            }
            return out;
        }
        if (request instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object o : l) out.add(toDynamoJson(o));
            return out;
        }
        return request;
    }

    private static Map<String, Object> item(Map<String, Object> item) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : item.entrySet()) out.put(e.getKey(), value(e.getValue()));
        return out;
    }

    /** One attribute value in DynamoDB JSON. */
    @SuppressWarnings("unchecked")
    static Object value(Object v) {
        if (isAttributeValue(v)) return v;
        if (v == null) return JsonValues.object("NULL", Boolean.TRUE);
        if (v instanceof String s) return JsonValues.object("S", s);
        if (v instanceof JsonValues.Number n) return JsonValues.object("N", n.text());
        if (v instanceof Boolean b) return JsonValues.object("BOOL", b);
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object o : l) out.add(value(o));
            return JsonValues.object("L", out);
        }
        return JsonValues.object("M", item((Map<String, Object>) v));
    }

    /** Whether {@code v} already reads as an AttributeValue in DynamoDB JSON. */
    static boolean isAttributeValue(Object v) {
        if (!(v instanceof Map<?, ?> m) || m.size() != 1) return false;
        Map.Entry<?, ?> e = m.entrySet().iterator().next();
        Object x = e.getValue();
        return switch ((String) e.getKey()) {
            case "S", "N", "B" -> x instanceof String;
            case "SS", "NS", "BS" -> x instanceof List<?> l && l.stream().allMatch(String.class::isInstance);
            case "M" -> x instanceof Map<?, ?>;
            case "L" -> x instanceof List<?>;
            case "NULL", "BOOL" -> x instanceof Boolean;
            default -> false;
        };
    }
}
