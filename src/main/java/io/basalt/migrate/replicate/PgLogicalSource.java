package io.basalt.migrate.replicate;

import io.basalt.migrate.model.ModelException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.PGProperty;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.PGReplicationStream;

/**
 * PostgreSQL logical replication with the built-in {@code pgoutput} plugin, through the JDBC
 * driver's replication API. The publication (of the tables the model reads) and the logical
 * replication slot are created when missing; the slot keeps the WAL from its confirmed flush LSN on, which advances only
 * when {@link #applied} reports a transaction written to the target, so a stopped or killed
 * replicate loses nothing.
 */
final class PgLogicalSource implements ChangeSource {
    private final Connection replication;
    private final PGReplicationStream stream;
    private final PgOutputDecoder decoder = new PgOutputDecoder();
    private final String start;
    private final List<String> warnings;

    /**
     * Creates the publication of exactly the model's tables (or brings an existing one to that set)
     * and the slot when missing; returns the slot's confirmed flush LSN. A publication FOR ALL TABLES
     * (made by an older Basalt) is left as it is, with a warning: it makes PostgreSQL refuse UPDATE and
     * DELETE on every table without a primary key.
     */
    static String setUp(Connection c, String slot, String publication, List<SourceTables.Table> tables, List<String> notes) throws SQLException {
        if (!slot.matches("[a-z0-9_]{1,63}")) throw new ModelException("--slot: lower-case letters, digits and _ (PostgreSQL's rule), not " + slot);
        if (!publication.matches("[A-Za-z0-9_]{1,63}")) throw new ModelException("--publication: letters, digits and _, not " + publication);
        c.setAutoCommit(true);
        String list = String.join(", ", tables.stream().map(SourceTables.Table::qualified).toList());
        try (PreparedStatement ps = c.prepareStatement("SELECT puballtables FROM pg_publication WHERE pubname = ?")) {
            ps.setString(1, publication);
            try (ResultSet rs = ps.executeQuery(); Statement st = c.createStatement()) {
                if (!rs.next()) {
                    st.execute("CREATE PUBLICATION \"" + publication + "\" FOR TABLE " + list);
                } else if (rs.getBoolean(1)) {
                    notes.add("publication " + publication + " is FOR ALL TABLES (an older Basalt made it): PostgreSQL refuses UPDATE and DELETE on"
                            + " published tables without a replica identity; DROP PUBLICATION " + publication + " and run replicate --init again"
                            + " with a new --slot to publish only the model's tables");
                } else if (!published(c, publication).equals(tables.stream().map(t -> t.schema() + "." + t.name()).collect(java.util.stream.Collectors.toSet()))) {
                    st.execute("ALTER PUBLICATION \"" + publication + "\" SET TABLE " + list); // only when it differs: it needs ownership
                }
            }
        }
        notes.add("publication " + publication + ": " + String.join(", ", tables.stream().map(t -> t.name() + " (replica identity "
                + switch (t.identity()) {
                    case 'f' -> "full";
                    case 'i' -> "index";
                    case 'n' -> "nothing";
                    default -> "primary key";
                } + ")").toList()));
        try (PreparedStatement ps = c.prepareStatement("SELECT confirmed_flush_lsn, plugin FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, slot);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    if (!"pgoutput".equals(rs.getString(2))) throw new ModelException("slot " + slot + " uses the plugin " + rs.getString(2) + ", not pgoutput");
                    return rs.getString(1);
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT lsn FROM pg_create_logical_replication_slot(?, 'pgoutput')")) {
            ps.setString(1, slot);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static java.util.Set<String> published(Connection c, String publication) throws SQLException {
        java.util.Set<String> tables = new java.util.HashSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT schemaname, tablename FROM pg_publication_tables WHERE pubname = ?")) {
            ps.setString(1, publication);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tables.add(rs.getString(1) + "." + rs.getString(2));
            }
        }
        return tables;
    }

    PgLogicalSource(String url, String user, String password, String slot, String publication, String from, List<String> warnings) throws SQLException {
        Properties props = new Properties();
        if (user != null) PGProperty.USER.set(props, user);
        if (password != null) PGProperty.PASSWORD.set(props, password);
        PGProperty.REPLICATION.set(props, "database");
        PGProperty.ASSUME_MIN_SERVER_VERSION.set(props, "10");
        PGProperty.PREFER_QUERY_MODE.set(props, "simple");
        this.replication = DriverManager.getConnection(url, props);
        this.start = from;
        this.warnings = warnings;
        this.stream = replication.unwrap(PGConnection.class).getReplicationAPI().replicationStream().logical()
                .withSlotName(slot).withSlotOption("proto_version", "1").withSlotOption("publication_names", publication)
                .withStartPosition(LogSequenceNumber.valueOf(from)).withStatusInterval(1, TimeUnit.SECONDS)
                .withAutomaticFlush(false) // the flush LSN is ours to advance, after the apply
                .start();
    }

    @Override
    public SourceTransaction next(long waitMillis) throws Exception {
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        while (true) {
            ByteBuffer b = stream.readPending();
            if (b == null) {
                if (System.nanoTime() > deadline) return null;
                Thread.sleep(5);
                continue;
            }
            SourceTransaction t = decoder.decode(b); // positioned at the message, big-endian
            warnings.addAll(decoder.drainWarnings());
            if (t != null) return t;
        }
    }

    /**
     * PostgreSQL decodes a commit from the WAL a moment before the transaction is visible to new
     * snapshots: wait (at most about 10 s) until every transaction of the batch is. The stream's 32-bit
     * xids are widened with the epoch of the current snapshot's xmax.
     */
    @Override
    public void awaitVisible(List<SourceTransaction> transactions, Connection reader) throws SQLException, InterruptedException {
        Long[] xids = transactions.stream().map(SourceTransaction::xid).filter(x -> x != 0).distinct().toArray(Long[]::new);
        if (xids.length == 0) return;
        String sql = "SELECT bool_and(txid_visible_in_snapshot(CASE WHEN e + x > m THEN e + x - 4294967296 ELSE e + x END, s))"
                + " FROM (SELECT s, txid_snapshot_xmax(s) AS m, (txid_snapshot_xmax(s) >> 32) << 32 AS e FROM (SELECT txid_current_snapshot() AS s) a) b,"
                + " unnest(?::bigint[]) AS u(x)";
        try (PreparedStatement ps = reader.prepareStatement(sql)) {
            ps.setArray(1, reader.createArrayOf("bigint", xids));
            for (int i = 0; i < 10_000; i++) {
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getBoolean(1)) return;
                }
                Thread.sleep(1);
            }
        }
    }

    @Override
    public void applied(String position) throws SQLException {
        LogSequenceNumber lsn = LogSequenceNumber.valueOf(position);
        stream.setAppliedLSN(lsn);
        stream.setFlushedLSN(lsn);
        stream.forceUpdateStatus();
    }

    /** Nothing received waits to be applied: confirm up to the server's WAL end, so the slot does not hold WAL of other databases. */
    @Override
    public void caughtUp() throws SQLException {
        if (decoder.inTransaction()) return;
        LogSequenceNumber received = stream.getLastReceiveLSN();
        if (received.asLong() > stream.getLastFlushedLSN().asLong()) applied(received.asString());
    }

    @Override
    public String startPosition() {
        return start;
    }

    @Override
    public void close() throws SQLException {
        try {
            if (!stream.isClosed()) stream.close();
        } finally {
            replication.close();
        }
    }
}
