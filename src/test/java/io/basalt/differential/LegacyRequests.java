package io.basalt.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The legacy parameters: Expected, AttributeUpdates, KeyConditions, QueryFilter, ScanFilter,
 * AttributesToGet and ConditionalOperator, alone and mixed with expression parameters; comparison
 * operators valid, misspelt, in the wrong case and with the wrong number of values.
 */
final class LegacyRequests implements RequestFamily {
    private static final List<String> OPERATORS = List.of("EQ", "NE", "LE", "LT", "GE", "GT", "NOT_NULL", "NULL",
            "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN", "eq", "FOO");

    @Override
    public Draft next(Model m, Values v) {
        Model.Table t = m.table(v);
        return switch (v.between(0, 6)) {
            case 0 -> {
                Map<String, Object> body = Json.obj("TableName", t.name, "Key", ItemRequests.key(t, v),
                        "AttributesToGet", attributesToGet(v));
                mixProjection(body, v);
                yield Draft.of("GetItem", body);
            }
            case 1 -> {
                Map<String, Object> key = ItemRequests.key(t, v);
                Map<String, Object> body = Json.obj("TableName", t.name, "Item", ItemRequests.item(t, v, key), "Expected", expected(v));
                conditionalOperator(body, v);
                mixCondition(body, v);
                t.wrote(key);
                yield Draft.of("PutItem", body);
            }
            case 2 -> {
                Map<String, Object> key = ItemRequests.key(t, v);
                Map<String, Object> body = Json.obj("TableName", t.name, "Key", key, "AttributeUpdates", attributeUpdates(v));
                if (v.chance(30)) body.put("Expected", expected(v));
                if (v.chance(15)) {
                    Expressions e = new Expressions(v);
                    body.put("UpdateExpression", e.update(t));
                    e.into(body);
                }
                if (v.chance(30)) body.put("ReturnValues", v.pick(List.of("ALL_NEW", "UPDATED_OLD", "UPDATED_NEW")));
                t.wrote(key);
                yield Draft.of("UpdateItem", body);
            }
            case 3 -> Draft.of("DeleteItem", withExpected(Json.obj("TableName", t.name, "Key", ItemRequests.key(t, v)), v));
            case 4, 5 -> query(t, v);
            default -> {
                Map<String, Object> body = Json.obj("TableName", t.name, "ScanFilter", filter(v));
                conditionalOperator(body, v);
                if (v.chance(30)) body.put("AttributesToGet", attributesToGet(v));
                mixFilter(body, v);
                yield Draft.of("Scan", body);
            }
        };
    }

    private Map<String, Object> withExpected(Map<String, Object> body, Values v) {
        body.put("Expected", expected(v));
        conditionalOperator(body, v);
        mixCondition(body, v);
        return body;
    }

    private Draft query(Model.Table t, Values v) {
        Map<String, Object> kc = new LinkedHashMap<>();
        kc.put(t.hash, Json.obj("ComparisonOperator", v.chance(90) ? "EQ" : v.pick(OPERATORS),
                "AttributeValueList", Json.arr(v.keyValue(t.hashType))));
        if (t.range != null && v.chance(60)) {
            String op = v.pick(List.of("EQ", "LT", "LE", "GT", "GE", "BEGINS_WITH", "BETWEEN", "NE", "CONTAINS"));
            List<Object> args = new ArrayList<>(List.of(v.boundValue(t.rangeType)));
            if (op.equals("BETWEEN")) args.add(v.boundValue(t.rangeType));
            kc.put(t.range, Json.obj("ComparisonOperator", op, "AttributeValueList", args));
        }
        if (v.chance(8)) kc.put("a", Json.obj("ComparisonOperator", "EQ", "AttributeValueList", Json.arr(v.s("x"))));
        Map<String, Object> body = Json.obj("TableName", t.name, "KeyConditions", kc);
        if (v.chance(40)) body.put("QueryFilter", filter(v));
        conditionalOperator(body, v);
        if (v.chance(25)) body.put("AttributesToGet", attributesToGet(v));
        mixFilter(body, v);
        if (v.chance(10)) {
            Expressions e = new Expressions(v);
            body.put("KeyConditionExpression", e.name(t.hash) + " = " + e.value(v.keyValue(t.hashType)));
            e.into(body);
        }
        return Draft.of("Query", body);
    }

    private List<Object> attributesToGet(Values v) {
        List<Object> l = new ArrayList<>();
        int n = v.between(v.chance(5) ? 0 : 1, 3);
        for (int i = 0; i < n; i++) l.add(v.pick(Values.ATTRIBUTES));
        return l;
    }

    private Map<String, Object> expected(Values v) {
        Map<String, Object> exp = new LinkedHashMap<>();
        int n = v.between(v.chance(5) ? 0 : 1, 2);
        for (int i = 0; i < n; i++) {
            String a = v.pick(Values.ATTRIBUTES);
            exp.put(a, switch (v.between(0, 5)) {
                case 0 -> Json.obj("Exists", false);
                case 1 -> Json.obj("Exists", true, "Value", v.scalar());
                case 2 -> Json.obj("Value", v.scalar());
                case 3 -> Json.obj("Exists", true);
                case 4 -> Json.obj("Exists", false, "Value", v.scalar());
                default -> condition(v);
            });
        }
        return exp;
    }

    private Map<String, Object> filter(Values v) {
        Map<String, Object> f = new LinkedHashMap<>();
        int n = v.between(v.chance(5) ? 0 : 1, 2);
        for (int i = 0; i < n; i++) f.put(v.pick(Values.ATTRIBUTES), condition(v));
        return f;
    }

    private Map<String, Object> condition(Values v) {
        String op = v.pick(OPERATORS);
        int args = switch (op) {
            case "NOT_NULL", "NULL" -> 0;
            case "BETWEEN" -> 2;
            case "IN" -> v.between(1, 3);
            default -> 1;
        };
        if (v.chance(8)) args = args == 0 ? 1 : args - 1;
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < args; i++) l.add(v.chance(10) ? v.set() : v.scalar());
        return Json.obj("ComparisonOperator", op, "AttributeValueList", args == 0 && v.chance(50) ? null : l);
    }

    private Map<String, Object> attributeUpdates(Values v) {
        Map<String, Object> u = new LinkedHashMap<>();
        int n = v.between(1, 3);
        for (int i = 0; i < n; i++) {
            String action = v.pick(List.of("PUT", "PUT", "ADD", "DELETE", "put"));
            Map<String, Object> value = switch (action) {
                case "ADD" -> v.chance(50) ? v.n(v.pick(Values.NUMBERS)) : v.set();
                case "DELETE" -> v.chance(60) ? v.set() : null;
                default -> v.any(1);
            };
            u.put(v.pick(Values.ATTRIBUTES), Json.obj("Action", v.chance(90) ? action : null, "Value", value));
        }
        return u;
    }

    private void conditionalOperator(Map<String, Object> body, Values v) {
        if (v.chance(30)) body.put("ConditionalOperator", v.pick(List.of("AND", "OR", "XOR", "or")));
    }

    private void mixCondition(Map<String, Object> body, Values v) {
        if (v.chance(12)) {
            Expressions e = new Expressions(v);
            body.put("ConditionExpression", e.condition(0));
            e.into(body);
        }
    }

    private void mixFilter(Map<String, Object> body, Values v) {
        if (v.chance(12)) {
            Expressions e = new Expressions(v);
            body.put(v.chance(50) ? "FilterExpression" : "ProjectionExpression", v.chance(50) ? e.condition(0) : e.projection());
            e.into(body);
        }
    }

    private void mixProjection(Map<String, Object> body, Values v) {
        if (v.chance(15)) {
            Expressions e = new Expressions(v);
            body.put("ProjectionExpression", e.projection());
            e.into(body);
        }
    }
}
