package io.basalt.differential;

import java.util.List;
import java.util.Map;

/**
 * Query (key conditions on tables and indexes, valid and not, with filters, projections, Select,
 * Limit, direction) and Scan (filters, projections, Select, Limit, segments).
 */
final class QueryScanRequests implements RequestFamily {
    @Override
    public Draft next(Model m, Values v) {
        Model.Table t = m.table(v);
        return v.chance(65) ? query(t, v) : scan(t, v);
    }

    private Draft query(Model.Table t, Values v) {
        Map<String, Object> body = Json.obj("TableName", ItemRequests.table(t, v));
        Expressions e = new Expressions(v);
        String hash = t.hash, hashType = t.hashType, range = t.range, rangeType = t.rangeType;
        if (!t.indexes.isEmpty() && v.chance(40)) {
            Model.Index i = v.pick(t.indexes);
            body.put("IndexName", v.chance(95) ? i.name() : "no_such_index");
            hash = i.hash();
            hashType = i.hashType();
            range = i.range();
            rangeType = i.rangeType();
        }
        String cond = e.name(hash) + " = " + e.value(v.chance(95) ? v.keyValue(hashType) : v.s("x"));
        if (range != null && v.chance(60)) {
            String r = e.name(range);
            cond += " AND " + switch (v.between(0, 7)) {
                case 0 -> r + " BETWEEN " + e.value(v.boundValue(rangeType)) + " AND " + e.value(v.boundValue(rangeType));
                case 1 -> "begins_with(" + r + ", " + e.value(v.boundValue(rangeType)) + ")";
                case 2 -> r + " <> " + e.value(v.boundValue(rangeType));
                case 3 -> "attribute_exists(" + r + ")";
                default -> r + " " + v.pick(List.of("=", "<", "<=", ">", ">=")) + " " + e.value(v.boundValue(rangeType));
            };
        }
        switch (v.between(0, 12)) {
            case 0 -> cond = cond.replace(" = ", " < ");
            case 1 -> cond = cond + " OR " + e.name(hash) + " = " + e.value(v.keyValue(hashType));
            case 2 -> cond = e.name("a") + " = " + e.value(v.s("x"));
            case 3 -> cond = cond + " AND " + e.name(hash) + " = " + e.value(v.keyValue(hashType));
            default -> { }
        }
        body.put("KeyConditionExpression", cond);
        if (v.chance(30)) body.put("FilterExpression", e.condition(1));
        if (v.chance(25)) body.put("ProjectionExpression", e.projection());
        readOptions(body, v);
        if (v.chance(30)) body.put("ScanIndexForward", v.chance(50));
        e.into(body);
        ItemRequests.common(body, v, false);
        return Draft.of("Query", body);
    }

    private Draft scan(Model.Table t, Values v) {
        Map<String, Object> body = Json.obj("TableName", ItemRequests.table(t, v));
        Expressions e = new Expressions(v);
        if (!t.indexes.isEmpty() && v.chance(20)) body.put("IndexName", v.pick(t.indexes).name());
        if (v.chance(45)) body.put("FilterExpression", e.condition(2));
        if (v.chance(25)) body.put("ProjectionExpression", e.projection());
        readOptions(body, v);
        if (v.chance(10)) {
            body.put("TotalSegments", v.pick(List.of(1, 2, 4, 0, 1000001)));
            body.put("Segment", v.pick(List.of(0, 1, 3, -1)));
        } else if (v.chance(3)) body.put("Segment", 0);
        e.into(body);
        ItemRequests.common(body, v, false);
        return Draft.of("Scan", body);
    }

    private static void readOptions(Map<String, Object> body, Values v) {
        if (v.chance(25)) body.put("Select", v.pick(List.of("ALL_ATTRIBUTES", "COUNT", "SPECIFIC_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "count")));
        if (v.chance(25)) body.put("Limit", v.pick(List.of(1, 2, 5, 0, -1)));
        if (v.chance(15)) body.put("ConsistentRead", v.chance(50));
    }
}
