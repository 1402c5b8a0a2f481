package io.basalt.migrate.replicate;

import io.basalt.migrate.load.ItemMapper;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The PostgreSQL tables the model's queries read (by name, as the applier matches changes to
 * queries) and what their old row images carry. An update or delete sends the old row's REPLICA
 * IDENTITY columns only (the primary key by default), so a table whose identity does not hold every
 * column of an entity's item key that the table has (a shipment keyed by its order_id), or that has
 * no identity at all (no primary key: PostgreSQL then refuses the application's own UPDATE and DELETE
 * once the table is published), needs REPLICA IDENTITY FULL: replicate sets it when asked
 * ({@code --replica-identity full}) and otherwise refuses before creating anything.
 */
final class SourceTables {
    /** A table the model reads: its schema-qualified, quoted name, identity setting (d, f, i, n) and why it needs FULL (null: it does not). */
    record Table(String schema, String name, char identity, String needsFull) {
        String qualified() {
            return "\"" + schema.replace("\"", "\"\"") + "\".\"" + name.replace("\"", "\"\"") + "\"";
        }
    }

    private SourceTables() {}

    static List<Table> of(Connection c, Model model) throws SQLException {
        Map<String, List<String>> keyColumns = new LinkedHashMap<>(); // entity -> its source key columns
        ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
        for (Entity e : model.entities()) {
            if (e.query() == null) throw new ModelException("entity " + e.name() + ": 'query' is required to replicate it");
            Model.Table t = model.table(e.table()).orElseThrow(() -> new ModelException("entity " + e.name() + ": no table '" + e.table() + "' in the model"));
            keyColumns.put(e.name(), ItemMapper.forQuery(c, e, t, mapping).keyColumns(t).stream().map(k -> k.toLowerCase(Locale.ROOT)).toList());
        }
        List<Table> tables = new ArrayList<>();
        String sql = "SELECT n.nspname, c.relname, c.relreplident, c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY (current_schemas(false)) ORDER BY n.nspname, c.relname";
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String name = rs.getString(2);
                List<Entity> readers = model.entities().stream().filter(e -> reads(e.query(), name)).toList();
                if (readers.isEmpty()) continue;
                char identity = rs.getString(3).charAt(0);
                long oid = rs.getLong(4);
                Set<String> columns = columns(c, oid, "SELECT attname FROM pg_attribute WHERE attrelid = ? AND attnum > 0 AND NOT attisdropped");
                Set<String> identityColumns = switch (identity) {
                    case 'f' -> columns;
                    case 'd' -> columns(c, oid, "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
                            + " WHERE i.indrelid = ? AND i.indisprimary");
                    case 'i' -> columns(c, oid, "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
                            + " WHERE i.indrelid = ? AND i.indisreplident");
                    default -> Set.of();
                };
                String needsFull = null;
                if (identityColumns.isEmpty()) {
                    needsFull = identity == 'n' ? "its REPLICA IDENTITY is NOTHING" : "it has no primary key";
                } else {
                    for (Entity e : readers) {
                        List<String> missing = keyColumns.get(e.name()).stream().filter(k -> columns.contains(k) && !identityColumns.contains(k)).toList();
                        if (!missing.isEmpty()) {
                            needsFull = "the item key of entity " + e.name() + " uses " + String.join(", ", missing)
                                    + ", which its old rows do not carry (replica identity: " + String.join(", ", identityColumns) + ")";
                            break;
                        }
                    }
                }
                tables.add(new Table(rs.getString(1), name, identity, needsFull));
            }
        }
        if (tables.isEmpty()) throw new ModelException("the model's queries read none of the source's tables (in " + schemas(c) + ")");
        return tables;
    }

    /** Whether a query names the table (a word, case-insensitive): the applier's rule for which changes concern an entity. */
    static boolean reads(String query, String table) {
        return Pattern.compile("(?i)(?<![\\w$])" + Pattern.quote(table) + "(?![\\w$])").matcher(query).find();
    }

    private static Set<String> columns(Connection c, long oid, String sql) throws SQLException {
        Set<String> names = new LinkedHashSet<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, oid);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) names.add(rs.getString(1).toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    private static String schemas(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT array_to_string(current_schemas(false), ', ')"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * Sets REPLICA IDENTITY FULL where a table needs it ({@code setFull}), or refuses, naming each
     * table, the reason and the statement; returns what it did, for the operator.
     */
    static List<String> ensureIdentities(Connection c, List<Table> tables, boolean setFull) throws SQLException {
        List<Table> needing = tables.stream().filter(t -> t.needsFull() != null && t.identity() != 'f').toList();
        List<String> done = new ArrayList<>();
        if (needing.isEmpty()) return done;
        if (!setFull) {
            StringBuilder sb = new StringBuilder("replicate cannot follow the updates and deletes of ");
            for (int i = 0; i < needing.size(); i++) {
                Table t = needing.get(i);
                sb.append(i == 0 ? "" : "; ").append("table ").append(t.name()).append(": ").append(t.needsFull());
            }
            sb.append(". Run ");
            for (Table t : needing) sb.append("ALTER TABLE ").append(t.qualified()).append(" REPLICA IDENTITY FULL; ");
            sb.append("or pass --replica-identity full to let replicate do it (nothing was created)");
            throw new ModelException(sb.toString());
        }
        try (var st = c.createStatement()) {
            for (Table t : needing) {
                st.execute("ALTER TABLE " + t.qualified() + " REPLICA IDENTITY FULL");
                done.add("set REPLICA IDENTITY FULL on table " + t.name() + ": " + t.needsFull());
            }
        }
        return done;
    }
}
