package io.basalt.migrate.replicate;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.DeleteRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.MariadbGtidEventData;
import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import com.github.shyiko.mysql.binlog.event.UpdateRowsEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.JdbcSource;
import io.basalt.migrate.source.SqlValues;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MariaDB/MySQL binary log (binlog_format=ROW, binlog_row_image=FULL) read as a replica with
 * mysql-binlog-connector-java: row events of the source database's tables, grouped by transaction
 * (to its XID or COMMIT), with their column names from information_schema (the binlog carries
 * only positions). The position is the binlog file and the offset after the transaction's commit
 * event; on MariaDB the transaction's GTID is recorded beside it for the operator (resume uses the
 * file and offset).
 */
final class BinlogSource implements ChangeSource {
    private static final Pattern URL = Pattern.compile("jdbc:(?:mariadb|mysql)://([^:/?,]+)(?::(\\d+))?/([^?;]+).*");

    private final BinaryLogClient client;
    private final Connection metadata;
    private final String database;
    private final String start;
    private final BlockingQueue<SourceTransaction> committed = new LinkedBlockingQueue<>(10_000);
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Map<Long, TableMapEventData> tables = new HashMap<>();
    private final Map<String, List<BinlogValues>> columns = new HashMap<>();
    private final Map<String, List<String>> primaryKeys = new HashMap<>();
    private boolean readCommitted;
    private String file;
    private List<RowChange> open = new ArrayList<>();
    private String gtid;

    /** The current end of the binlog ("file:offset"): where a new replication starts. */
    static String currentPosition(Connection c) throws SQLException {
        for (String sql : List.of("SHOW MASTER STATUS", "SHOW BINARY LOG STATUS")) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                if (!rs.next()) throw new ModelException("the source has no binary log: start it with log_bin and binlog_format=ROW");
                return rs.getString(1) + ":" + rs.getLong(2);
            } catch (SQLException e) {
                if (sql.startsWith("SHOW BINARY")) throw e;
            }
        }
        throw new IllegalStateException();
    }

    /** Refuses a server whose binlog lacks what replicate reads: ROW events with full row images. */
    static void checkSettings(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@log_bin, @@binlog_format, @@binlog_row_image")) {
            rs.next();
            List<String> wrong = new ArrayList<>();
            if (!rs.getBoolean(1)) wrong.add("log_bin is OFF");
            if (!"ROW".equalsIgnoreCase(rs.getString(2))) wrong.add("binlog_format is " + rs.getString(2) + ", not ROW");
            if (!"FULL".equalsIgnoreCase(rs.getString(3))) wrong.add("binlog_row_image is " + rs.getString(3) + ", not FULL");
            if (!wrong.isEmpty()) {
                throw new ModelException("the source's binary log cannot be replicated: " + String.join(", ", wrong)
                        + " (docs/migration.md, \"Replicate: prerequisites\")");
            }
        }
    }

    BinlogSource(String url, String user, String password, Connection metadata, String from) throws Exception {
        Matcher m = URL.matcher(url);
        if (!m.matches()) throw new ModelException("replicate needs a jdbc:mariadb://host[:port]/database or jdbc:mysql:// URL, not " + url);
        this.database = m.group(3);
        this.metadata = metadata;
        this.start = from;
        int colon = from.lastIndexOf(':');
        this.file = from.substring(0, colon);
        client = new BinaryLogClient(m.group(1), m.group(2) == null ? 3306 : Integer.parseInt(m.group(2)), user, password == null ? "" : password);
        client.setServerId(ThreadLocalRandom.current().nextLong(100_000, 4_000_000_000L));
        client.setBinlogFilename(file);
        client.setBinlogPosition(Long.parseLong(from.substring(colon + 1).replaceAll(";.*", "")));
        // dates and times as microseconds (the default java.util.Date forms lose fractions and zones), text as bytes (decoded by charset)
        EventDeserializer events = new EventDeserializer();
        events.setCompatibilityMode(EventDeserializer.CompatibilityMode.DATE_AND_TIME_AS_LONG_MICRO,
                EventDeserializer.CompatibilityMode.CHAR_AND_BINARY_AS_BYTE_ARRAY, EventDeserializer.CompatibilityMode.INVALID_DATE_AND_TIME_AS_MIN_VALUE);
        client.setEventDeserializer(events);
        client.registerEventListener(this::onEvent);
        client.registerLifecycleListener(new BinaryLogClient.AbstractLifecycleListener() {
            @Override
            public void onCommunicationFailure(BinaryLogClient c, Exception ex) {
                failure.compareAndSet(null, ex);
            }

            @Override
            public void onEventDeserializationFailure(BinaryLogClient c, Exception ex) {
                failure.compareAndSet(null, ex);
            }
        });
        client.connect(15_000);
    }

    private void onEvent(Event event) {
        try {
            EventType type = event.getHeader().getEventType();
            switch (type) {
                case ROTATE -> file = ((RotateEventData) event.getData()).getBinlogFilename();
                case TABLE_MAP -> {
                    TableMapEventData t = event.getData();
                    tables.put(t.getTableId(), t);
                }
                case MARIADB_GTID -> gtid = ((MariadbGtidEventData) event.getData()).getDomainId() + "-" + event.getHeader().getServerId() + "-"
                        + ((MariadbGtidEventData) event.getData()).getSequence();
                case EXT_WRITE_ROWS, WRITE_ROWS -> {
                    WriteRowsEventData d = event.getData();
                    TableMapEventData t = ours(d.getTableId());
                    if (t != null) for (Serializable[] row : d.getRows()) open.add(change(t, RowChange.Kind.INSERT, null, null, d.getIncludedColumns(), row));
                }
                case EXT_UPDATE_ROWS, UPDATE_ROWS -> {
                    UpdateRowsEventData d = event.getData();
                    TableMapEventData t = ours(d.getTableId());
                    if (t != null) for (Map.Entry<Serializable[], Serializable[]> r : d.getRows()) {
                        open.add(change(t, RowChange.Kind.UPDATE, d.getIncludedColumnsBeforeUpdate(), r.getKey(), d.getIncludedColumns(), r.getValue()));
                    }
                }
                case EXT_DELETE_ROWS, DELETE_ROWS -> {
                    DeleteRowsEventData d = event.getData();
                    TableMapEventData t = ours(d.getTableId());
                    if (t != null) for (Serializable[] row : d.getRows()) open.add(change(t, RowChange.Kind.DELETE, d.getIncludedColumns(), row, null, null));
                }
                case XID -> commit(event);
                case QUERY -> {
                    String sql = ((QueryEventData) event.getData()).getSql();
                    if (sql.equalsIgnoreCase("COMMIT")) commit(event);
                }
                default -> { }
            }
        } catch (Exception e) {
            failure.compareAndSet(null, e);
        }
    }

    private TableMapEventData ours(long tableId) {
        TableMapEventData t = tables.get(tableId);
        return t != null && t.getDatabase().equalsIgnoreCase(database) ? t : null;
    }

    private void commit(Event event) throws InterruptedException {
        long next = ((EventHeaderV4) event.getHeader()).getNextPosition();
        String position = file + ":" + next + (gtid == null ? "" : ";gtid=" + gtid);
        committed.put(new SourceTransaction(open, event.getHeader().getTimestamp(), position, 0));
        open = new ArrayList<>();
        gtid = null;
    }

    private RowChange change(TableMapEventData t, RowChange.Kind kind, BitSet beforeColumns, Serializable[] before, BitSet afterColumns,
                             Serializable[] after) throws SQLException {
        List<BinlogValues> cols = columns(t.getTable(), t.getColumnTypes().length);
        return new RowChange(t.getTable(), kind, row(cols, beforeColumns, before), row(cols, afterColumns, after));
    }

    private static Map<String, String> row(List<BinlogValues> columns, BitSet included, Serializable[] values) {
        if (values == null) return null;
        Map<String, String> row = new LinkedHashMap<>();
        int v = 0;
        for (int i = 0; i < columns.size() && v < values.length; i++) {
            if (included != null && !included.get(i)) continue;
            row.put(columns.get(i).name(), columns.get(i).text(values[v++]));
        }
        return row;
    }

    /** The table's columns in ordinal order (cached; read again when the binlog's column count differs: the table was altered). */
    private List<BinlogValues> columns(String table, int count) throws SQLException {
        List<BinlogValues> cols = columns.get(table);
        if (cols != null && cols.size() == count) return cols;
        cols = new ArrayList<>();
        try (PreparedStatement ps = metadata.prepareStatement("SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, CHARACTER_SET_NAME, CHARACTER_OCTET_LENGTH"
                + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION")) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    cols.add(new BinlogValues(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5)));
                }
            }
        }
        columns.put(table, cols);
        return cols;
    }

    @Override
    public SourceTransaction next(long waitMillis) throws Exception {
        if (failure.get() != null) throw failure.get();
        return committed.poll(waitMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * MariaDB/MySQL send a transaction's binlog events before its InnoDB commit is visible to other
     * sessions. Commits become visible in binlog order, so it is enough to wait for the batch's last
     * transaction with a row of ours: a locking read of that row by its primary key, in its own table
     * (a locking read through a derived table does not wait), blocks until the transaction released its
     * row locks, that is, committed. A table without a primary key is read by all its columns (but
     * floating-point ones), which scans it.
     */
    @Override
    public void awaitVisible(List<SourceTransaction> transactions, Connection reader) throws SQLException {
        for (int i = transactions.size() - 1; i >= 0; i--) {
            List<RowChange> changes = transactions.get(i).changes();
            if (changes.isEmpty()) continue;
            RowChange last = changes.get(changes.size() - 1);
            Map<String, String> row = last.after() != null ? last.after() : last.before();
            List<String> key = primaryKey(reader, last.table());
            if (key.isEmpty()) { // no primary key (the full row image has every column): the row by all its comparable columns
                key = columns.get(last.table()).stream().filter(c -> c.kind() != SqlValues.Kind.FLOAT && row.containsKey(c.name()))
                        .map(BinlogValues::name).toList();
            }
            if (key.isEmpty() || !row.keySet().containsAll(key)) return; // nothing to lock by: best effort
            StringBuilder sql = new StringBuilder("SELECT 1 FROM " + JdbcSource.quote(reader, database) + "." + JdbcSource.quote(reader, last.table()) + " WHERE ");
            for (int k = 0; k < key.size(); k++) sql.append(k == 0 ? "" : " AND ").append(JdbcSource.quote(reader, key.get(k))).append(" <=> ?");
            sql.append(" LIMIT 1 LOCK IN SHARE MODE");
            if (!readCommitted) {
                reader.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // no gap locks
                readCommitted = true;
            }
            try (PreparedStatement ps = reader.prepareStatement(sql.toString())) {
                for (int k = 0; k < key.size(); k++) {
                    String name = key.get(k);
                    BinlogValues column = columns.get(last.table()).stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
                    SqlValues.bind(ps, k + 1, column.kind(), SqlValues.canonical(column.kind(), row.get(name)), false);
                }
                ps.executeQuery().close();
            } catch (RuntimeException undecodable) {
                // a value this tool cannot read (a zero date): no wait; the applier reports the change
            } catch (SQLException e) {
                if (!reader.isValid(5)) throw e; // else a value the server would not compare: no wait
            }
            return;
        }
    }

    private List<String> primaryKey(Connection c, String table) throws SQLException {
        return names(c, primaryKeys, table, "SELECT COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ?"
                + " AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION");
    }

    /** Column names of the database's table from information_schema ({@code sql} takes the schema and the table), cached. */
    private List<String> names(Connection c, Map<String, List<String>> cache, String table, String sql) throws SQLException {
        List<String> names = cache.get(table);
        if (names != null) return names;
        names = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) names.add(rs.getString(1).toLowerCase(Locale.ROOT));
            }
        }
        cache.put(table, names);
        return names;
    }

    @Override
    public void applied(String position) {
        // the position lives in the state file only: a replica acknowledges nothing to the source
    }

    @Override
    public String startPosition() {
        return start;
    }

    @Override
    public void close() throws Exception {
        client.disconnect();
    }
}
