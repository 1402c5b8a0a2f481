package io.basalt.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteItem, BatchGetItem, TransactWriteItems and TransactGetItems: mixed tables, duplicate
 * keys, empty and oversized request lists, unknown tables, failing conditions (cancellation
 * reasons), two actions on one item, ClientRequestToken.
 */
final class BatchTransactRequests implements RequestFamily {
    @Override
    public Draft next(Model m, Values v) {
        return switch (v.between(0, 5)) {
            case 0, 1 -> batchWrite(m, v);
            case 2 -> batchGet(m, v);
            case 3, 4 -> transactWrite(m, v);
            default -> transactGet(m, v);
        };
    }

    private int count(Values v, int max) {
        return v.chance(5) ? v.pick(List.of(0, max + 1)) : v.between(1, 4);
    }

    private Draft batchWrite(Model m, Values v) {
        Map<String, Object> items = new LinkedHashMap<>();
        int tables = v.chance(5) ? 0 : v.between(1, 2);
        for (int i = 0; i < tables; i++) {
            Model.Table t = m.table(v);
            List<Object> reqs = new ArrayList<>();
            int n = count(v, 25);
            for (int j = 0; j < n; j++) {
                Map<String, Object> key = ItemRequests.key(t, v);
                if (v.chance(70)) {
                    reqs.add(Json.obj("PutRequest", Json.obj("Item", ItemRequests.item(t, v, key))));
                    t.wrote(key);
                } else reqs.add(Json.obj("DeleteRequest", Json.obj("Key", key)));
                if (v.chance(3)) reqs.add(Json.obj("PutRequest", Json.obj("Item", key), "DeleteRequest", Json.obj("Key", key)));
            }
            items.put(v.chance(97) ? t.name : "no_such_table", reqs);
        }
        Map<String, Object> body = Json.obj("RequestItems", items);
        ItemRequests.common(body, v, true);
        return Draft.of("BatchWriteItem", body);
    }

    private Draft batchGet(Model m, Values v) {
        Map<String, Object> items = new LinkedHashMap<>();
        int tables = v.chance(5) ? 0 : v.between(1, 2);
        for (int i = 0; i < tables; i++) {
            Model.Table t = m.table(v);
            List<Object> keys = new ArrayList<>();
            int n = count(v, 100);
            for (int j = 0; j < n; j++) keys.add(ItemRequests.key(t, v));
            Map<String, Object> spec = Json.obj("Keys", keys);
            if (v.chance(25)) {
                Expressions e = new Expressions(v);
                spec.put("ProjectionExpression", e.projection());
                e.into(spec);
            } else if (v.chance(10)) spec.put("AttributesToGet", Json.arr("a", v.pick(List.of("b", "a"))));
            if (v.chance(15)) spec.put("ConsistentRead", true);
            items.put(t.name, spec);
        }
        Map<String, Object> body = Json.obj("RequestItems", items);
        ItemRequests.common(body, v, false);
        return Draft.of("BatchGetItem", body);
    }

    private Draft transactWrite(Model m, Values v) {
        List<Object> actions = new ArrayList<>();
        int n = count(v, 100);
        for (int i = 0; i < n; i++) {
            Model.Table t = m.table(v);
            Map<String, Object> key = ItemRequests.key(t, v);
            Expressions e = new Expressions(v);
            Map<String, Object> action;
            String kind;
            switch (v.between(0, 3)) {
                case 0 -> {
                    kind = "Put";
                    action = Json.obj("TableName", t.name, "Item", ItemRequests.item(t, v, key));
                    if (v.chance(40)) action.put("ConditionExpression", e.condition(1));
                    t.wrote(key);
                }
                case 1 -> {
                    kind = "Update";
                    action = Json.obj("TableName", t.name, "Key", key, "UpdateExpression", e.update(t));
                    if (v.chance(30)) action.put("ConditionExpression", e.condition(0));
                    t.wrote(key);
                }
                case 2 -> {
                    kind = "Delete";
                    action = Json.obj("TableName", t.name, "Key", key);
                    if (v.chance(40)) action.put("ConditionExpression", e.condition(0));
                }
                default -> {
                    kind = "ConditionCheck";
                    action = Json.obj("TableName", t.name, "Key", key);
                    if (v.chance(95)) action.put("ConditionExpression", e.condition(1));
                }
            }
            e.into(action);
            if (v.chance(15)) action.put("ReturnValuesOnConditionCheckFailure", v.pick(List.of("ALL_OLD", "NONE")));
            actions.add(Json.obj(kind, action));
            if (v.chance(5)) actions.add(Json.obj("ConditionCheck", Json.obj("TableName", t.name, "Key", key,
                    "ConditionExpression", "attribute_exists(" + t.hash + ")")));
        }
        Map<String, Object> body = Json.obj("TransactItems", actions);
        if (v.chance(10)) body.put("ClientRequestToken", v.pick(List.of("token-1", "", "token-2")));
        ItemRequests.common(body, v, true);
        return Draft.of("TransactWriteItems", body);
    }

    private Draft transactGet(Model m, Values v) {
        List<Object> gets = new ArrayList<>();
        int n = count(v, 100);
        for (int i = 0; i < n; i++) {
            Model.Table t = m.table(v);
            Map<String, Object> get = Json.obj("TableName", t.name, "Key", ItemRequests.key(t, v));
            if (v.chance(25)) {
                Expressions e = new Expressions(v);
                get.put("ProjectionExpression", e.projection());
                e.into(get);
            }
            gets.add(Json.obj("Get", get));
        }
        Map<String, Object> body = Json.obj("TransactItems", gets);
        ItemRequests.common(body, v, false);
        return Draft.of("TransactGetItems", body);
    }
}
