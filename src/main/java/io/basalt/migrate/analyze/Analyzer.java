package io.basalt.migrate.analyze;

import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.ColumnMapping.Column;
import io.basalt.migrate.source.JdbcSource;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.ServiceLimits;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * {@code migrate analyze}: reads a table or a query's result and describes it as DynamoDB items —
 * columns and their mapping, item sizes (every row, or a simple random sample with replacement of
 * {@code sample} rows), key candidates with their value distribution, limits, relationships.
 */
public final class Analyzer {
    /** Options: sample size, hot-partition share, extra key columns, seed (a fixed seed repeats a sample). */
    public record Options(int sample, double hotShare, List<String> keyColumns, long seed) {}

    private final Connection conn;
    private final ColumnMapping mapping;
    private final Options options;
    private final PrintStream progress;
    private final String dialect;

    public Analyzer(Connection conn, ColumnMapping mapping, Options options, PrintStream progress) throws SQLException {
        this.conn = conn;
        this.mapping = mapping;
        this.options = options;
        this.progress = progress;
        this.dialect = JdbcSource.dialect(conn);
    }

    /** The user tables of the connection's current schema (PostgreSQL) or database (MariaDB, MySQL). */
    public List<String> tables() throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = conn.getMetaData().getTables(conn.getCatalog(), schema(), "%", new String[] {"TABLE"})) {
            while (rs.next()) out.add(rs.getString("TABLE_NAME"));
        }
        return out;
    }

    private String schema() throws SQLException {
        return dialect.equals("postgresql") ? conn.getSchema() : null;
    }

    public Map<String, Object> table(String table) throws SQLException {
        DatabaseMetaData md = conn.getMetaData();
        String from = JdbcSource.quote(conn, table);
        List<String> pk = new ArrayList<>();
        try (ResultSet rs = md.getPrimaryKeys(conn.getCatalog(), schema(), table)) {
            Map<Integer, String> bySeq = new java.util.TreeMap<>();
            while (rs.next()) bySeq.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
            pk.addAll(bySeq.values());
        }
        Map<String, List<String>> unique = new LinkedHashMap<>(), indexed = new LinkedHashMap<>();
        try (ResultSet rs = md.getIndexInfo(conn.getCatalog(), schema(), table, false, true)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME"), col = rs.getString("COLUMN_NAME");
                if (name == null || col == null) continue;
                (rs.getBoolean("NON_UNIQUE") ? indexed : unique).computeIfAbsent(name, k -> new ArrayList<>()).add(col);
            }
        }
        unique.values().removeIf(cols -> cols.equals(pk));
        List<Map<String, Object>> fks = new ArrayList<>();
        try (ResultSet rs = md.getImportedKeys(conn.getCatalog(), schema(), table)) {
            Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
            while (rs.next()) {
                String name = rs.getString("FK_NAME") + "/" + rs.getString("PKTABLE_NAME");
                Map<String, Object> fk = byName.computeIfAbsent(name, k -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("columns", new ArrayList<String>());
                    m.put("references", null);
                    m.put("referencedColumns", new ArrayList<String>());
                    return m;
                });
                fk.put("references", rs.getString("PKTABLE_NAME"));
                cast(fk.get("columns")).add(rs.getString("FKCOLUMN_NAME"));
                cast(fk.get("referencedColumns")).add(rs.getString("PKCOLUMN_NAME"));
            }
            fks.addAll(byName.values());
        }
        Map<String, Object> out = analyse(table, "table", null, "SELECT * FROM " + from, "SELECT COUNT(*) FROM " + from, from,
                pk, unique.values(), fks, indexed.values());
        out.put("primaryKey", pk);
        out.put("uniqueKeys", List.copyOf(unique.values()));
        out.put("foreignKeys", fks);
        out.put("proposals", proposals(table, pk, fks));
        if (pk.isEmpty()) keyless(table, from, fks, unique.values(), ((Number) out.get("rows")).longValue(), cast(out.get("warnings")));
        return out;
    }

    public Map<String, Object> query(String name, String sql) throws SQLException {
        String from = "(" + sql + ") q";
        return analyse(name, "query", sql, "SELECT * FROM " + from, "SELECT COUNT(*) FROM " + from, from,
                List.of(), List.of(), List.of(), List.of());
    }

    @SuppressWarnings("unchecked")
    private static List<String> cast(Object o) {
        return (List<String>) o;
    }

    private Map<String, Object> analyse(String name, String kind, String query, String select, String count, String from,
                                        List<String> pk, java.util.Collection<List<String>> unique, List<Map<String, Object>> fks,
                                        java.util.Collection<List<String>> indexed) throws SQLException {
        long rows = single(count);
        List<String> warnings = new ArrayList<>();
        List<Column> columns = new ArrayList<>();
        boolean sampled = rows > options.sample();
        int n = (int) (sampled ? options.sample() : rows);
        // simple random sampling with replacement: n row numbers drawn uniformly, read in one pass
        long[] picks = new long[sampled ? n : 0];
        Random random = new Random(options.seed());
        for (int i = 0; i < picks.length; i++) picks[i] = Math.floorMod(random.nextLong(), rows);
        Arrays.sort(picks);
        int nextPick = 0;
        long[] sizes = new long[n];
        int taken = 0;
        Map<String, long[]> columnStats = new LinkedHashMap<>(); // name -> {nulls, bytes, maxBytes}
        long numbersTooPrecise = 0;
        boolean autoCommit = conn.getAutoCommit();
        if (dialect.equals("postgresql")) conn.setAutoCommit(false); // PostgreSQL streams only inside a transaction
        try (Statement st = conn.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            st.setFetchSize(1000);
            try (ResultSet rs = st.executeQuery(select)) {
                ResultSetMetaData rmd = rs.getMetaData();
                for (int i = 1; i <= rmd.getColumnCount(); i++) {
                    Column c = mapping.column(rmd.getColumnLabel(i), rmd.getColumnType(i), rmd.getColumnTypeName(i),
                            rmd.getPrecision(i), rmd.getScale(i), rmd.isNullable(i) != ResultSetMetaData.columnNoNulls);
                    columns.add(c);
                    columnStats.put(c.name(), new long[3]);
                }
                long row = 0, lastReport = System.nanoTime();
                while (taken < n && rs.next()) {
                    int times = 1;
                    if (sampled) { // how often this row number was drawn
                        times = 0;
                        while (nextPick < picks.length && picks[nextPick] == row) {
                            times++;
                            nextPick++;
                        }
                    }
                    row++;
                    if (times == 0) continue;
                    long size = 0;
                    for (int i = 0; i < columns.size(); i++) {
                        Column c = columns.get(i);
                        long[] stats = columnStats.get(c.name());
                        AttributeValue v;
                        long bytes;
                        try {
                            v = mapping.value(rs, i + 1, c);
                            bytes = v == null ? 0 : ItemSize.utf8Length(c.name()) + ItemSize.of(v);
                        } catch (ColumnMapping.OutOfRange e) {
                            numbersTooPrecise += times;
                            v = null;
                            bytes = ItemSize.utf8Length(c.name()) + e.value.precision() / 2 + 2;
                        }
                        if (v == null && bytes == 0) stats[0] += times;
                        stats[1] += bytes * times;
                        stats[2] = Math.max(stats[2], bytes - ItemSize.utf8Length(c.name()));
                        size += bytes;
                    }
                    for (int t = 0; t < times && taken < n; t++) sizes[taken++] = size;
                    if (progress != null && System.nanoTime() - lastReport > 1_000_000_000L) {
                        lastReport = System.nanoTime();
                        progress.printf("\ranalyze %s: %,d of %,d rows read", name, row, rows);
                    }
                }
                if (progress != null) progress.printf("\ranalyze %s: %,d rows read%20s%n", name, row, "");
            }
        } finally {
            if (dialect.equals("postgresql")) {
                conn.commit();
                conn.setAutoCommit(autoCommit);
            }
        }
        sizes = Arrays.copyOf(sizes, taken);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        out.put("kind", kind);
        if (query != null) out.put("query", query);
        out.put("rows", rows);
        List<Object> cols = new ArrayList<>();
        for (Column c : columns) {
            long[] stats = columnStats.get(c.name());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("sqlType", c.typeName());
            if (c.precision() > 0) m.put("precision", c.precision());
            if (c.scale() > 0) m.put("scale", c.scale());
            m.put("nullable", c.nullable());
            m.put("dynamoType", c.dynamoType());
            m.put("nullShare", taken == 0 ? 0.0 : Math.round(1000.0 * stats[0] / taken) / 1000.0);
            m.put("averageBytes", taken == 0 ? 0.0 : Math.round(10.0 * stats[1] / taken) / 10.0);
            m.put("maxValueBytes", stats[2]);
            if (c.note() != null) {
                m.put("note", c.note());
                warnings.add("column " + c.name() + ": " + c.note());
            }
            cols.add(m);
        }
        out.put("columns", cols);
        Map<String, Object> itemSize = SizeStats.of(sizes, sampled, ServiceLimits.ITEM_BYTES);
        out.put("itemSize", itemSize);
        if (((Number) itemSize.getOrDefault("overItemLimit", 0L)).longValue() > 0) {
            warnings.add(itemSize.get("overItemLimit") + " of the " + taken + " items read exceed DynamoDB's 400 KB item limit");
        }
        if (numbersTooPrecise > 0) {
            warnings.add(numbersTooPrecise + " number values exceed 38 significant digits or DynamoDB's range (they would be rejected)");
        }
        out.put("numbersOutOfRange", numbersTooPrecise);
        Set<String> textColumns = new LinkedHashSet<>();
        for (Column c : columns) if (c.kind() == io.basalt.migrate.source.SqlValues.Kind.TEXT && c.dynamoType().equals("S")) textColumns.add(c.name());
        out.put("keyCandidates", keyCandidates(from, rows, pk, unique, fks, indexed, columnStats, textColumns, warnings));
        out.put("warnings", warnings);
        return out;
    }

    private List<Object> keyCandidates(String from, long rows, List<String> pk, java.util.Collection<List<String>> unique,
                                       List<Map<String, Object>> fks, java.util.Collection<List<String>> indexed,
                                       Map<String, long[]> columnStats, Set<String> textColumns, List<String> warnings) throws SQLException {
        Map<String, String> roles = new LinkedHashMap<>();
        for (int i = 0; i < pk.size(); i++) roles.merge(pk.get(i), i == 0 ? "primary key" : "primary key (part " + (i + 1) + ")", (a, b) -> a + ", " + b);
        for (List<String> u : unique) roles.merge(u.get(0), "unique key", (a, b) -> a + ", " + b);
        for (Map<String, Object> fk : fks) roles.merge(cast(fk.get("columns")).get(0), "foreign key to " + fk.get("references"), (a, b) -> a + ", " + b);
        for (List<String> ix : indexed) roles.merge(ix.get(0), "indexed", (a, b) -> a + ", " + b);
        for (String k : options.keyColumns()) roles.merge(k, "requested (--key)", (a, b) -> a + ", " + b);
        Set<String> known = new LinkedHashSet<>(columnStats.keySet());
        List<Object> out = new ArrayList<>();
        for (Map.Entry<String, String> e : roles.entrySet()) {
            String col = e.getKey();
            if (!known.contains(col)) {
                warnings.add("key column " + col + " is not a column of the result");
                continue;
            }
            String q = JdbcSource.quote(conn, col);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("column", col);
            m.put("role", e.getValue());
            long distinct = single("SELECT COUNT(DISTINCT " + q + ") FROM " + from);
            m.put("distinct", distinct);
            List<Object> top = new ArrayList<>();
            String limit = " LIMIT 5";
            try (Statement st = conn.createStatement();
                 // NULLs make no partition (an item without the attribute is left out of an index): not a hot value
                 ResultSet rs = st.executeQuery("SELECT " + q + ", COUNT(*) FROM " + from + " WHERE " + q + " IS NOT NULL GROUP BY " + q
                         + " ORDER BY 2 DESC" + limit)) {
                while (rs.next()) {
                    Map<String, Object> v = new LinkedHashMap<>();
                    v.put("value", rs.getString(1));
                    v.put("count", rs.getLong(2));
                    v.put("share", rows == 0 ? 0.0 : Math.round(10000.0 * rs.getLong(2) / rows) / 10000.0);
                    top.add(v);
                }
            }
            m.put("topValues", top);
            double share = top.isEmpty() ? 0 : (double) ((Map<?, ?>) top.get(0)).get("share");
            m.put("topShare", share);
            // a unique column's values are one item each; a later column of a composite primary key is a sort key, no partition
            boolean partitionCandidate = !e.getValue().matches("primary key \\(part \\d+\\)");
            boolean hot = partitionCandidate && distinct < rows && share > options.hotShare();
            m.put("hotPartition", hot);
            if (hot) {
                warnings.add("hot partition: as a partition key, " + col + " would put " + Math.round(share * 1000) / 10.0
                        + "% of the items (value '" + ((Map<?, ?>) top.get(0)).get("value") + "') and of their load in one partition;"
                        + " choose a key with many evenly used values");
            }
            if (textColumns.contains(col)) {
                long empty = single("SELECT COUNT(*) FROM " + from + " WHERE " + q + " = ''");
                m.put("emptyStrings", empty);
                if (empty > 0) {
                    warnings.add("key column " + col + " holds the empty string in " + empty + " rows: DynamoDB refuses an empty string as a key"
                            + " value (such rows are skipped as table keys; as an index key the attribute must be left out)");
                }
            }
            long maxBytes = columnStats.get(col)[2];
            m.put("maxValueBytes", maxBytes);
            if (maxBytes > ServiceLimits.PARTITION_KEY_BYTES) {
                warnings.add("key column " + col + " has values of " + maxBytes + " bytes: over the 2048-byte partition key limit");
            } else if (maxBytes > ServiceLimits.SORT_KEY_BYTES) {
                warnings.add("key column " + col + " has values of " + maxBytes + " bytes: over the 1024-byte sort key limit");
            }
            out.add(m);
        }
        return out;
    }

    /**
     * A table without a primary key: its rows need not be unique, so an item key made of some of its
     * columns can give two rows one item (the later overwrites the earlier). Says so, with how many rows
     * share a proposed key (each foreign key column, and every column together), and that replicate
     * needs REPLICA IDENTITY FULL for it on PostgreSQL.
     */
    private void keyless(String table, String from, List<Map<String, Object>> fks, java.util.Collection<List<String>> unique, long rows,
                         List<String> warnings) throws SQLException {
        StringBuilder sb = new StringBuilder("table " + table + " has no primary key");
        if (!unique.isEmpty()) {
            sb.append(" (unique key ").append(unique.iterator().next()).append(": use it as the item key)");
        } else {
            for (Map<String, Object> fk : fks) {
                List<String> cols = cast(fk.get("columns"));
                long shared = sharing(from, cols);
                if (shared > 0) {
                    sb.append("; keyed by ").append(String.join(", ", cols)).append(" alone, ").append(shared).append(" of its ").append(rows)
                            .append(" rows share their key with another row (they would overwrite each other)");
                }
            }
            try {
                long whole = rows - single("SELECT COUNT(*) FROM (SELECT DISTINCT * FROM " + from + ") basalt_d");
                sb.append(whole > 0 ? "; even all its columns together repeat in " + whole + " rows" : "; all its columns together are unique today");
            } catch (SQLException notComparable) { // a json column, say
                if (dialect.equals("postgresql")) conn.rollback();
            }
        }
        sb.append(". Choose an item key that is unique (model check --source verifies it); replicate on PostgreSQL needs"
                + " ALTER TABLE " + table + " REPLICA IDENTITY FULL");
        warnings.add(sb.toString());
    }

    /** How many rows share their values of these columns with another row. */
    private long sharing(String from, List<String> columns) throws SQLException {
        String cols = String.join(", ", columns.stream().map(c -> {
            try {
                return JdbcSource.quote(conn, c);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }).toList());
        return single("SELECT COALESCE(SUM(n), 0) FROM (SELECT COUNT(*) AS n FROM " + from + " GROUP BY " + cols + " HAVING COUNT(*) > 1) basalt_d");
    }

    /** Foreign keys as item collections; a table whose primary key is two foreign keys as an adjacency list. */
    private static List<String> proposals(String table, List<String> pk, List<Map<String, Object>> fks) {
        List<String> out = new ArrayList<>();
        Map<String, String> fkByColumn = new HashMap<>();
        for (Map<String, Object> fk : fks) {
            List<String> cols = cast(fk.get("columns"));
            if (cols.size() == 1) fkByColumn.put(cols.get(0), (String) fk.get("references"));
        }
        if (pk.size() == 2 && fkByColumn.containsKey(pk.get(0)) && fkByColumn.containsKey(pk.get(1))) {
            String a = fkByColumn.get(pk.get(0)), b = fkByColumn.get(pk.get(1));
            out.add("association table between " + a + " and " + b + ": an adjacency list — one item per row keyed PK="
                    + a + "#{" + pk.get(0) + "}, SK=" + b + "#{" + pk.get(1) + "}, and a GSI with the keys reversed for the other direction");
            return out;
        }
        for (Map<String, Object> fk : fks) {
            List<String> cols = cast(fk.get("columns"));
            out.add("item collection: store " + table + " rows under their " + fk.get("references") + " (PK=" + fk.get("references")
                    + "#{" + cols.get(0) + "}, SK=" + table + "#{" + (pk.isEmpty() ? cols.get(0) : String.join("}#{", pk))
                    + "}) so one Query returns a " + fk.get("references") + " with its " + table);
        }
        return out;
    }

    private long single(String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
