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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

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
 * two when one fails. Rounds on one target partition are shared: the rows that this node's drains
 * have queued for it meanwhile go in the same batch ({@link #write}).
 */
final class FencedWrites {
    private static final int ATTEMPTS = 10;
    /** Limits of one round's batch (a single-partition batch has no size guardrail, a mutation has: half a commit-log segment). */
    private static final int BATCH_ROWS = 64;
    private static final long BATCH_BYTES = 1 << 20;

    private final CassandraStorage store;
    private final int tombstoneSeconds;
    private final PreparedStatement putNew, putOver, buryNew, buryOver;
    /** Paxos rounds of fenced writes (applied or refused), and writes left out because a newer log's version was there. */
    final AtomicLong rounds = new AtomicLong(), fenced = new AtomicLong();
    /** Target partitions some drain of this node is writing or waiting to write, with their queues. */
    private final Map<String, Target> targets = new ConcurrentHashMap<>();

    /** A row of a log to write: the mutation, its Cassandra row, the log's version and what the last round learnt of the row. */
    private static final class Entry {
        final Mutation mutation;
        final RowKey row;
        final long version;
        boolean exists, skip;

        Entry(Mutation mutation, RowKey row, long version) {
            this.mutation = mutation;
            this.row = row;
            this.version = version;
            this.exists = mutation.isDelete(); // the first guess: an entry deleted was there, a put is new
        }
    }

    /** One log's rows of one target partition, queued; done (and failure) are guarded by the target's lock. */
    private static final class Submission {
        final List<Entry> rows;
        boolean done;
        RuntimeException failure;

        Submission(List<Entry> rows) {
            this.rows = rows;
        }
    }

    /** A target partition's queue; users (drains holding it) are counted under the map's compute. */
    private static final class Target {
        final ReentrantLock lock = new ReentrantLock();
        final Condition changed = lock.newCondition();
        final ArrayDeque<Submission> queue = new ArrayDeque<>();
        boolean writing;
        int users;
    }

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

    /**
     * Writes a log's mutations, one conditional batch per target partition, each row only if older
     * than {@code version}.
     */
    void apply(List<Mutation> ms, long version) {
        Map<String, List<Entry>> groups = new LinkedHashMap<>();
        for (Mutation m : ms) groups.computeIfAbsent(store.partitionId(m), x -> new ArrayList<>()).add(new Entry(m, store.rowKey(m.space(), m.key()), version));
        for (Map.Entry<String, List<Entry>> group : groups.entrySet()) {
            for (Entry e : group.getValue()) if (!e.mutation.isDelete()) store.registerBucket(e.mutation.space(), e.mutation.key());
            write(group.getKey(), group.getValue());
        }
    }

    /**
     * Writes one log's rows of one target partition together with what this node's other drains
     * have queued for that partition meanwhile. The partitions every log writes (a GSI with few key
     * values, a table's stream) are hot: one Paxos round per log there made the appliers contend
     * with each other, and under load the rounds timed out. Here one drain at a time writes a
     * partition's queue, FIFO, in one conditional batch per round; the others wait for their rows.
     */
    private void write(String partition, List<Entry> rows) {
        Submission mine = new Submission(rows);
        Target t = targets.compute(partition, (k, v) -> {
            Target target = v == null ? new Target() : v;
            target.users++;
            return target;
        });
        t.lock.lock();
        try {
            t.queue.add(mine);
            while (!mine.done) {
                if (t.writing) {
                    t.changed.awaitUninterruptibly();
                    continue;
                }
                t.writing = true;
                List<Submission> batch = take(t.queue);
                t.lock.unlock();
                RuntimeException failure = new IllegalStateException("change log: writing a target partition's rows failed");
                try {
                    writeRows(batch);
                    failure = null;
                } catch (RuntimeException e) {
                    failure = e;
                } finally { // also after an Error: the waiting drains must not wait for ever
                    t.lock.lock();
                    for (Submission s : batch) {
                        s.failure = failure;
                        s.done = true;
                    }
                    t.writing = false;
                    t.changed.signalAll();
                }
            }
        } finally {
            t.lock.unlock();
            targets.computeIfPresent(partition, (k, v) -> --v.users == 0 ? null : v);
        }
        if (mine.failure != null) throw mine.failure;
    }

    /** The head of the queue, whole submissions, up to the batch's limits and never two writes of one row. */
    private static List<Submission> take(ArrayDeque<Submission> queue) {
        List<Submission> out = new ArrayList<>();
        Set<ByteBuffer> rows = new HashSet<>();
        int count = 0;
        long bytes = 0;
        for (Submission s = queue.peek(); s != null; s = queue.peek()) {
            long size = 0;
            boolean clash = false;
            for (Entry e : s.rows) {
                size += e.mutation.isDelete() ? 0 : e.mutation.value().length;
                clash |= rows.contains(e.row.ck());
            }
            // the next round writes a row twice-queued: its condition then sees the first write
            if (!out.isEmpty() && (clash || count + s.rows.size() > BATCH_ROWS || bytes + size > BATCH_BYTES)) break;
            queue.poll();
            out.add(s);
            count += s.rows.size();
            bytes += size;
            for (Entry e : s.rows) rows.add(e.row.ck());
        }
        return out;
    }

    private void writeRows(List<Submission> batch) {
        List<Entry> rows = new ArrayList<>();
        for (Submission s : batch) rows.addAll(s.rows);
        for (int attempt = 1; ; attempt++) {
            List<BoundStatement> statements = new ArrayList<>(rows.size());
            for (Entry e : rows) if (!e.skip) statements.add(statement(e.mutation, e.row, e.version, e.exists));
            if (statements.isEmpty()) return;
            rounds.incrementAndGet();
            // sent again when its Paxos round's outcome is unknown: landed, it is refused the second time
            ResultSet rs = store.execute(batch(statements).setIdempotent(true));
            if (rs.wasApplied()) return;
            if (attempt == ATTEMPTS) throw new IllegalStateException("change log: target rows kept changing under the applier");
            Map<ByteBuffer, Long> current = currentVersions(rs, rows);
            for (Entry e : rows) {
                if (e.skip) continue;
                Long have = current.get(e.row.ck());
                e.exists = have != null;
                if (have != null && have >= e.version) {
                    e.skip = true; // a newer (or this very) log wrote the row: leave it
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
    private Map<ByteBuffer, Long> currentVersions(ResultSet rs, List<Entry> rows) {
        Map<ByteBuffer, Long> out = new HashMap<>();
        List<Row> answer = rs.all();
        boolean keyed = rs.getColumnDefinitions().contains("ck");
        List<Entry> pending = rows.stream().filter(e -> !e.skip).toList();
        if (keyed) {
            for (Row r : answer) if (!r.isNull("ck") && !r.isNull("version")) out.put(r.getByteBuffer("ck"), r.getLong("version"));
        } else if (pending.size() == 1) {
            Row r = answer.isEmpty() ? null : answer.get(0);
            if (r != null && r.getColumnDefinitions().contains("version") && !r.isNull("version")) out.put(pending.get(0).row.ck(), r.getLong("version"));
        } else {
            for (Entry e : pending) {
                Row r = store.execute(store.read(e.row.space(), e.row.bucket(), e.row.ck())).one();
                if (r != null && !r.isNull(1)) out.put(e.row.ck(), r.getLong(1));
            }
        }
        return out;
    }
}
