package io.basalt.migrate.load;

import io.basalt.migrate.source.JdbcSource;
import io.basalt.migrate.source.SqlValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an entity's query into key ranges for parallel readers and reads one range in key order.
 * The source key is the tuple of columns the table's primary key is made of; with the row count c
 * and n ranges, the boundaries are the keys at row numbers c/n, 2c/n, ... of the query ordered by
 * that key (one pass with ROW_NUMBER(), in PostgreSQL, MariaDB/MySQL 8 and SQLite alike). Range i
 * holds the rows with lower &lt; key &lt;= upper, compared as a row value ({@code (a, b) > (?, ?)}),
 * so each row is in exactly one range and a reader resumes after the last key it acknowledged.
 */
public final class SourceRanges {
    private SourceRanges() {}

    /** A half-open range (lower, upper]: null bounds are open ends. Key values are their canonical text ({@link SqlValues}). */
    public record Range(List<String> lower, List<String> upper) {}

    public static String inner(String query) {
        String q = query.strip();
        while (q.endsWith(";")) q = q.substring(0, q.length() - 1).strip();
        return q;
    }

    public static long count(Connection c, String query) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM (" + inner(query) + ") basalt_q")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public static List<Range> split(Connection c, String query, List<String> keyColumns, int[] keyTypes, int n, long count) throws SQLException {
        List<Range> ranges = new ArrayList<>();
        long step = Math.max(1, (count + n - 1) / n);
        List<List<String>> bounds = new ArrayList<>();
        if (n > 1 && count > step) {
            String cols = quoted(c, keyColumns, "");
            String sql = "SELECT " + cols + " FROM (SELECT " + cols + ", ROW_NUMBER() OVER (ORDER BY " + cols + ") AS basalt_rn FROM ("
                    + inner(query) + ") basalt_q) basalt_r WHERE basalt_rn % " + step + " = 0 AND basalt_rn < " + count + " ORDER BY basalt_rn";
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    List<String> key = new ArrayList<>();
                    for (int i = 1; i <= keyColumns.size(); i++) key.add(SqlValues.read(rs, i, SqlValues.Kind.ofCode(keyTypes[i - 1])));
                    bounds.add(key);
                }
            }
        }
        List<String> lower = null;
        for (List<String> b : bounds) {
            ranges.add(new Range(lower, b));
            lower = b;
        }
        ranges.add(new Range(lower, null));
        return ranges;
    }

    /** The rows of (after, upper] in key order, streamed. */
    public static PreparedStatement read(Connection c, String query, List<String> keyColumns, int[] keyTypes, List<String> after,
                                         List<String> upper) throws SQLException {
        String cols = quoted(c, keyColumns, "basalt_q.");
        String marks = "(" + "?,".repeat(keyColumns.size() - 1) + "?)";
        StringBuilder sql = new StringBuilder("SELECT * FROM (" + inner(query) + ") basalt_q");
        String row = keyColumns.size() == 1 ? cols : "(" + cols + ")";
        String mark = keyColumns.size() == 1 ? "?" : marks;
        if (after != null) sql.append(" WHERE ").append(row).append(" > ").append(mark);
        if (upper != null) sql.append(after != null ? " AND " : " WHERE ").append(row).append(" <= ").append(mark);
        sql.append(" ORDER BY ").append(cols);
        PreparedStatement ps = c.prepareStatement(sql.toString(), ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        int p = 1;
        boolean postgres = JdbcSource.dialect(c).equals("postgresql");
        if (after != null) for (int i = 0; i < after.size(); i++) bind(ps, p++, keyTypes[i], after.get(i), postgres);
        if (upper != null) for (int i = 0; i < upper.size(); i++) bind(ps, p++, keyTypes[i], upper.get(i), postgres);
        ps.setFetchSize(1000); // stream (with autocommit off on PostgreSQL), do not load the whole range
        return ps;
    }

    public static String quoted(Connection c, List<String> columns, String prefix) throws SQLException {
        List<String> q = new ArrayList<>();
        for (String col : columns) q.add(prefix + JdbcSource.quote(c, col));
        return String.join(", ", q);
    }

    /**
     * Binds a key value (its canonical text, or the JDBC text an older checkpoint saved) as the key
     * column's own type ({@link SqlValues#bind}), so the comparison can use the column's index.
     */
    public static void bind(PreparedStatement ps, int i, int keyType, String v, boolean postgres) throws SQLException {
        SqlValues.Kind kind = SqlValues.Kind.ofCode(keyType);
        SqlValues.bind(ps, i, kind, SqlValues.canonical(kind, v), postgres);
    }
}
