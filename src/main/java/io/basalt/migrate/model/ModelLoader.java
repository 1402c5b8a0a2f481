package io.basalt.migrate.model;

import io.basalt.migrate.model.Model.AccessPattern;
import io.basalt.migrate.model.Model.Attribute;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.Model.Index;
import io.basalt.migrate.model.Model.KeyAttribute;
import io.basalt.migrate.model.Model.Operation;
import io.basalt.migrate.model.Model.Projection;
import io.basalt.migrate.model.Model.Table;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** Reads a model file (YAML). Unknown fields are errors: a misspelt field would otherwise be silently ignored. */
public final class ModelLoader {
    private ModelLoader() {}

    public static Model load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** Parses YAML (or JSON) text into plain maps and lists, safely (no object construction). */
    public static Object readTree(String text, String where) {
        try {
            return new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (YAMLException e) {
            throw new ModelException(where + ": not valid YAML: " + e.getMessage());
        }
    }

    public static Model parse(String text, String where) {
        Map<String, Object> root = map(readTree(text, where), where);
        allow(root, where, "source", "entities", "tables", "accessPatterns");
        List<Table> tables = new ArrayList<>();
        for (Object t : list(root.get("tables"), where + ".tables")) tables.add(table(map(t, where + ".tables[]")));
        List<Entity> entities = new ArrayList<>();
        for (Object e : list(root.get("entities"), where + ".entities")) entities.add(entity(map(e, where + ".entities[]")));
        List<AccessPattern> patterns = new ArrayList<>();
        for (Object p : list(root.get("accessPatterns"), where + ".accessPatterns")) {
            patterns.add(pattern(map(p, where + ".accessPatterns[]")));
        }
        return new Model(str(root.get("source")), entities, tables, patterns);
    }

    private static Table table(Map<String, Object> m) {
        String name = required(m, "name", "table");
        String where = "table " + name;
        allow(m, where, "name", "partitionKey", "sortKey", "globalSecondaryIndexes", "localSecondaryIndexes");
        KeyAttribute pk = keyAttribute(m.get("partitionKey"), where + ".partitionKey");
        if (pk == null) throw new ModelException(where + ": partitionKey is required");
        KeyAttribute sk = keyAttribute(m.get("sortKey"), where + ".sortKey");
        List<Index> indexes = new ArrayList<>();
        for (Object o : list(m.get("globalSecondaryIndexes"), where)) indexes.add(index(map(o, where), true, pk));
        for (Object o : list(m.get("localSecondaryIndexes"), where)) indexes.add(index(map(o, where), false, pk));
        return new Table(name, pk, sk, indexes);
    }

    private static Index index(Map<String, Object> m, boolean global, KeyAttribute tablePk) {
        String name = required(m, "name", "index");
        String where = "index " + name;
        allow(m, where, "name", "partitionKey", "sortKey", "projection", "nonKeyAttributes");
        KeyAttribute pk = keyAttribute(m.get("partitionKey"), where + ".partitionKey");
        if (global && pk == null) throw new ModelException(where + ": a global secondary index needs a partitionKey");
        if (!global && pk != null && !pk.name().equals(tablePk.name())) {
            throw new ModelException(where + ": a local secondary index shares the table's partition key " + tablePk.name());
        }
        KeyAttribute sk = keyAttribute(m.get("sortKey"), where + ".sortKey");
        if (!global && sk == null) throw new ModelException(where + ": a local secondary index needs a sortKey");
        Projection projection = Projection.ALL;
        if (m.get("projection") != null) {
            try {
                projection = Projection.valueOf(str(m.get("projection")).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new ModelException(where + ".projection: ALL, KEYS_ONLY or INCLUDE, not " + m.get("projection"));
            }
        }
        List<String> nonKey = strings(m.get("nonKeyAttributes"), where + ".nonKeyAttributes");
        if (projection == Projection.INCLUDE && nonKey.isEmpty()) {
            throw new ModelException(where + ": projection INCLUDE needs nonKeyAttributes");
        }
        return new Index(name, global, global ? pk : tablePk, sk, projection, nonKey);
    }

    private static KeyAttribute keyAttribute(Object o, String where) {
        if (o == null) return null;
        if (o instanceof Map<?, ?>) {
            Map<String, Object> m = map(o, where);
            allow(m, where, "name", "type");
            String type = m.get("type") == null ? "S" : str(m.get("type"));
            if (!Set.of("S", "N", "B").contains(type)) throw new ModelException(where + ".type: S, N or B, not " + type);
            return new KeyAttribute(required(m, "name", where), type);
        }
        return new KeyAttribute(str(o), "S");
    }

    private static Entity entity(Map<String, Object> m) {
        String name = required(m, "name", "entity");
        String where = "entity " + name;
        allow(m, where, "name", "query", "table", "rows", "itemSize", "averageItemSize", "key", "attributes");
        Map<String, String> key = new LinkedHashMap<>();
        if (m.get("key") != null) map(m.get("key"), where + ".key").forEach((k, v) -> key.put(k, str(v)));
        List<Attribute> attributes = new ArrayList<>();
        if (m.get("attributes") != null) {
            map(m.get("attributes"), where + ".attributes").forEach((attr, v) -> attributes.add(attribute(attr, v, where)));
        }
        Long rows = m.get("rows") == null ? null : number(m.get("rows"), where + ".rows").longValue();
        return new Entity(name, str(m.get("query")), str(m.get("table")), rows, size(m.get("itemSize")),
                size(m.get("averageItemSize")), key, attributes);
    }

    private static Attribute attribute(String name, Object v, String where) {
        if (v instanceof Map<?, ?>) {
            Map<String, Object> m = map(v, where + "." + name);
            allow(m, where + "." + name, "from", "type", "size");
            String from = m.get("from") == null ? name : str(m.get("from"));
            return new Attribute(name, from, str(m.get("type")), size(m.get("size")));
        }
        return new Attribute(name, v == null ? name : str(v), null, null);
    }

    private static AccessPattern pattern(Map<String, Object> m) {
        String name = required(m, "name", "access pattern");
        String where = "access pattern " + name;
        allow(m, where, "name", "description", "operation", "table", "index", "keyCondition", "filter", "frequency",
                "consistency", "items", "itemSize", "entity", "updates");
        Operation op;
        try {
            op = Operation.valueOf(required(m, "operation", where));
        } catch (IllegalArgumentException e) {
            throw new ModelException(where + ".operation: one of " + List.of(Operation.values()) + ", not " + m.get("operation"));
        }
        String consistency = m.get("consistency") == null ? "eventual" : str(m.get("consistency"));
        if (!consistency.equals("eventual") && !consistency.equals("strong")) {
            throw new ModelException(where + ".consistency: eventual or strong, not " + consistency);
        }
        BigDecimal items = m.get("items") == null ? BigDecimal.ONE : number(m.get("items"), where + ".items");
        return new AccessPattern(name, str(m.get("description")), op, required(m, "table", where), str(m.get("index")),
                str(m.get("keyCondition")), str(m.get("filter")), number(m.get("frequency"), where + ".frequency"),
                consistency.equals("strong"), items, size(m.get("itemSize")), str(m.get("entity")),
                strings(m.get("updates"), where + ".updates"));
    }

    // --- plain YAML helpers ---

    private static Size size(Object o) {
        return o == null ? null : Size.parse(o);
    }

    private static BigDecimal number(Object o, String where) {
        if (o == null) throw new ModelException(where + " is required");
        try {
            return new BigDecimal(o.toString().trim());
        } catch (NumberFormatException e) {
            throw new ModelException(where + ": not a number: " + o);
        }
    }

    private static String required(Map<String, Object> m, String field, String where) {
        Object v = m.get(field);
        if (v == null || v.toString().isBlank()) throw new ModelException(where + ": '" + field + "' is required");
        return v.toString();
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    private static void allow(Map<String, Object> m, String where, String... fields) {
        Set<String> allowed = Set.of(fields);
        for (String k : m.keySet()) {
            if (!allowed.contains(k)) throw new ModelException(where + ": unknown field '" + k + "' (allowed: " + String.join(", ", fields) + ")");
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object o, String where) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<Object, Object>) m).forEach((k, v) -> out.put(String.valueOf(k), v));
            return out;
        }
        throw new ModelException(where + ": expected a mapping, found " + (o == null ? "nothing" : o.getClass().getSimpleName()));
    }

    public static List<?> list(Object o, String where) {
        if (o == null) return List.of();
        if (o instanceof List<?> l) return l;
        throw new ModelException(where + ": expected a list");
    }

    private static List<String> strings(Object o, String where) {
        return list(o, where).stream().map(String::valueOf).toList();
    }
}
