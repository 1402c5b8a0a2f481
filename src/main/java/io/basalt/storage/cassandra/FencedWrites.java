package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.basalt.storage.Mutation;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The change-log applier's writes, fenced by the log's version (docs/scale-out.md, "Fencing"). A
 * target row (GSI entry, stream record, bookkeeping) carries the version of the log that wrote it,
 * and the applier writes it only {@code IF version < V} (or {@code IF version = null} when the row
 * is absent: Cassandra's {@code <} is false on a missing row, and a condition has no OR). A
 * deletion writes a tombstone row (value null, version V, with a TTL) instead of removing the row,
 * so a stale put meets its version. An applier that stalled past its lease and resumes therefore
 * writes nothing that a newer log already covered: its conditions fail and the rows are left as
 * they are. Readers treat a row with a version and no value as absent.
 *
 * <p>Cost: the applier does not know whether a row exists; it guesses (a put makes a new row, a
 * delete meets an existing one) and, when the guess was wrong, learns the rows' versions from the
 * refused LWT's answer and writes again: one Paxos round per target partition when the guesses hold,
 * two when one fails.
 */
final class FencedWrites {
    private static final int ATTEMPTS = 10;

    private final CassandraStorage store;
    private final int tombstoneSeconds;
    private final PreparedStatement putNew, putOver, buryNew, buryOver;
    /** Paxos rounds of fenced writes (applied or refused), and writes left out because a newer log's version was there. */
    final AtomicLong rounds = new AtomicLong(), fenced = new AtomicLong();

    FencedWrites(CassandraStorage store, com.datastax.oss.driver.api.core.CqlSession session, String keyspace, int tombstoneSeconds) {
        this.store = store;
        this.tombstoneSeconds = tombstoneSeconds;
        String kv = keyspace + ".kv";
        String where = " WHERE space = ? AND bucket = ? AND ck = ? IF version ";
        putNew = session.prepare("UPDATE " + kv + " SET value = ?, version = ?" + where + "= null");
        putOver = session.prepare("UPDATE " + kv + " SET value = ?, version = ?" + where + "< ?");
        buryNew = session.prepare("UPDATE " + kv + " USING TTL ? SET value = null, version = ?" + where + "= null");
        buryOver = session.prepare("UPDATE " + kv + " USING TTL ? SET value = null, version = ?" + where + "< ?");
    }

    /** Writes a log's mutations, one conditional batch per target partition, each row only if older than {@code version}. */
    void apply(List<Mutation> ms, long version) {
        Map<String, List<Mutation>> groups = new LinkedHashMap<>();
        for (Mutation m : ms) groups.computeIfAbsent(store.partitionId(m), x -> new ArrayList<>()).add(m);
        for (List<Mutation> group : groups.values()) {
            for (Mutation m : group) if (!m.isDelete()) store.registerBucket(m.space(), m.key());
            applyPartition(group, version);
        }
    }

    private void applyPartition(List<Mutation> group, long version) {
        int n = group.size();
        RowKey[] rows = new RowKey[n];
        boolean[] exists = new boolean[n], skip = new boolean[n];
        for (int i = 0; i < n; i++) {
            rows[i] = store.rowKey(group.get(i).space(), group.get(i).key());
            exists[i] = group.get(i).isDelete(); // the first guess: an entry deleted was there, a put is new
        }
        for (int attempt = 1; ; attempt++) {
            List<BoundStatement> statements = new ArrayList<>(n);
            for (int i = 0; i < n; i++) if (!skip[i]) statements.add(statement(group.get(i), rows[i], version, exists[i]));
            if (statements.isEmpty()) return;
            rounds.incrementAndGet();
            // sent again when its Paxos round's outcome is unknown: landed, it is refused the second time
            ResultSet rs = store.execute(batch(statements).setIdempotent(true));
            if (rs.wasApplied()) return;
            if (attempt == ATTEMPTS) throw new IllegalStateException("change log: target rows kept changing under the applier");
            Map<ByteBuffer, Long> current = currentVersions(rs, rows, skip);
            for (int i = 0; i < n; i++) {
                if (skip[i]) continue;
                Long have = current.get(rows[i].ck());
                exists[i] = have != null;
                if (have != null && have >= version) {
                    skip[i] = true; // a newer (or this very) log wrote the row: leave it
                    fenced.incrementAndGet();
                }
            }
        }
    }

    private BoundStatement statement(Mutation m, RowKey rk, long version, boolean exists) {
        if (m.isDelete()) {
            return exists ? buryOver.bind(tombstoneSeconds, version, rk.space(), rk.bucket(), rk.ck(), version)
                    : buryNew.bind(tombstoneSeconds, version, rk.space(), rk.bucket(), rk.ck());
        }
        ByteBuffer value = ByteBuffer.wrap(m.value());
        return exists ? putOver.bind(value, version, rk.space(), rk.bucket(), rk.ck(), version)
                : putNew.bind(value, version, rk.space(), rk.bucket(), rk.ck());
    }

    private static Statement<?> batch(List<BoundStatement> statements) {
        if (statements.size() == 1) return statements.get(0);
        BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
        statements.forEach(b::addStatement);
        return b.build();
    }

    /**
     * The versions of the rows a refused conditional write named, from its answer: a refused batch
     * returns the rows that exist (with their clustering key), a refused single statement the one
     * row's version (null when absent). Without a clustering key in a batch's answer (not seen),
     * the rows are read.
     */
    private Map<ByteBuffer, Long> currentVersions(ResultSet rs, RowKey[] rows, boolean[] skip) {
        Map<ByteBuffer, Long> out = new HashMap<>();
        List<Row> answer = rs.all();
        boolean keyed = rs.getColumnDefinitions().contains("ck");
        int pending = 0, last = -1;
        for (int i = 0; i < rows.length; i++) {
            if (!skip[i]) {
                pending++;
                last = i;
            }
        }
        if (keyed) {
            for (Row r : answer) if (!r.isNull("ck") && !r.isNull("version")) out.put(r.getByteBuffer("ck"), r.getLong("version"));
        } else if (pending == 1) {
            Row r = answer.isEmpty() ? null : answer.get(0);
            if (r != null && r.getColumnDefinitions().contains("version") && !r.isNull("version")) out.put(rows[last].ck(), r.getLong("version"));
        } else {
            for (int i = 0; i < rows.length; i++) {
                if (skip[i]) continue;
                Row r = store.execute(store.read(rows[i].space(), rows[i].bucket(), rows[i].ck())).one();
                if (r != null && !r.isNull(1)) out.put(rows[i].ck(), r.getLong(1));
            }
        }
        return out;
    }
}
