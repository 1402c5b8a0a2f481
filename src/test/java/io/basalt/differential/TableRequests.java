package io.basalt.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CreateTable (the epoch's tables, then valid and invalid variants: key schemas, attribute
 * definitions, index definitions, billing modes, names), UpdateTable, DescribeTable, ListTables.
 */
final class TableRequests implements RequestFamily {
    /** The tables every epoch starts with, registered in the model. */
    List<Draft> setup(Model m, Values v) {
        m.tables.clear();
        List<Draft> out = new ArrayList<>();
        Model.Table hashOnly = new Model.Table(m.name("hash"), "pk", v.pick(List.of("S", "N", "B")), null, null);
        hashOnly.stream = true;
        Model.Table ranged = new Model.Table(m.name("range"), "pk", v.pick(List.of("S", "N")), "sk", v.pick(List.of("S", "N", "B")));
        Model.Table indexed = new Model.Table(m.name("idx"), "pk", "S", "sk", "N");
        indexed.indexes.add(new Model.Index("lsi1", "pk", "S", "ls", "S", false));
        indexed.indexes.add(new Model.Index("gsi1", "g", "S", "n", "N", true));
        indexed.indexes.add(new Model.Index("gsi2", "gb", "B", null, null, true));
        indexed.stream = true;
        for (Model.Table t : List.of(hashOnly, ranged, indexed)) {
            m.tables.add(t);
            out.add(Draft.of("CreateTable", create(t, v)));
        }
        return out;
    }

    static Map<String, Object> create(Model.Table t, Values v) {
        List<Object> defs = new ArrayList<>(), schema = new ArrayList<>(), gsis = new ArrayList<>(), lsis = new ArrayList<>();
        defs.add(def(t.hash, t.hashType));
        schema.add(key(t.hash, "HASH"));
        if (t.range != null) {
            defs.add(def(t.range, t.rangeType));
            schema.add(key(t.range, "RANGE"));
        }
        for (Model.Index i : t.indexes) {
            if (!i.hash().equals(t.hash)) defs.add(def(i.hash(), i.hashType()));
            if (i.range() != null) defs.add(def(i.range(), i.rangeType()));
            List<Object> ks = new ArrayList<>(List.of(key(i.hash(), "HASH")));
            if (i.range() != null) ks.add(key(i.range(), "RANGE"));
            Map<String, Object> projection = i.global() ? Json.obj("ProjectionType", "INCLUDE", "NonKeyAttributes", Json.arr("a", "m"))
                    : Json.obj("ProjectionType", "ALL");
            (i.global() ? gsis : lsis).add(Json.obj("IndexName", i.name(), "KeySchema", ks, "Projection", projection));
        }
        return Json.obj("TableName", t.name, "AttributeDefinitions", defs, "KeySchema", schema,
                "BillingMode", "PAY_PER_REQUEST",
                "LocalSecondaryIndexes", lsis.isEmpty() ? null : lsis,
                "GlobalSecondaryIndexes", gsis.isEmpty() ? null : gsis,
                "StreamSpecification", t.stream ? Json.obj("StreamEnabled", true, "StreamViewType", "NEW_AND_OLD_IMAGES") : null);
    }

    static Map<String, Object> def(String name, String type) {
        return Json.obj("AttributeName", name, "AttributeType", type);
    }

    static Map<String, Object> key(String name, String type) {
        return Json.obj("AttributeName", name, "KeyType", type);
    }

    @Override
    public Draft next(Model m, Values v) {
        Model.Table t = m.table(v);
        return switch (v.between(0, 9)) {
            case 0 -> Draft.of("DescribeTable", Json.obj("TableName", v.chance(80) ? t.name : v.pick(List.of("missing_table", "", "x"))));
            case 1 -> Draft.of("ListTables", Json.obj("Limit", v.chance(50) ? v.pick(List.of(1, 2, 100, 0, 101)) : null,
                    "ExclusiveStartTableName", v.chance(30) ? t.name : null));
            case 2, 3 -> updateTable(m, t, v);
            default -> invalidCreate(m, v);
        };
    }

    private Draft updateTable(Model m, Model.Table t, Values v) {
        Map<String, Object> body = Json.obj("TableName", t.name);
        switch (v.between(0, 6)) {
            case 0 -> { } // nothing to update
            case 1 -> body.put("BillingMode", v.pick(List.of("PAY_PER_REQUEST", "PROVISIONED", "FREE")));
            case 2 -> body.put("GlobalSecondaryIndexUpdates", Json.arr(Json.obj("Delete", Json.obj("IndexName", "no_such_index"))));
            case 3 -> {
                body.put("AttributeDefinitions", Json.arr(def("zz", v.pick(List.of("S", "N", "X")))));
                body.put("GlobalSecondaryIndexUpdates", Json.arr(Json.obj("Create", Json.obj("IndexName", v.pick(List.of("gnew", "gsi1", "lsi1")),
                        "KeySchema", Json.arr(key(v.pick(List.of("zz", "other")), "HASH")),
                        "Projection", v.chance(80) ? Json.obj("ProjectionType", v.pick(List.of("ALL", "KEYS_ONLY", "INCLUDE"))) : null))));
            }
            case 4 -> body.put("StreamSpecification", Json.obj("StreamEnabled", v.chance(50),
                    "StreamViewType", v.chance(70) ? v.pick(List.of("KEYS_ONLY", "NEW_IMAGE", "BOGUS")) : null));
            case 5 -> body.put("AttributeDefinitions", Json.arr(def(t.hash, t.hashType.equals("S") ? "N" : "S")));
            default -> body.put("ProvisionedThroughput", Json.obj("ReadCapacityUnits", v.pick(List.of(0, 1, 5)), "WriteCapacityUnits", 1));
        }
        return Draft.of("UpdateTable", body);
    }

    private Draft invalidCreate(Model m, Values v) {
        Model.Table base = new Model.Table(m.name("c" + v.between(0, 9)), "h", v.pick(List.of("S", "N", "B", "X", "s")),
                v.chance(60) ? "r" : null, v.pick(List.of("S", "N", "B")));
        if (v.chance(25)) base.indexes.add(new Model.Index(v.pick(List.of("i1", "i")), v.pick(List.of("h", "g")), "S",
                v.chance(70) ? v.pick(List.of("r", "x", "h")) : null, "N", v.chance(50)));
        Map<String, Object> body = create(base, v);
        body.remove("StreamSpecification");
        @SuppressWarnings("unchecked") List<Object> defs = (List<Object>) body.get("AttributeDefinitions");
        @SuppressWarnings("unchecked") List<Object> schema = (List<Object>) body.get("KeySchema");
        switch (v.between(0, 15)) {
            case 0 -> body.remove("KeySchema");
            case 1 -> defs.remove(0);
            case 2 -> defs.add(def("unused", "S"));
            case 3 -> schema.add(key("h", "RANGE"));
            case 4 -> schema.add(0, key("r2", "HASH"));
            case 5 -> java.util.Collections.reverse(schema);
            case 6 -> body.put("BillingMode", "PROVISIONED");
            case 7 -> body.put("ProvisionedThroughput", Json.obj("ReadCapacityUnits", v.pick(List.of(0, 1)), "WriteCapacityUnits", 1));
            case 8 -> body.put("TableName", v.pick(List.of("ab", "bad name!", "x".repeat(256), "", "ok-name_1.x")));
            case 9 -> body.put("TableName", m.table(v).name);
            case 10 -> body.put("LocalSecondaryIndexes", Json.arr(Json.obj("IndexName", "l1",
                    "KeySchema", Json.arr(key("other", "HASH"), key("h", "RANGE")), "Projection", Json.obj("ProjectionType", "ALL"))));
            case 11 -> body.put("GlobalSecondaryIndexes", Json.arr(Json.obj("IndexName", "g1",
                    "KeySchema", Json.arr(key("h", "HASH")), "Projection", Json.obj("ProjectionType", v.pick(List.of("INCLUDE", "KEYS_ONLY")),
                    "NonKeyAttributes", v.chance(50) ? Json.arr("a", "a") : null))));
            case 12 -> defs.add(def("h", "N"));
            case 13 -> body.put("BillingMode", v.pick(List.of("pay_per_request", "ON_DEMAND")));
            case 14 -> body.put("AttributeDefinitions", Json.arr());
            default -> { } // the base itself (valid or not, as it came out)
        }
        return Draft.of("CreateTable", body);
    }
}
