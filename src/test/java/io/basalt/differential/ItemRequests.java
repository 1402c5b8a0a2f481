package io.basalt.differential;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PutItem, GetItem, UpdateItem and DeleteItem with conditions, update expressions, projections,
 * ReturnValues and ReturnConsumedCapacity; keys sometimes wrong (missing or extra attribute, wrong
 * type, empty value) and tables sometimes unknown.
 */
final class ItemRequests implements RequestFamily {
    @Override
    public Draft next(Model m, Values v) {
        Model.Table t = m.table(v);
        return switch (v.between(0, 9)) {
            case 0, 1, 2 -> put(t, v);
            case 3, 4 -> get(t, v);
            case 5, 6, 7 -> update(t, v);
            default -> delete(t, v);
        };
    }

    /** A key for the table, now and then broken. */
    static Map<String, Object> key(Model.Table t, Values v) {
        Map<String, Object> k = t.key(v);
        if (v.chance(92)) return k;
        switch (v.between(0, 4)) {
            case 0 -> { if (!k.isEmpty()) k.remove(k.keySet().iterator().next()); }
            case 1 -> k.put("extra", v.s("x"));
            case 2 -> k.put(t.hash, t.hashType.equals("S") ? v.n("1") : v.s("1"));
            case 3 -> k.put(t.hash, t.hashType.equals("N") ? v.n("") : Json.obj(t.hashType, ""));
            default -> k.put(t.hash, v.n(v.pick(Values.BAD_NUMBERS)));
        }
        return k;
    }

    /** An item: the key, random attributes, and index key attributes mostly of the right type. */
    static Map<String, Object> item(Model.Table t, Values v, Map<String, Object> key) {
        Map<String, Object> item = new LinkedHashMap<>(key);
        int n = v.between(0, 5);
        for (int i = 0; i < n; i++) {
            String a = v.pick(Values.ATTRIBUTES);
            if (!a.equals(t.hash) && !a.equals(t.range)) item.put(a, v.any(2));
        }
        for (Model.Index idx : t.indexes) {
            if (v.chance(60)) item.put(idx.hash(), v.chance(90) ? v.keyValue(idx.hashType()) : v.s(""));
            if (idx.range() != null && v.chance(60)) item.put(idx.range(), v.chance(90) ? v.keyValue(idx.rangeType()) : v.b("AA=="));
        }
        return item;
    }

    static String table(Model.Table t, Values v) {
        return v.chance(96) ? t.name : v.pick(List.of("no_such_table", "", "x"));
    }

    static void common(Map<String, Object> body, Values v, boolean write) {
        if (v.chance(40)) body.put("ReturnConsumedCapacity", v.pick(List.of("TOTAL", "INDEXES", "NONE", "total")));
        if (write && v.chance(15)) body.put("ReturnItemCollectionMetrics", v.pick(List.of("SIZE", "NONE")));
    }

    private Draft put(Model.Table t, Values v) {
        Map<String, Object> key = key(t, v);
        Map<String, Object> body = Json.obj("TableName", table(t, v), "Item", item(t, v, key));
        if (v.chance(35)) {
            Expressions e = new Expressions(v);
            body.put("ConditionExpression", e.condition(2));
            e.into(body);
        }
        if (v.chance(40)) body.put("ReturnValues", v.pick(List.of("ALL_OLD", "NONE", "ALL_NEW", "UPDATED_OLD", "BOGUS")));
        if (v.chance(10)) body.put("ReturnValuesOnConditionCheckFailure", v.pick(List.of("ALL_OLD", "NONE")));
        common(body, v, true);
        t.wrote(key);
        return Draft.of("PutItem", body);
    }

    private Draft get(Model.Table t, Values v) {
        Map<String, Object> body = Json.obj("TableName", table(t, v), "Key", key(t, v));
        if (v.chance(40)) {
            Expressions e = new Expressions(v);
            body.put("ProjectionExpression", e.projection());
            e.into(body);
        }
        if (v.chance(20)) body.put("ConsistentRead", v.chance(50));
        common(body, v, false);
        return Draft.of("GetItem", body);
    }

    private Draft update(Model.Table t, Values v) {
        Map<String, Object> key = key(t, v);
        Map<String, Object> body = Json.obj("TableName", table(t, v), "Key", key);
        Expressions e = new Expressions(v);
        if (v.chance(93)) body.put("UpdateExpression", e.update(t));
        if (v.chance(25)) body.put("ConditionExpression", e.condition(1));
        e.into(body);
        if (v.chance(50)) body.put("ReturnValues", v.pick(List.of("ALL_OLD", "NONE", "ALL_NEW", "UPDATED_OLD", "UPDATED_NEW")));
        common(body, v, true);
        t.wrote(key);
        return Draft.of("UpdateItem", body);
    }

    private Draft delete(Model.Table t, Values v) {
        Map<String, Object> body = Json.obj("TableName", table(t, v), "Key", key(t, v));
        if (v.chance(30)) {
            Expressions e = new Expressions(v);
            body.put("ConditionExpression", e.condition(1));
            e.into(body);
        }
        if (v.chance(40)) body.put("ReturnValues", v.pick(List.of("ALL_OLD", "NONE", "ALL_NEW")));
        common(body, v, true);
        return Draft.of("DeleteItem", body);
    }
}
