package io.basalt.migrate.load;

import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.Model.KeyAttribute;
import io.basalt.migrate.model.Model.Table;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.ColumnMapping.Column;
import io.basalt.migrate.source.JsonValues;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemSize;
import io.basalt.model.NumberFormatError;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entity's rows as items, per the model: each key attribute and attribute is a template over the
 * query's columns ({@code "G#{game_id}"}, or a bare column name for attributes), its value the
 * column's DynamoDB value ({@link ColumnMapping}) when the template is a single column, else the
 * text of the parts; then converted to the key's type or the attribute's {@code type}. A row the
 * service would reject (empty or missing key value, key over 2048/1024 bytes, number over 38
 * digits, item over 400 KB) is refused with the reason; an attribute that cannot be converted is
 * left out with a warning.
 */
public final class ItemMapper {
    public static final long MAX_ITEM_BYTES = 400 * 1024;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]+)}");

    /** A row's item, or why it has none; {@code warnings} when the item lost an attribute. */
    public record Mapped(Map<String, AttributeValue> item, long size, String error, List<String> warnings) {
        public boolean ok() {
            return error == null;
        }
    }

    private record Part(String literal, String column) {}

    private record Target(String name, List<Part> parts, String type, int keyRole) {} // keyRole 0 no, 1 partition, 2 sort

    private final Entity entity;
    private final List<Target> targets = new ArrayList<>();
    private final Map<String, Integer> columnIndex = new HashMap<>();
    private final List<Column> columns = new ArrayList<>();
    private final ColumnMapping mapping;
    /** Key attribute names of the table's indexes, with the index each belongs to (for messages). */
    private final Map<String, String> indexKeys = new HashMap<>();

    public ItemMapper(Entity entity, Table table, ColumnMapping mapping, ResultSetMetaData md) throws SQLException {
        this.entity = entity;
        this.mapping = mapping;
        for (int i = 1; i <= md.getColumnCount(); i++) {
            Column c = mapping.column(md.getColumnLabel(i), md.getColumnType(i), md.getColumnTypeName(i), md.getPrecision(i),
                    md.getScale(i), md.isNullable(i) != ResultSetMetaData.columnNoNulls);
            columns.add(c);
            columnIndex.putIfAbsent(c.name().toLowerCase(Locale.ROOT), i);
        }
        for (var e : entity.key().entrySet()) {
            KeyAttribute k = keyAttribute(table, e.getKey());
            int role = e.getKey().equals(table.partitionKey().name()) ? 1 : table.sortKey() != null && e.getKey().equals(table.sortKey().name()) ? 2 : 0;
            targets.add(new Target(e.getKey(), parts(e.getValue(), true), k == null ? null : k.type(), role));
        }
        for (var a : entity.attributes()) {
            if (entity.key().containsKey(a.name())) continue;
            KeyAttribute k = keyAttribute(table, a.name());
            targets.add(new Target(a.name(), parts(a.from(), false), a.type() != null ? a.type() : k == null ? null : k.type(), 0));
        }
        for (var i : table.indexes()) {
            indexKeys.putIfAbsent(i.partitionKey().name(), i.name());
            if (i.sortKey() != null) indexKeys.putIfAbsent(i.sortKey().name(), i.name());
        }
        for (String keyName : table.keyAttributeNames()) {
            if (targets.stream().noneMatch(t -> t.name().equals(keyName))) {
                throw new ModelException("entity " + entity.name() + ": no template for the key attribute " + keyName + " of table " + table.name());
            }
        }
    }

    /** The mapper of an entity's query, from the query's result metadata (no row is read). */
    public static ItemMapper forQuery(java.sql.Connection c, Entity e, Table table, ColumnMapping mapping) throws SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT * FROM (" + SourceRanges.inner(e.query()) + ") basalt_q WHERE 1 = 0");
             ResultSet rs = ps.executeQuery()) {
            return new ItemMapper(e, table, mapping, rs.getMetaData());
        } catch (SQLException failed) { // a missing table or column: say which entity's query
            if (!c.isValid(5)) throw failed;
            throw new ModelException("entity " + e.name() + ": its query failed on the source: " + failed.getMessage().strip());
        }
    }

    /** The key attribute of the table or one of its indexes with this name (its type), or null. */
    private static KeyAttribute keyAttribute(Table t, String name) {
        List<KeyAttribute> all = new ArrayList<>();
        all.add(t.partitionKey());
        if (t.sortKey() != null) all.add(t.sortKey());
        t.indexes().forEach(i -> {
            all.add(i.partitionKey());
            if (i.sortKey() != null) all.add(i.sortKey());
        });
        return all.stream().filter(k -> k != null && k.name().equals(name)).findFirst().orElse(null);
    }

    /** Key templates: text without {column} is a constant; attribute templates: a bare name is a column. */
    private List<Part> parts(String template, boolean key) {
        List<Part> parts = new ArrayList<>();
        if (!template.contains("{")) {
            if (key) {
                parts.add(new Part(template, null));
            } else {
                parts.add(new Part(null, column(template)));
            }
            return parts;
        }
        Matcher m = PLACEHOLDER.matcher(template);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) parts.add(new Part(template.substring(at, m.start()), null));
            parts.add(new Part(null, column(m.group(1))));
            at = m.end();
        }
        if (at < template.length()) parts.add(new Part(template.substring(at), null));
        return parts;
    }

    private String column(String name) {
        if (!columnIndex.containsKey(name.toLowerCase(Locale.ROOT))) {
            throw new ModelException("entity " + entity.name() + ": the query has no column '" + name + "' (it has "
                    + columns.stream().map(Column::name).toList() + ")");
        }
        return name.toLowerCase(Locale.ROOT);
    }

    /** The query's columns the table's primary key is made of, in key order (the source key). */
    public List<String> keyColumns(Table table) {
        List<String> cols = new ArrayList<>();
        for (String keyName : table.keyAttributeNames()) {
            for (Target t : targets) {
                if (!t.name().equals(keyName)) continue;
                for (Part p : t.parts()) {
                    if (p.column() != null && !cols.contains(columnOf(p.column()).name())) cols.add(columnOf(p.column()).name());
                }
            }
        }
        return cols;
    }

    /** Whether the query has a column of this name. */
    public boolean hasColumn(String name) {
        return columnIndex.containsKey(name.toLowerCase(Locale.ROOT));
    }

    public Column columnOf(String name) {
        return columns.get(columnIndex.get(name.toLowerCase(Locale.ROOT)) - 1);
    }

    /**
     * The item key of the row whose key columns ({@link #keyColumns}) have these canonical texts
     * ({@link io.basalt.migrate.source.SqlValues}; lower-case names), for deleting the item of a row
     * the source no longer has: each part valued as {@link #map} values it read over JDBC, so both give
     * the same key. Null when a key column's text is missing; IllegalArgumentException (naming the
     * column) when one is not a value of its column's type.
     */
    public Map<String, AttributeValue> keyItem(Table table, Map<String, String> keyTexts) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (Target t : targets) {
            if (!table.keyAttributeNames().contains(t.name())) continue;
            Map<String, AttributeValue> values = new HashMap<>();
            for (Part p : t.parts()) {
                if (p.column() == null) continue;
                String text = keyTexts.get(p.column());
                if (text == null) return null;
                try {
                    values.put(p.column(), mapping.fromCanonical(columnOf(p.column()), text));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("column " + p.column() + ": " + e.getMessage(), e);
                }
            }
            AttributeValue v = compose(t, values::get);
            String problem = keyProblem(t, v);
            if (problem != null) throw new IllegalArgumentException(problem); // run refused such a row: it has no item
            key.put(t.name(), v);
        }
        return key;
    }

    /** The current row of {@code rs} as an item. */
    public Mapped map(ResultSet rs) throws SQLException {
        Map<String, AttributeValue> values = new HashMap<>();
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Target t : targets) {
            AttributeValue v;
            try {
                v = value(rs, t, values);
            } catch (ColumnMapping.OutOfRange e) {
                return error("number over 38 digits or out of range in " + t.name() + " (" + columnsOf(t) + "): " + e.value.toPlainString());
            } catch (IllegalArgumentException e) {
                if (t.keyRole() > 0) return error("key attribute " + t.name() + ": " + e.getMessage());
                warnings.add("attribute " + t.name() + " left out: " + e.getMessage());
                continue;
            }
            if (v == null) {
                if (t.keyRole() > 0) return error("key attribute " + t.name() + " is missing (NULL in the source: " + columnsOf(t) + ")");
                continue;
            }
            if (t.keyRole() > 0) {
                String problem = keyProblem(t, v);
                if (problem != null) return error(problem);
            } else if (indexKeys.containsKey(t.name()) && isEmpty(v)) {
                // the service refuses an empty index key value: the item goes without it, so it is not in that index
                warnings.add("attribute " + t.name() + " left out (" + columnsOf(t) + "): an empty value cannot be a key of index "
                        + indexKeys.get(t.name()) + ", the item is written without it and is not in that index");
                continue;
            }
            item.put(t.name(), v);
        }
        long size = ItemSize.of(item);
        if (size > MAX_ITEM_BYTES) return error("item size " + size + " bytes exceeds DynamoDB's 400 KB (409600 bytes)");
        return new Mapped(item, size, null, warnings);
    }

    /** The columns a target's template reads, for messages. */
    private static String columnsOf(Target t) {
        List<String> names = new ArrayList<>();
        for (Part p : t.parts()) if (p.column() != null) names.add(p.column());
        return names.isEmpty() ? "no column" : (names.size() == 1 ? "column " : "columns ") + String.join(", ", names);
    }

    private static Mapped error(String reason) {
        return new Mapped(null, 0, reason, List.of());
    }

    private static boolean isEmpty(AttributeValue v) {
        return v instanceof AttributeValue.S s && s.value().isEmpty() || v instanceof AttributeValue.B b && b.value().length == 0;
    }

    private static String keyProblem(Target t, AttributeValue v) {
        long bytes = switch (v) {
            case AttributeValue.S s -> ItemSize.utf8Length(s.value());
            case AttributeValue.B b -> b.value().length;
            default -> -1;
        };
        if (bytes == 0) return "key attribute " + t.name() + " is empty";
        long limit = t.keyRole() == 1 ? 2048 : 1024;
        if (bytes > limit) return "key attribute " + t.name() + " is " + bytes + " bytes, over the " + limit + "-byte limit of a "
                + (t.keyRole() == 1 ? "partition" : "sort") + " key";
        return null;
    }

    private AttributeValue value(ResultSet rs, Target t, Map<String, AttributeValue> values) throws SQLException {
        for (Part p : t.parts()) {
            if (p.column() != null && columnValue(rs, p.column(), values) == null) return null;
        }
        return compose(t, values::get);
    }

    /** A target's value from its columns' values (all present): a single column's value, else the text of the parts; then the target's type. */
    private static AttributeValue compose(Target t, java.util.function.Function<String, AttributeValue> column) {
        AttributeValue v;
        if (t.parts().size() == 1 && t.parts().get(0).column() != null) {
            v = column.apply(t.parts().get(0).column());
        } else {
            StringBuilder sb = new StringBuilder();
            for (Part p : t.parts()) sb.append(p.literal() != null ? p.literal() : text(column.apply(p.column())));
            v = new AttributeValue.S(sb.toString());
        }
        return t.type() == null ? v : convert(v, t.type());
    }

    private AttributeValue columnValue(ResultSet rs, String column, Map<String, AttributeValue> values) throws SQLException {
        if (values.containsKey(column)) return values.get(column);
        int i = columnIndex.get(column);
        AttributeValue v;
        try {
            v = mapping.value(rs, i, columns.get(i - 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("column " + column + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            throw new IllegalArgumentException("column " + column + ": the driver could not read it: " + e.getMessage(), e);
        }
        values.put(column, v);
        return v;
    }

    /** A scalar's text, as it appears inside a key template. */
    static String text(AttributeValue v) {
        return switch (v) {
            case AttributeValue.S s -> s.value();
            case AttributeValue.N n -> n.value().toString();
            case AttributeValue.Bool b -> Boolean.toString(b.value());
            case AttributeValue.B b -> Base64.getEncoder().encodeToString(b.value());
            default -> throw new IllegalArgumentException("a " + v.type() + " value has no text form");
        };
    }

    /** The value as the model's type S, N, B, BOOL, M or L; IllegalArgumentException when it has no such form. */
    static AttributeValue convert(AttributeValue v, String type) {
        if (v.type().name().equals(type)) return v;
        return switch (type) {
            case "S" -> new AttributeValue.S(text(v));
            case "N" -> switch (v) {
                case AttributeValue.Bool b -> new AttributeValue.N(DNumber.of(b.value() ? 1 : 0));
                case AttributeValue.S s -> {
                    try {
                        yield new AttributeValue.N(DNumber.parse(s.value().trim()));
                    } catch (NumberFormatError | NumberFormatException e) {
                        throw new IllegalArgumentException("'" + abbreviate(s.value()) + "' is not a number DynamoDB accepts");
                    }
                }
                default -> throw new IllegalArgumentException("a " + v.type() + " value is not a number");
            };
            case "B" -> new AttributeValue.B(text(v).getBytes(StandardCharsets.UTF_8));
            case "BOOL" -> switch (text(v).trim().toLowerCase(Locale.ROOT)) {
                case "true", "t", "1", "yes", "y" -> AttributeValue.Bool.TRUE;
                case "false", "f", "0", "no", "n" -> AttributeValue.Bool.FALSE;
                default -> throw new IllegalArgumentException("'" + abbreviate(text(v)) + "' is not a boolean");
            };
            case "M", "L" -> {
                AttributeValue parsed = JsonValues.parse(text(v));
                if (!parsed.type().name().equals(type)) throw new IllegalArgumentException("the text is not a JSON " + (type.equals("M") ? "object" : "array"));
                yield parsed;
            }
            default -> throw new ModelException("type " + type + ": S, N, B, BOOL, M or L");
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
