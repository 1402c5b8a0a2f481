package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.basalt.storage.Mutation;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Write batches with checks in several partitions, atomically (docs/scale-out.md, "Transactions
 * across partitions"), after DynamoDB's own protocol: a transaction record in its own partition is
 * the commit point (PENDING, then COMMITTED or ABORTED by LWT: whoever wins that LWT decides); each
 * item partition is prepared by one conditional batch that checks its expected versions and marks
 * the rows ({@code txn = id}); a committed transaction is applied per partition by one conditional
 * batch {@code IF txn = id} that writes the new values, clears the marks and writes the partition's
 * change-log row for the unchecked mutations (index entries, stream records). Anyone meeting a mark
 * settles it from the record: rolls a COMMITTED transaction forward, clears the marks of an ABORTED
 * (or vanished) one, aborts a PENDING one older than {@link TransactionSettings#abandonAfterMillis()}.
 * A marker row per transaction (plain writes) lets every node find those left behind.
 */
final class Transactions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Transactions.class);
    static final int SLOTS = 16;
    static final int PENDING = 1, COMMITTED = 2, ABORTED = 3;

    /** A transaction as its record holds it. */
    record Record(UUID id, int status, long created, long version, List<Mutation> mutations) {}

    /**
     * The mutations of one item partition: checked ones (marked), unchecked ones of the same
     * partition (LSI entries: applied with the items), and the unchecked ones of other partitions
     * that its change-log row carries.
     */
    private record Part(ChangeLog.Partition partition, List<Mutation> checked, List<Mutation> local, List<Mutation> logged) {}

    private final CassandraStorage store;
    private final ChangeLog changeLog;
    private final TransactionSettings settings;
    private final String node = UUID.randomUUID().toString();
    private final PreparedStatement insertRecord, setStatus, readRecord, deleteRecord, insertMarker, deleteMarker, markers;
    private final PreparedStatement prepare, clearMark, applyPut, applyDelete;
    private final ScheduledExecutorService recovery;
    private volatile boolean closed;

    Transactions(CassandraStorage store, com.datastax.oss.driver.api.core.CqlSession session, String ks, ChangeLog changeLog,
                 TransactionSettings settings) {
        this.store = store;
        this.changeLog = changeLog;
        this.settings = settings;
        String txns = ks + ".txns", kv = ks + ".kv", where = " WHERE space = ? AND bucket = ? AND ck = ?";
        insertRecord = session.prepare("INSERT INTO " + txns + " (id, status, created, version, coordinator, body) "
                + "VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS");
        setStatus = session.prepare("UPDATE " + txns + " SET status = ? WHERE id = ? IF status = ?");
        readRecord = CassandraStorage.prepareRead(session, "SELECT status, created, version, body FROM " + txns + " WHERE id = ?");
        deleteRecord = session.prepare("DELETE FROM " + txns + " WHERE id = ? IF status = ?");
        insertMarker = session.prepare("INSERT INTO " + ks + ".txn_markers (slot, id, created) VALUES (?, ?, ?)");
        deleteMarker = session.prepare("DELETE FROM " + ks + ".txn_markers WHERE slot = ? AND id = ?");
        markers = session.prepare("SELECT id, created FROM " + ks + ".txn_markers WHERE slot = ?");
        prepare = session.prepare("UPDATE " + kv + " SET txn = ?" + where + " IF version = ? AND txn = null");
        clearMark = session.prepare("UPDATE " + kv + " SET txn = null" + where + " IF txn = ?");
        applyPut = session.prepare("UPDATE " + kv + " SET value = ?, version = ?, txn = null" + where + " IF txn = ?");
        applyDelete = session.prepare("DELETE FROM " + kv + where + " IF txn = ?");
        recovery = ChangeLog.background("cassandra-transactions", 1, this::recover, settings.recoveryEveryMillis());
    }

    static List<String> createTables(String ks) {
        return List.of("CREATE TABLE IF NOT EXISTS " + ks + ".txns (id uuid PRIMARY KEY, status int, created bigint, "
                        + "version bigint, coordinator text, body blob)",
                "CREATE TABLE IF NOT EXISTS " + ks + ".txn_markers (slot int, id uuid, created bigint, PRIMARY KEY (slot, id))");
    }

    private static int slot(UUID id) {
        return Math.floorMod(id.hashCode(), SLOTS);
    }

    // ------------------------------------------------------------------ the coordinator

    /**
     * Commits a batch whose checks fall in several partitions: record, prepare (partitions in key
     * order, so two transactions never wait on each other in a cycle), commit, apply. Returns once
     * the transaction is COMMITTED and applied; throws when a check failed or another transaction
     * holds one of the items (after settling it if it was finished or abandoned).
     */
    void commit(WriteBatch batch, long version) throws VersionConflictException {
        List<Mutation> ms = batch.mutations();
        Record r = new Record(UUID.randomUUID(), PENDING, System.currentTimeMillis(), version, ms);
        store.execute(insertMarker.bind(slot(r.id()), r.id(), r.created()));
        Statement<?> insert = insertRecord.bind(r.id(), PENDING, r.created(), version, node, ByteBuffer.wrap(ChangeLogCodec.encodeFull(ms)));
        if (store.conditional(insert) == null && read(r.id()) == null && store.conditional(insert) == null) {
            throw CassandraErrors.unknown(new IllegalStateException("the transaction record could not be written"));
        }
        for (Part p : parts(ms)) {
            // an outcome not told counts as refused: the abort clears whatever marks of ours landed
            if (!Boolean.TRUE.equals(store.conditional(prepareBatch(p, r.id())))) {
                VersionConflictException bad;
                try {
                    bad = store.conflict(ms, indexes(ms, p.checked()));
                } catch (RuntimeException cannotTell) { // which item: no matter, the transaction will not commit
                    bad = new VersionConflictException(indexes(ms, p.checked()).get(0), true);
                }
                abandon(r);
                throw bad;
            }
        }
        if (settings.stopAfter() == TransactionSettings.Phase.PREPARED) throw new IllegalStateException("test: coordinator stopped after prepare");
        Boolean committed = store.conditional(setStatus.bind(COMMITTED, r.id(), PENDING));
        if (committed == null) { // the commit point's own outcome, told by the record read at LOCAL_SERIAL
            try {
                Record now = read(r.id());
                committed = now != null && now.status() == COMMITTED;
            } catch (io.basalt.error.DynamoException cannotTell) {
                throw CassandraErrors.unknown(cannotTell);
            }
        }
        if (!committed) {
            // another node took this coordinator for dead and aborted the transaction, or our commit did not land
            abandon(r);
            throw new VersionConflictException(indexes(ms, parts(ms).get(0).checked()).get(0));
        }
        if (settings.stopAfter() == TransactionSettings.Phase.COMMITTED) throw new IllegalStateException("test: coordinator stopped after commit");
        try {
            apply(r, batch);
        } catch (io.basalt.error.DynamoException notApplied) {
            // past the commit point the transaction takes effect (readers and the recovery pass roll it
            // forward): never "unavailable", which says nothing was done
            throw CassandraErrors.unknown(notApplied);
        }
    }

    private static List<Integer> indexes(List<Mutation> ms, List<Mutation> of) {
        List<Integer> out = new ArrayList<>(of.size());
        for (Mutation m : of) {
            for (int i = 0; i < ms.size(); i++) if (ms.get(i) == m) out.add(i);
        }
        return out;
    }

    /**
     * The batch's partitions in key order. An unchecked mutation of a partition with checked ones
     * (an LSI entry) is applied with them; any other goes into the change-log row of the partition
     * of the checked mutation before it (the engine adds an item's index entries and stream record
     * right after the item), or of the first partition.
     */
    private List<Part> parts(List<Mutation> ms) {
        Map<String, Part> byId = new TreeMap<>();
        List<Mutation> orphans = new ArrayList<>();
        Part current = null;
        for (Mutation m : ms) {
            if (m.expectedVersion() == Mutation.EXPECT_ANY) {
                Part home = byId.get(store.partitionId(m));
                if (home != null) home.local().add(m);
                else if (current == null) orphans.add(m);
                else current.logged().add(m);
                continue;
            }
            current = byId.computeIfAbsent(store.partitionId(m), x -> {
                RowKey rk = store.rowKey(m.space(), m.key());
                return new Part(new ChangeLog.Partition(rk.space(), rk.bucket()), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            });
            current.checked().add(m);
        }
        List<Part> out = new ArrayList<>(byId.values());
        if (!orphans.isEmpty()) out.get(0).logged().addAll(0, orphans);
        return out;
    }

    private Statement<?> prepareBatch(Part p, UUID id) {
        BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
        for (Mutation m : p.checked()) {
            RowKey rk = store.rowKey(m.space(), m.key());
            Long expected = m.expectedVersion() == Mutation.EXPECT_ABSENT ? null : m.expectedVersion();
            b.addStatement(prepare.bind(id, rk.space(), rk.bucket(), rk.ck(), expected));
        }
        return b.build();
    }

    /**
     * Applies a COMMITTED transaction, partition by partition (idempotent: a partition whose marks
     * are gone was applied already), then forgets its record. The batch's when-applied actions run
     * once every partition's change log is applied.
     */
    private void apply(Record r, WriteBatch batch) {
        List<Part> parts = parts(r.mutations());
        AtomicInteger logs = new AtomicInteger(1);
        Runnable oneApplied = () -> {
            if (logs.decrementAndGet() == 0 && batch != null) batch.applied();
        };
        for (Part p : parts) {
            BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
            for (Mutation m : p.checked()) {
                RowKey rk = store.rowKey(m.space(), m.key());
                if (m.isCheck()) {
                    b.addStatement(clearMark.bind(rk.space(), rk.bucket(), rk.ck(), r.id()));
                } else if (m.isDelete()) {
                    b.addStatement(applyDelete.bind(rk.space(), rk.bucket(), rk.ck(), r.id()));
                } else {
                    store.registerBucket(m.space(), m.key());
                    b.addStatement(applyPut.bind(ByteBuffer.wrap(m.value()), r.version(), rk.space(), rk.bucket(), rk.ck(), r.id()));
                }
            }
            for (Mutation m : p.local()) { // conditional on the marks above: applied once, with the items
                if (!m.isDelete()) store.registerBucket(m.space(), m.key());
                b.addStatement(store.statement(m, r.version()));
            }
            boolean logged = !p.logged().isEmpty();
            if (logged) {
                changeLog.markPending(p.partition(), r.version());
                b.addStatement(changeLog.logRow(p.partition(), r.version(), p.logged()));
            }
            // not applied: another node rolled this partition forward already (its log is its to apply);
            // conditional on the marks, so an outcome not told is settled by sending it again
            Statement<?> applyPart = b.build();
            Boolean applied = store.conditional(applyPart);
            if (applied == null) applied = store.conditional(applyPart);
            if (applied == null) throw CassandraErrors.unknown(new IllegalStateException("a committed transaction's apply timed out twice"));
            if (applied && logged) {
                logs.incrementAndGet();
                changeLog.committed(p.partition(), r.version(), new WriteBatch().whenApplied(oneApplied));
            }
        }
        forget(r, COMMITTED);
        oneApplied.run();
    }

    /**
     * Deletes a finished transaction's record and marker. A failure leaves them to the recovery pass,
     * which finds the record decided and its marks gone, and forgets it then: the transaction's
     * outcome does not depend on it.
     */
    private void forget(Record r, int status) {
        try {
            store.execute(deleteRecord.bind(r.id(), status));
            store.execute(deleteMarker.bind(slot(r.id()), r.id()));
        } catch (RuntimeException e) {
            LOG.debug("transaction {} not forgotten yet: {}", r.id(), e.toString());
        }
    }

    /**
     * The coordinator gives its transaction up before the commit point: aborts it, or leaves it to
     * the recovery pass when Cassandra fails meanwhile. Either way it never commits (only its
     * coordinator commits), so the caller's answer is the conflict, whatever happens here.
     */
    private void abandon(Record r) {
        try {
            abort(r);
        } catch (RuntimeException e) {
            LOG.debug("transaction {} left to the recovery pass: {}", r.id(), e.toString());
        }
    }

    /** PENDING to ABORTED (unless it committed meanwhile: then forward), then the marks go. */
    private void abort(Record r) {
        if (Boolean.TRUE.equals(store.conditional(setStatus.bind(ABORTED, r.id(), PENDING)))) {
            clearMarks(r);
            forget(r, ABORTED);
            return;
        }
        settle(r.id(), null); // decided by someone else: finish it their way
    }

    /** Clears the transaction's marks, a partition per batch (row by row where some were cleared already). */
    private void clearMarks(Record r) {
        for (Part p : parts(r.mutations())) {
            List<BoundStatement> clears = new ArrayList<>();
            for (Mutation m : p.checked()) {
                RowKey rk = store.rowKey(m.space(), m.key());
                clears.add(clearMark.bind(rk.space(), rk.bucket(), rk.ck(), r.id()));
            }
            BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
            clears.forEach(b::addStatement);
            if (!store.execute(b.build()).wasApplied() && clears.size() > 1) clears.forEach(store::execute);
        }
    }

    // ------------------------------------------------------------------ settling marks

    /** The record at LOCAL_SERIAL (which also settles an LWT still in flight), or null when gone. */
    Record read(UUID id) {
        Row row = store.execute(readRecord.bind(id).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
        if (row == null) return null;
        return new Record(id, row.getInt(0), row.getLong(1), row.getLong(2), ChangeLogCodec.decode(row.getByteBuffer(3)));
    }

    /**
     * Settles a mark of transaction {@code id} met on row {@code marked} (null: none in particular):
     * rolls a COMMITTED transaction forward, clears an ABORTED one's marks, aborts a PENDING one
     * older than the abandon delay; a record gone means the transaction ended without this mark
     * (a prepare that landed after its abort), which is cleared.
     *
     * @return true when the transaction is live (PENDING, young): the mark stays
     */
    boolean settle(UUID id, RowKey marked) {
        Record r = read(id);
        if (r == null) {
            if (marked != null) store.execute(clearMark.bind(marked.space(), marked.bucket(), marked.ck(), id));
            return false;
        }
        switch (r.status()) {
            case COMMITTED -> {
                apply(r, null);
            }
            case ABORTED -> {
                clearMarks(r);
                forget(r, ABORTED);
            }
            default -> {
                if (System.currentTimeMillis() - r.created() < settings.abandonAfterMillis()) return true;
                abort(r);
            }
        }
        return false;
    }

    /** A writer met a live transaction's mark: give it a moment before the caller retries or reports the conflict. */
    static void pause() {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextInt(5, 20));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Finishes the transactions whose marker is older than the abandon delay (every node, now and then). */
    void recover() {
        long now = System.currentTimeMillis();
        int failed = 0;
        RuntimeException last = null;
        int first = ThreadLocalRandom.current().nextInt(SLOTS); // every node recovers: each from a slot of its own
        for (int i = 0; i < SLOTS && !closed; i++) {
            int slot = (first + i) % SLOTS;
            try {
                for (Row m : store.execute(markers.bind(slot).setIdempotent(true))) {
                    if (now - m.getLong(1) < settings.abandonAfterMillis()) continue;
                    UUID id = m.getUuid(0);
                    try {
                        if (read(id) == null) store.execute(deleteMarker.bind(slot, id));
                        else settle(id, null);
                    } catch (RuntimeException e) { // one transaction's trouble does not stop the pass
                        failed++;
                        last = e;
                    }
                }
            } catch (RuntimeException e) {
                failed++;
                last = e;
            }
        }
        if (failed > 0 && !closed) LOG.warn("transaction recovery pass: {} failed, the next pass tries again: {}", failed, last.toString());
    }

    /** Transaction markers present, all nodes' (tests, diagnostics). */
    int pendingMarkers() {
        return ChangeLog.rowsInSlots(store, markers, SLOTS);
    }

    @Override
    public void close() {
        closed = true;
        ChangeLog.shutdown(recovery);
    }
}
