package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import io.basalt.eventloop.EventualReads;
import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import io.basalt.error.DynamoException;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The storage SPI on Apache Cassandra (docs/scale-out.md). One table {@code kv} holds every space:
 * partition (space, bucket), clustering ck (see {@link RowKey}), so an item collection is one
 * partition and Query one slice. A directory table {@code buckets} lists the partitions of each space
 * in key order, which is what a Scan walks (Cassandra itself orders partitions by token).
 *
 * <p>Every write of a {@code kv} row is a lightweight transaction (Paxos): a mutation's expected
 * version becomes the condition ({@code IF version = ?}, {@code = null} for "absent",
 * {@code != -1} for "any"), and the mutations of one partition form one conditional batch, atomic.
 * A batch of one item's partition plus unchecked rows elsewhere (index entries, stream records)
 * carries those as a change-log row in the item's conditional batch, applied after the commit
 * ({@link ChangeLog}); checks in several partitions commit atomically through a transaction record
 * and prepare marks ({@link Transactions}): item-row conditions also require {@code txn = null}.
 * Directory rows are only ever written with plain idempotent inserts, never with LWT.
 */
public final class CassandraStorage implements StorageEngine {
    private static final long ANY = -1;
    private static final int DELETE_CHUNK = 100;

    private final CqlSession session;
    private final HybridClock clock = new HybridClock();
    /** Buckets known to be in the directory (directory rows are never deleted, so this never goes stale). */
    private final Set<String> knownBuckets = ConcurrentHashMap.newKeySet();
    private final PreparedStatement get, sliceAsc, sliceDesc, bucketsAsc, bucketsDesc, register;
    private final PreparedStatement putEq, putNeq, deleteEq, deleteNeq, checkEq;
    private final ChangeLog changeLog;
    private final Transactions transactions;
    private final LocalIndexPlacement localIndexes;
    private final String keyspace;
    private final StatementCounts counts = new StatementCounts();
    private final WrittenItems written = new WrittenItems();
    private volatile boolean closed;

    private CassandraStorage(CqlSession session, String ks, ChangeLogSettings logSettings, TransactionSettings txnSettings) {
        this.session = session;
        this.keyspace = ks;
        String kv = ks + ".kv";
        // reads are idempotent: the driver may send one again to another node after a timeout or a lost connection
        get = prepareRead(session, "SELECT value, version, txn FROM " + kv + " WHERE space = ? AND bucket = ? AND ck = ?");
        String slice = "SELECT ck, value, version, txn FROM " + kv + " WHERE space = ? AND bucket = ? AND ck >= ? AND ck < ? ORDER BY ck ";
        sliceAsc = prepareRead(session, slice + "ASC");
        sliceDesc = prepareRead(session, slice + "DESC");
        String buckets = "SELECT bucket FROM " + ks + ".buckets WHERE space = ? AND bucket >= ? AND bucket < ? ORDER BY bucket ";
        bucketsAsc = prepareRead(session, buckets + "ASC");
        bucketsDesc = prepareRead(session, buckets + "DESC");
        register = session.prepare("INSERT INTO " + ks + ".buckets (space, bucket) VALUES (?, ?)");
        String put = "UPDATE " + kv + " SET value = ?, version = ? WHERE space = ? AND bucket = ? AND ck = ? IF version ";
        // a row marked by a transaction (txn set) refuses every checked write until the mark is settled
        putEq = session.prepare(put + "= ? AND txn = null");
        putNeq = session.prepare(put + "!= ?");
        String delete = "DELETE FROM " + kv + " WHERE space = ? AND bucket = ? AND ck = ? IF version ";
        deleteEq = session.prepare(delete + "= ? AND txn = null");
        deleteNeq = session.prepare(delete + "!= ?");
        checkEq = session.prepare("UPDATE " + kv + " SET version = ? WHERE space = ? AND bucket = ? AND ck = ? IF version = ? AND txn = null");
        changeLog = new ChangeLog(this, session, ks, logSettings);
        transactions = new Transactions(this, session, ks, changeLog, txnSettings);
        localIndexes = new LocalIndexPlacement(this, bucketsAsc);
    }

    static PreparedStatement prepareRead(CqlSession session, String query) {
        return session.prepare(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(query).setIdempotent(true));
    }

    /** LSI entries live in their table's item partitions (see {@link LocalIndexPlacement}). */
    @Override
    public void colocate(long indexId, long tableId) {
        localIndexes.place(indexId, tableId);
    }

    /** The Cassandra row of an SPI key (an LSI entry's is in its item partition). */
    /** The change log's applier (tests in this package). */
    ChangeLog changeLog() {
        return changeLog;
    }

    RowKey rowKey(Space space, byte[] key) {
        return localIndexes.rowKey(space, key);
    }

    /** Connects, creates the keyspace and tables when missing. */
    public static CassandraStorage open(CassandraSettings s) {
        return open(s, ChangeLogSettings.DEFAULT);
    }

    /** {@link #open(CassandraSettings)} with the change log applied as {@code log} says. */
    public static CassandraStorage open(CassandraSettings s, ChangeLogSettings log) {
        return open(s, log, TransactionSettings.DEFAULT);
    }

    /** {@link #open(CassandraSettings, ChangeLogSettings)} with transactions run as {@code txn} says. */
    public static CassandraStorage open(CassandraSettings s, ChangeLogSettings log, TransactionSettings txn) {
        CqlSession session = CassandraSchema.connect(s);
        try {
            CassandraSchema.create(session, s);
            return new CassandraStorage(session, s.keyspace(), log, txn);
        } catch (RuntimeException e) {
            session.close();
            throw new IllegalStateException("Cannot prepare keyspace " + s.keyspace() + " on Cassandra: " + e.getMessage(), e);
        }
    }

    /** Runs a statement; Cassandra's failures become the service's errors ({@link CassandraErrors}). */
    ResultSet execute(Statement<?> statement) {
        try {
            return send(statement);
        } catch (com.datastax.oss.driver.api.core.DriverException e) {
            throw CassandraErrors.map(e);
        }
    }

    /** Attempts of a statement that reached no node (no connection to any at that moment). */
    private static final int NOT_SENT_ATTEMPTS = 4;

    /**
     * Runs a statement, again after a pause while it reached no node (nothing was done), or while an
     * idempotent one lost its connection or its Paxos round (CAS result unknown, a CAS timeout under
     * contention): all are safe to send again. Idempotent are the reads and the writes whose second
     * landing changes nothing (the change-log applier's fenced writes and retirements).
     */
    private ResultSet send(Statement<?> statement) {
        for (int attempt = 1; ; attempt++) {
            try {
                counts.record(statement, ConsistencyLevel.LOCAL_QUORUM);
                return session.execute(statement);
            } catch (com.datastax.oss.driver.api.core.DriverException e) {
                boolean again = CassandraErrors.notSent(e) || Boolean.TRUE.equals(statement.isIdempotent())
                        && (CassandraErrors.connectionLost(e) || e instanceof CASWriteUnknownException
                        || e instanceof com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException timeout
                        && timeout.getWriteType() == com.datastax.oss.driver.api.core.servererrors.DefaultWriteType.CAS);
                if (attempt == NOT_SENT_ATTEMPTS || !again) throw e;
                try {
                    Thread.sleep(25L * attempt + java.util.concurrent.ThreadLocalRandom.current().nextInt(25));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * A conditional statement's outcome: applied, refused, or null when it cannot be told (Cassandra
     * timed out, a CAS's proposal may be held by some replicas, or the connection was lost with the
     * statement in flight). Unavailability still throws: nothing was done.
     */
    Boolean conditional(Statement<?> statement) {
        try {
            return send(statement).wasApplied();
        } catch (com.datastax.oss.driver.api.core.DriverException e) {
            if (!CassandraErrors.outcomeUnknown(e)) throw CassandraErrors.map(e);
            CassandraErrors.unknown(e); // logged; the caller finds out
            return null;
        }
    }

    /** LOCAL_ONE for a read the request marked eventually consistent, else the session's LOCAL_QUORUM. */
    private static ConsistencyLevel readLevel() {
        return EventualReads.active() ? ConsistencyLevel.LOCAL_ONE : null;
    }

    private void open() {
        if (closed) throw new IllegalStateException("The store is closed");
        // every read goes over the network: never on an event-loop thread
        if (MemoryOnlyReads.active()) throw ReadWouldBlock.INSTANCE;
    }

    // ------------------------------------------------------------------ reads

    @Override
    public Versioned get(Space space, byte[] key) {
        open();
        RowKey rk = rowKey(space, key);
        ConsistencyLevel level = readLevel();
        Row row = execute(get.bind(rk.space(), rk.bucket(), rk.ck()).setConsistencyLevel(level)).one();
        if (level == null) row = committed(rk, row);
        Versioned v = versioned(row);
        if (level == null && space == Space.ITEMS && (row == null || row.isNull(2))) {
            written.read(key, v == null ? null : v.value(), v == null ? 0 : v.version());
        }
        return v;
    }

    /** What this node last wrote or read at quorum of the item ({@link WrittenItems}); the commit checks it. */
    @Override
    public Guess guess(Space space, byte[] key) {
        return written.guess(space, key);
    }

    /** One Paxos round per checked partition; several checked partitions take the transaction protocol. */
    @Override
    public boolean partitionedCommits() {
        return true;
    }

    /**
     * A row marked only by a prepare (no version) is an absent item; a mark is not a value. A row
     * with a version and no value is the change log's tombstone ({@link FencedWrites}): absent too.
     */
    private static Versioned versioned(Row row) {
        return row == null || row.isNull(1) || row.isNull(0) ? null : new Versioned(bytes(row.getByteBuffer(0)), row.getLong(1));
    }

    /**
     * A strongly consistent read of a row (value, version, txn) met a transaction's mark: settle
     * it first when the transaction is decided or abandoned, then read again; a live PENDING
     * transaction has not reached its commit point, so the row's value is the last committed one.
     */
    private Row committed(RowKey rk, Row row) {
        for (int attempt = 0; attempt < 5 && row != null && !row.isNull(2); attempt++) {
            if (transactions.settle(row.getUuid(2), rk)) return row;
            row = execute(get.bind(rk.space(), rk.bucket(), rk.ck())).one();
        }
        return row;
    }

    @Override
    public StorageCursor scan(Space space, byte[] from, byte[] to, boolean reverse) {
        open();
        int p = RowKey.prefixBytes(space);
        Iterator<ByteBuffer> buckets;
        if (ItemPartitionPlacement.placed(space)) { // in the item partitions: walk the table's item buckets
            ByteBuffer[] range = ItemPartitionPlacement.directoryRange(from, to);
            Iterator<Row> rows = execute((reverse ? bucketsDesc : bucketsAsc).bind(Space.ITEMS.ordinal(), range[0], range[1])
                    .setConsistencyLevel(readLevel())).iterator();
            buckets = new Iterator<>() {
                @Override public boolean hasNext() { return rows.hasNext(); }
                @Override public ByteBuffer next() { return rows.next().getByteBuffer(0); }
            };
        } else if (from != null && to != null && from.length >= p && to.length >= p && Arrays.equals(from, 0, p, to, 0, p)) {
            buckets = List.of(RowKey.bucketOf(space, from)).iterator(); // within one partition: a Query
        } else {
            ByteBuffer lo = from == null ? RowKey.CK_START : RowKey.bucketOf(space, from);
            ByteBuffer hi = to == null ? RowKey.CK_END : RowKey.marked(to, 0, to.length);
            Iterator<Row> rows = execute((reverse ? bucketsDesc : bucketsAsc).bind(space.ordinal(), lo, hi)
                    .setConsistencyLevel(readLevel())).iterator();
            buckets = new Iterator<>() {
                @Override public boolean hasNext() { return rows.hasNext(); }
                @Override public ByteBuffer next() { return rows.next().getByteBuffer(0); }
            };
        }
        return new SliceCursor(this, space, buckets, from, to, reverse, readLevel());
    }

    /** One partition's rows from {@code lo} to {@code hi} (a Query's slice, or a cursor's step). */
    Iterator<Row> slice(RowKey lo, RowKey hi, boolean reverse, ConsistencyLevel level) {
        return execute((reverse ? sliceDesc : sliceAsc).bind(lo.space(), lo.bucket(), lo.ck(), hi.ck())
                .setConsistencyLevel(level)).iterator();
    }

    /** A row met marked by a transaction: its last committed state, as a consistent GetItem reads it. */
    Versioned committedState(Space space, byte[] key) {
        RowKey rk = rowKey(space, key);
        return versioned(committed(rk, execute(get.bind(rk.space(), rk.bucket(), rk.ck())).one()));
    }

    /** The table whose item partitions hold this bucket's rows (an LSI's), else null. */
    Long lsiTableOf(Space space, ByteBuffer bucket) {
        return localIndexes.tableOf(space, RowKey.raw(bucket));
    }

    // ------------------------------------------------------------------ writes

    /** The mutations of other partitions than the item's are applied from its change log, after the commit. */
    @Override
    public boolean appliesAfterCommit() {
        return true;
    }

    /**
     * One partition: one conditional batch. An item's partition plus unchecked rows elsewhere (index
     * entries, stream records): the item's conditional batch carries them as a change-log row
     * ({@link ChangeLog}), applied after. Checks in several partitions (transactions across items):
     * the transaction protocol ({@link Transactions}). No check at all: each partition's batch in turn.
     */
    @Override
    public long commit(WriteBatch batch) throws VersionConflictException {
        if (closed) throw new IllegalStateException("The store is closed");
        try {
            long version = commitChecked(batch);
            written.committed(batch.mutations(), version);
            return version;
        } catch (VersionConflictException | RuntimeException e) {
            written.forget(batch.mutations()); // refused or outcome unknown: the next write reads
            throw e;
        }
    }

    private long commitChecked(WriteBatch batch) throws VersionConflictException {
        List<Mutation> ms = batch.mutations();
        long floor = 0;
        for (Mutation m : ms) floor = Math.max(floor, m.expectedVersion());
        long version = clock.next(floor);
        // group by partition, the partition of the first checked mutation first
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        int first = -1;
        for (int i = 0; i < ms.size() && first < 0; i++) {
            if (ms.get(i).expectedVersion() != Mutation.EXPECT_ANY) first = i;
        }
        if (!ms.isEmpty()) groups.put(partitionId(ms.get(Math.max(first, 0))), new ArrayList<>());
        for (int i = 0; i < ms.size(); i++) groups.computeIfAbsent(partitionId(ms.get(i)), x -> new ArrayList<>()).add(i);
        int checkedGroups = 0;
        for (List<Integer> group : groups.values()) {
            for (int i : group) {
                if (ms.get(i).expectedVersion() != Mutation.EXPECT_ANY) {
                    checkedGroups++;
                    break;
                }
            }
        }
        if (checkedGroups > 1) {
            transactions.commit(batch, version); // applied at version when it returns
            return version;
        }
        if (groups.size() > 1 && first >= 0) {
            commitLogged(batch, groups, first, version);
            return version;
        }
        for (Mutation m : ms) if (!m.isDelete() && !m.isCheck()) registerBucket(m.space(), m.key());
        for (List<Integer> group : groups.values()) {
            if (group.isEmpty()) continue;
            Boolean applied = conditional(partitionBatch(ms, group, version));
            if (applied == null) applied = landed(ms, group, version);
            if (!applied) throw conflict(ms, group);
        }
        batch.applied();
        return version;
    }

    /** The item's partition with a change-log row for the rest, in one conditional batch (see {@link ChangeLog}). */
    private void commitLogged(WriteBatch batch, Map<String, List<Integer>> groups, int first, long version)
            throws VersionConflictException {
        List<Mutation> ms = batch.mutations();
        Iterator<List<Integer>> it = groups.values().iterator();
        List<Integer> home = it.next();
        List<Mutation> remote = new ArrayList<>();
        while (it.hasNext()) for (int i : it.next()) remote.add(ms.get(i));
        for (int i : home) if (!ms.get(i).isDelete() && !ms.get(i).isCheck()) registerBucket(ms.get(i).space(), ms.get(i).key());
        RowKey rk = rowKey(ms.get(first).space(), ms.get(first).key());
        ChangeLog.Partition p = new ChangeLog.Partition(rk.space(), rk.bucket());
        changeLog.markPending(p, version);
        BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
        for (int i : home) b.addStatement(statement(ms.get(i), version));
        b.addStatement(changeLog.logRow(p, version, remote));
        Boolean applied = conditional(b.build());
        if (applied == null) applied = landed(ms, home, version);
        if (!applied) {
            changeLog.abandoned(p, version);
            throw conflict(ms, home);
        }
        changeLog.committed(p, version, batch);
    }

    /** The mutations of one partition as one statement, or one conditional batch (one Paxos round). */
    private Statement<?> partitionBatch(List<Mutation> ms, List<Integer> group, long version) {
        if (group.size() == 1) return statement(ms.get(group.get(0)), version);
        BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
        for (int i : group) b.addStatement(statement(ms.get(i), version));
        return b.build();
    }

    /** The statements sent so far, by origin (the round-budget test; diagnostics). */
    public java.util.Map<String, StatementCounts.Tally> statementCounts() {
        return counts.snapshot();
    }

    /** Logs applied by this instance (tests). */
    public long appliedChangeLogs() {
        return changeLog.appliedLogs();
    }

    /** Paxos rounds this instance's change-log applier ran (tests: the cost of applying). */
    public long changeLogPaxosRounds() {
        return changeLog.paxosRounds();
    }

    /** Target rows this instance's applier left alone because a newer log had written them (tests). */
    public long fencedChangeLogWrites() {
        return changeLog.fencedWrites();
    }

    /** The change-log markers left, one line each with its log row and the partition's lease (tests, diagnostics). */
    public java.util.List<String> describePendingChangeLogs() {
        return changeLog.describeMarkers();
    }

    /** Change logs written and not yet retired, by their pending markers (tests, diagnostics). */
    public int pendingChangeLogs() {
        return changeLog.pendingMarkers();
    }

    /** One recovery pass now (tests; nodes run it every few seconds). */
    public void recoverChangeLogs() {
        changeLog.recover();
    }

    /** One pass over the transactions left behind now (tests; nodes run it every few seconds). */
    public void recoverTransactions() {
        transactions.recover();
    }

    /** Transactions started and not yet forgotten, by their markers, all nodes' (tests, diagnostics). */
    public int pendingTransactions() {
        return transactions.pendingMarkers();
    }

    /** Rows of the keyspace that carry a transaction's prepare mark (tests: reads the whole table). */
    public long markedRows() {
        long n = 0;
        for (Row r : execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance("SELECT txn FROM " + keyspace + ".kv"))) {
            if (!r.isNull(0)) n++;
        }
        return n;
    }

    /** Whether the item row carries a transaction's prepare mark (tests). */
    public boolean marked(Space space, byte[] key) {
        RowKey rk = rowKey(space, key);
        Row row = execute(get.bind(rk.space(), rk.bucket(), rk.ck()).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
        return row != null && !row.isNull(2);
    }

    // row-level statements for the change log: (space, bucket, ck) addressed directly

    BoundStatement read(int space, ByteBuffer bucket, ByteBuffer ck) {
        return get.bind(space, bucket, ck);
    }

    BoundStatement slice(int space, ByteBuffer bucket, ByteBuffer from, ByteBuffer to) {
        return sliceAsc.bind(space, bucket, from, to);
    }

    /** Put with {@code IF version = expected} ({@code = null} when expected is null: the row must be absent). */
    BoundStatement putIf(int space, ByteBuffer bucket, ByteBuffer ck, ByteBuffer value, long version, Long expected) {
        return putEq.bind(value, version, space, bucket, ck, expected);
    }

    BoundStatement deleteIf(int space, ByteBuffer bucket, ByteBuffer ck, long expected) {
        return deleteEq.bind(space, bucket, ck, expected);
    }

    /** Delete whatever version the row holds. */
    BoundStatement deleteAny(int space, ByteBuffer bucket, ByteBuffer ck) {
        return deleteNeq.bind(space, bucket, ck, ANY);
    }

    /**
     * After a conditional batch whose outcome Cassandra could not tell: whether it landed, read at
     * LOCAL_SERIAL (which finishes an LWT still in flight, or supersedes it for good). A row holding
     * this write's version proves it landed (the batch is atomic); else a row still as the write
     * expected it proves it did not (a row's versions only grow); else a deleted row counts as this
     * write's deletion. A row changed since by another write says nothing: it may have replaced this
     * one or the one before, and retrying could apply the request twice. Such a batch, one of checks
     * only, and a failed read: 500, outcome unknown.
     */
    private boolean landed(List<Mutation> ms, List<Integer> group, long version) {
        boolean refused = false, deleted = false, cannotTell = false;
        try {
            for (int i : group) {
                Mutation m = ms.get(i);
                if (m.isCheck() || m.space() == Space.HISTORY) continue;
                RowKey rk = rowKey(m.space(), m.key());
                Row row = execute(get.bind(rk.space(), rk.bucket(), rk.ck()).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
                boolean gone = row == null || row.isNull(1);
                if (!gone && row.getLong(1) == version) return true;
                long expected = m.expectedVersion();
                if (expected == Mutation.EXPECT_ABSENT ? gone : expected > 0 && !gone && row.getLong(1) == expected) {
                    refused = true;
                } else if (m.isDelete() && gone) {
                    deleted = true;
                } else {
                    cannotTell = true;
                }
            }
        } catch (DynamoException unavailable) {
            throw CassandraErrors.unknown(unavailable);
        }
        if (refused) return false;
        if (deleted && !cannotTell) return true;
        throw CassandraErrors.unknown(new IllegalStateException(deleted || cannotTell
                ? "a conditional batch timed out and its rows were changed since" : "a conditional batch of checks only timed out"));
    }

    /**
     * After a refused conditional batch: the conflict at the first mutation of the group whose key
     * does not hold its expected version or carries another transaction's mark (settled here when
     * that transaction is decided or abandoned; a live one gets a moment to finish before the
     * caller retries, and the conflict says it is held by a transaction), else at the group's
     * first. Reads at LOCAL_SERIAL, which settles LWTs in flight.
     */
    VersionConflictException conflict(List<Mutation> ms, List<Integer> group) {
        for (int i : group) {
            Mutation m = ms.get(i);
            if (m.expectedVersion() == Mutation.EXPECT_ANY) continue;
            RowKey rk = rowKey(m.space(), m.key());
            Row row = execute(get.bind(rk.space(), rk.bucket(), rk.ck())
                    .setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
            if (row != null && !row.isNull(2)) {
                boolean live = transactions.settle(row.getUuid(2), rk);
                if (live) Transactions.pause();
                return new VersionConflictException(i, live);
            }
            long have = row == null || row.isNull(1) ? Mutation.EXPECT_ABSENT : row.getLong(1);
            if (have != m.expectedVersion()) return new VersionConflictException(i);
        }
        return new VersionConflictException(group.get(0));
    }

    BoundStatement statement(Mutation m, long version) {
        RowKey rk = rowKey(m.space(), m.key());
        long expected = m.expectedVersion();
        Long condition = expected == Mutation.EXPECT_ABSENT ? null : expected; // "= null": the row is absent
        if (m.isCheck()) {
            return expected == Mutation.EXPECT_ABSENT
                    ? deleteEq.bind(rk.space(), rk.bucket(), rk.ck(), null)
                    : checkEq.bind(expected, rk.space(), rk.bucket(), rk.ck(), expected);
        }
        if (m.isDelete()) {
            return expected == Mutation.EXPECT_ANY
                    ? deleteNeq.bind(rk.space(), rk.bucket(), rk.ck(), ANY)
                    : deleteEq.bind(rk.space(), rk.bucket(), rk.ck(), condition);
        }
        ByteBuffer value = ByteBuffer.wrap(m.value());
        return expected == Mutation.EXPECT_ANY
                ? putNeq.bind(value, version, rk.space(), rk.bucket(), rk.ck(), ANY)
                : putEq.bind(value, version, rk.space(), rk.bucket(), rk.ck(), condition);
    }

    /** The Cassandra partition a mutation writes, as "space:bucket". */
    String partitionId(Mutation m) {
        return localIndexes.partitionId(m.space(), m.key());
    }

    /** Lists the key's partition in the directory (plain, idempotent; never deleted). */
    void registerBucket(Space space, byte[] key) {
        if (ItemPartitionPlacement.placed(space)) return; // in its item's partition, listed with the item
        ByteBuffer bucket = RowKey.bucketOf(space, key);
        String id = space.ordinal() + ":" + java.util.HexFormat.of().formatHex(RowKey.raw(bucket));
        if (knownBuckets.contains(id)) return;
        execute(register.bind(space.ordinal(), bucket));
        knownBuckets.add(id);
    }

    /**
     * Deletes every row in [from, to), a partition at a time, each row with LWT (rows are never
     * written both ways). Directory rows stay: an empty partition costs a scan one empty slice.
     */
    @Override
    public void deleteRange(Space space, byte[] from, byte[] to) {
        if (closed) throw new IllegalStateException("The store is closed");
        written.clear();
        List<byte[]> keys = new ArrayList<>();
        String partition = null;
        try (StorageCursor c = scan(space, from, to, false)) {
            while (c.next()) {
                String id = partitionId(Mutation.delete(space, c.key(), ANY));
                if (!keys.isEmpty() && (!id.equals(partition) || keys.size() >= DELETE_CHUNK)) {
                    deleteAll(space, keys);
                    keys.clear();
                }
                partition = id;
                keys.add(c.key());
            }
        }
        if (!keys.isEmpty()) deleteAll(space, keys);
    }

    private void deleteAll(Space space, List<byte[]> keys) {
        BatchStatementBuilder b = BatchStatement.builder(BatchType.LOGGED);
        for (byte[] k : keys) {
            RowKey rk = rowKey(space, k);
            b.addStatement(deleteNeq.bind(rk.space(), rk.bucket(), rk.ck(), ANY));
        }
        execute(b.build());
    }

    /**
     * None: Cassandra has no view of a whole cluster frozen at one instant. Backups are served from
     * the item history instead, which this engine keeps in each item's partition
     * ({@link ItemPartitionPlacement}; see {@link StorageEngine#snapshots()}).
     */
    @Override
    public io.basalt.storage.StorageSnapshot snapshot() {
        throw new UnsupportedOperationException("no snapshots on Cassandra: snapshots() is false");
    }

    @Override
    public boolean snapshots() {
        return false;
    }

    static byte[] bytes(ByteBuffer b) {
        if (b == null) return new byte[0];
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    @Override public boolean durable() { return true; }
    @Override public boolean sharedByNodes() { return true; }
    @Override public String name() { return "cassandra"; }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        transactions.close();
        changeLog.close();
        session.close();
    }
}
