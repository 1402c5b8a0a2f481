package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.basalt.storage.Mutation;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-partition change log (docs/scale-out.md): a commit whose batch also writes other
 * partitions (GSI entries, stream records) writes those mutations as one log row in the item's own
 * partition, in the same conditional batch as the item, so they commit or fail with it. This class
 * applies the logs: per partition, under a lease (an LWT row in that partition), oldest first, each
 * log's mutations with the log's version, then retires the log (a conditional delete). Those writes
 * are fenced by the log's version ({@link FencedWrites}): a row already written by this log or a
 * newer one is left alone, so a crash after applying and before retiring (the log is applied
 * again) and an applier that stalled past its lease and resumes write nothing stale.
 *
 * <p>Discovery after a crash: before the item's LWT the writer inserts a marker (slot, partition,
 * log version) into the {@code pending} table (plain writes, never LWT). Every node scans the slots
 * now and then; a marker older than {@link ChangeLogSettings#recoveryAfterMillis()} whose log still
 * exists gets its partition drained, one whose log is gone (applied, or the LWT lost) is dropped.
 */
final class ChangeLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeLog.class);
    static final int SLOTS = 16;
    private static final int APPLIERS = 8;
    /**
     * Partitions one recovery pass asks drains for, at most: every node runs the passes, and drains
     * of one partition from two nodes contend for its lease (Paxos rounds); a backlog is worked off
     * over several passes instead of all at once.
     */
    private static final int RECOVERIES_PER_PASS = 4 * APPLIERS;
    /** ck of a partition's lease row; logs sort after it and before every SPI key (those start with 0x01). */
    static final ByteBuffer LEASE_CK = ByteBuffer.wrap(new byte[] {0});
    private static final ByteBuffer LOGS_FROM = ByteBuffer.wrap(new byte[] {0, 1});
    private static final ByteBuffer LOGS_TO = RowKey.CK_START;

    /** A Cassandra partition of the kv table. */
    record Partition(int space, ByteBuffer bucket) {
        int slot() {
            return Math.floorMod(bucket.hashCode(), SLOTS);
        }
    }

    private final CassandraStorage store;
    private final CqlSession session;
    private final ChangeLogSettings settings;
    private final PreparedStatement insertMarker, deleteMarker, markers;
    private final ScheduledExecutorService workers;
    /** Partitions with a drain queued on this node. */
    private final Set<Partition> queued = ConcurrentHashMap.newKeySet();
    /**
     * Versions of old markers a recovery pass found, per partition: the next drain of the partition
     * deletes those whose log it does not find (applied elsewhere, or their commit lost).
     */
    private final Map<Partition, Set<Long>> orphans = new ConcurrentHashMap<>();
    /** Drains that failed in a row, per partition (the retry's back-off). */
    private final Map<Partition, Integer> failures = new ConcurrentHashMap<>();
    private final ThrottledWarning failed = new ThrottledWarning(LOG, "applying the change log of a partition failed");
    /** Partitions with a drain running on this node (at most one each). */
    private final Set<Partition> draining = ConcurrentHashMap.newKeySet();
    /**
     * This node's name in the lease rows it writes: a lease of this node's that no drain here holds
     * (its release failed, or its acquire timed out and landed) is taken over at once instead of
     * blocking the partition until it expires.
     */
    private final ByteBuffer owner = ByteBuffer.wrap(UUID.randomUUID().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    /** Logs this node wrote whose when-applied actions have not run yet, per partition, by version. */
    private final Map<Partition, ConcurrentSkipListMap<Long, Waiting>> waiting = new ConcurrentHashMap<>();
    /** Orders registrations in {@link #waiting} against the reads of a drain. */
    private final AtomicLong tickets = new AtomicLong();

    /** A committed log's batch, registered with a ticket after its LWT returned. */
    private record Waiting(long ticket, WriteBatch batch) {}
    private final AtomicLong applied = new AtomicLong();
    /** Paxos rounds of the applier outside {@link #writes} (lease, serial reads, retirements). */
    private final AtomicLong rounds = new AtomicLong();
    /** Drains that found another node's lease (tests, diagnostics). */
    private final AtomicLong leaseWaits = new AtomicLong();
    private final FencedWrites writes;
    private volatile boolean closed;

    ChangeLog(CassandraStorage store, CqlSession session, String keyspace, ChangeLogSettings settings) {
        this.store = store;
        this.session = session;
        this.settings = settings;
        String pending = keyspace + ".pending";
        insertMarker = session.prepare("INSERT INTO " + pending + " (slot, space, bucket, log) VALUES (?, ?, ?, ?)");
        deleteMarker = session.prepare("DELETE FROM " + pending + " WHERE slot = ? AND space = ? AND bucket = ? AND log = ?");
        markers = session.prepare("SELECT space, bucket, log FROM " + pending + " WHERE slot = ?");
        writes = new FencedWrites(store, session, keyspace, settings.tombstoneSeconds());
        // waiting on Paxos rounds, not computing: enough threads that appliers keep up with writers
        workers = background("cassandra-change-log", APPLIERS, this::recover, settings.recoveryEveryMillis());
    }

    /** A pool of daemon threads that runs {@code recovery} every {@code everyMillis} (0: never). */
    static ScheduledExecutorService background(String name, int threads, Runnable recovery, long everyMillis) {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        // a periodic task that throws is never run again: whatever escapes a pass is logged instead
        Runnable pass = () -> {
            try {
                StatementCounts.as(name + "-recovery", recovery);
            } catch (Throwable e) {
                LOG.warn("{} recovery pass failed, the next pass tries again", name, e);
            }
        };
        if (everyMillis > 0) pool.scheduleWithFixedDelay(pass, everyMillis, everyMillis, TimeUnit.MILLISECONDS);
        return pool;
    }

    static String createPendingTable(String keyspace) {
        return "CREATE TABLE IF NOT EXISTS " + keyspace + ".pending (slot int, space int, bucket blob, log bigint, "
                + "PRIMARY KEY (slot, space, bucket, log))";
    }

    static ByteBuffer logCk(long version) {
        return ByteBuffer.allocate(10).put((byte) 0).put((byte) 1).putLong(version).flip();
    }

    /** Step 1 of a logged commit: the marker that makes the log findable if this node dies. */
    void markPending(Partition p, long version) {
        // a plain insert: sent again when its connection breaks; a failure is the request's (mapped, nothing committed yet)
        store.execute(insertMarker.bind(p.slot(), p.space(), p.bucket(), version).setIdempotent(true));
    }

    /** The log row, to add to the partition's conditional batch (it must not exist yet). */
    com.datastax.oss.driver.api.core.cql.BoundStatement logRow(Partition p, long version, List<Mutation> remote) {
        return store.putIf(p.space(), p.bucket(), logCk(version), ByteBuffer.wrap(ChangeLogCodec.encode(remote)), version, null);
    }

    /** The batch's LWT failed: nothing to apply; the marker goes at once. */
    void abandoned(Partition p, long version) {
        try {
            store.execute(deleteMarker.bind(p.slot(), p.space(), p.bucket(), version).setIdempotent(true));
        } catch (RuntimeException e) { // the recovery pass finds no log row behind the marker and deletes it
            LOG.debug("marker of an abandoned log left to the recovery pass: {}", e.toString());
        }
    }

    /** The log committed: apply it soon, then run the batch's when-applied actions. */
    void committed(Partition p, long version, WriteBatch batch) {
        Waiting w = new Waiting(tickets.incrementAndGet(), batch);
        waiting.compute(p, (k, m) -> { // under the map's lock: never into a map being dropped
            ConcurrentSkipListMap<Long, Waiting> mine = m != null ? m : new ConcurrentSkipListMap<>();
            mine.put(version, w);
            return mine;
        });
        if (settings.applyAfterCommit()) request(p, 0);
    }

    private void request(Partition p, long delayMillis) {
        if (closed || !queued.add(p)) return;
        try {
            workers.schedule(() -> {
                queued.remove(p);
                drainSafely(p);
            }, delayMillis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            queued.remove(p); // closing
        }
    }

    private void drainSafely(Partition p) {
        try {
            if (!drain(p)) request(p, 200); // another applier holds the partition: look again soon
            else failures.remove(p);
        } catch (RuntimeException e) {
            if (closed) return;
            // backing off per partition: during an outage a thousand partitions retried every second
            // only load the nodes that are left (and the log)
            int n = failures.merge(p, 1, Integer::sum);
            long delay = Math.min(5_000, 1_000L << Math.min(n - 1, 3));
            failed.warn(e.toString() + " (retrying in " + delay / 1000 + " s)");
            request(p, delay + java.util.concurrent.ThreadLocalRandom.current().nextLong(delay / 4 + 1));
        }
    }

    /**
     * Applies every log of the partition, oldest first, under its lease.
     *
     * @return false when another applier holds the lease
     */
    boolean drain(Partition p) {
        if (!draining.add(p)) return false; // this node drains it now
        try {
            long expiry = acquire(p);
            if (expiry < 0) return false;
            boolean released = false;
            try {
                released = drainUnderLease(p, expiry);
            } finally {
                if (!released) release(p, expiry);
            }
            return true;
        } finally {
            draining.remove(p);
        }
    }

    /** @return whether the lease was released with the last log's retirement (one round for both) */
    private boolean drainUnderLease(Partition p, long expiry) {
        // a log registered before this read began was committed before it: absent from it means applied
        long registeredBefore = tickets.get();
        List<Row> logs = new ArrayList<>();
        rounds.incrementAndGet();
        store.execute(store.slice(p.space(), p.bucket(), LOGS_FROM, LOGS_TO).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL))
                .forEach(logs::add);
        Set<Long> present = new HashSet<>();
        for (Row r : logs) present.add(r.getLong(2));
        settleGone(p, present, registeredBefore); // applied by another node while this one waited
        dropOrphans(p, present);
        boolean first = true, released = false;
        for (int i = 0; i < logs.size(); i++) {
            Row r = logs.get(i);
            // stop well before the lease runs out: another applier may take over after it. One log
            // at least per lease, though: under load taking the lease may itself eat half of it,
            // and a stall past it is fenced anyway
            if (!first && expiry - System.currentTimeMillis() < settings.leaseMillis() / 2) {
                request(p, 0); // the rest under a fresh lease
                return false;
            }
            long version = r.getLong(2);
            // a stall from here on (GC pause, network) may outlast the lease: the writes are fenced instead
            settings.beforeApply().accept(version);
            writes.apply(ChangeLogCodec.decode(r.getByteBuffer(1)), version);
            released = retire(p, r.getByteBuffer(0), version, i == logs.size() - 1 ? expiry : -1);
            store.execute(deleteMarker.bind(p.slot(), p.space(), p.bucket(), version).setIdempotent(true));
            applied.incrementAndGet();
            first = false;
            settle(p, version);
        }
        return released;
    }

    /**
     * Retires an applied log; the partition's last one together with the release of the lease
     * ({@code expiry} >= 0), one conditional batch in the partition: one Paxos round for both.
     * Refused (the lease was lost, or the log retired by another applier): the log alone, the lease
     * is left to the caller's release. Either is sent again after an unknown outcome: gone by then,
     * a second delete changes nothing.
     *
     * @return whether the lease was released
     */
    private boolean retire(Partition p, ByteBuffer ck, long version, long expiry) {
        rounds.incrementAndGet();
        if (expiry >= 0) {
            var both = BatchStatement.builder(BatchType.LOGGED).addStatement(store.deleteIf(p.space(), p.bucket(), ck, version))
                    .addStatement(store.deleteIf(p.space(), p.bucket(), LEASE_CK, expiry)).build().setIdempotent(true);
            if (store.execute(both).wasApplied()) return true;
            rounds.incrementAndGet();
        }
        store.execute(store.deleteIf(p.space(), p.bucket(), ck, version).setIdempotent(true));
        return false;
    }

    /**
     * Takes the partition's lease (an LWT on its lease row); returns its expiry, or -1 when another
     * node holds it. A lease of this node's is taken over: no drain of this node holds it (the
     * caller is the only one), so it is one whose release failed or whose acquire timed out and landed.
     */
    private long acquire(Partition p) {
        // the common case first: no lease row (released, or never taken), one LWT that expects none
        rounds.incrementAndGet();
        long fresh = System.currentTimeMillis() + settings.leaseMillis();
        Boolean took = store.conditional(store.putIf(p.space(), p.bucket(), LEASE_CK, owner.duplicate(), fresh, null));
        if (took == null) return -1; // may be ours: this node's next drain takes it over (below)
        if (took) return fresh;
        rounds.incrementAndGet();
        Row lease = store.execute(store.read(p.space(), p.bucket(), LEASE_CK).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
        long now = System.currentTimeMillis();
        if (lease != null && lease.getLong(1) >= now && !owner.equals(lease.getByteBuffer(0))) {
            leaseWaits.incrementAndGet();
            return -1;
        }
        rounds.incrementAndGet();
        long expiry = Math.max(now + settings.leaseMillis(), lease == null ? 0 : lease.getLong(1) + 1);
        Long expected = lease == null ? null : lease.getLong(1);
        // an outcome not told: the lease may be ours; this node's next drain takes it over (see above)
        return Boolean.TRUE.equals(store.conditional(store.putIf(p.space(), p.bucket(), LEASE_CK, owner.duplicate(), expiry, expected)))
                ? expiry : -1;
    }

    /**
     * Gives the lease back. A release that fails leaves the lease to this node's next drain of the
     * partition (taken over at once, see {@link #acquire}) or to its expiry for other nodes; the
     * logs applied under it stay applied, so the drain does not fail for it.
     */
    private void release(Partition p, long expiry) {
        rounds.incrementAndGet();
        try {
            store.execute(store.deleteIf(p.space(), p.bucket(), LEASE_CK, expiry).setIdempotent(true));
        } catch (RuntimeException e) {
            LOG.debug("releasing a change-log lease failed, it runs out by itself: {}", e.toString());
        }
    }

    private void settle(Partition p, long version) {
        ConcurrentSkipListMap<Long, Waiting> mine = waiting.get(p);
        if (mine == null) return;
        Waiting w = mine.remove(version);
        if (w != null) w.batch().applied();
        waiting.computeIfPresent(p, (k, m) -> m.isEmpty() ? null : m);
    }

    private void settleGone(Partition p, Set<Long> present, long registeredBefore) {
        ConcurrentSkipListMap<Long, Waiting> mine = waiting.get(p);
        if (mine == null) return;
        for (Map.Entry<Long, Waiting> e : List.copyOf(mine.entrySet())) {
            if (e.getValue().ticket() <= registeredBefore && !present.contains(e.getKey())) settle(p, e.getKey());
        }
    }

    /**
     * Looks for markers left behind (a node died between commit and apply, or a marker's deletion
     * failed) and has their partitions drained: one drain per partition, which applies the logs
     * still there and drops the markers whose log is gone. Partitions this node drains already
     * cost the pass nothing more.
     */
    void recover() {
        long nowMicros = System.currentTimeMillis() * 1000;
        Map<Partition, Set<Long>> old = new java.util.HashMap<>();
        recoveryPass(store, markers, SLOTS, () -> closed, "change log", (m, slot) -> {
            long version = m.getLong(2);
            if (nowMicros - (version >>> 8) >= settings.recoveryAfterMillis() * 1000) {
                old.computeIfAbsent(new Partition(m.getInt(0), m.getByteBuffer(1)), k -> new HashSet<>()).add(version);
            }
        });
        List<Map.Entry<Partition, Set<Long>>> found = new ArrayList<>(old.entrySet());
        java.util.Collections.shuffle(found); // two nodes' passes mostly pick different partitions
        int asked = 0;
        for (Map.Entry<Partition, Set<Long>> e : found) {
            if (queued.contains(e.getKey()) || draining.contains(e.getKey())) continue; // under way here
            if (asked++ == RECOVERIES_PER_PASS) break;
            orphans.merge(e.getKey(), e.getValue(), (a, b) -> {
                Set<Long> both = new HashSet<>(a);
                both.addAll(b);
                return both;
            });
            request(e.getKey(), 0);
        }
    }

    /**
     * Deletes the markers of the partition's old versions whose log the drain's serial read did not
     * find: that read also settled an LWT still in flight, so such a log never appears.
     */
    private void dropOrphans(Partition p, Set<Long> present) {
        Set<Long> old = orphans.remove(p);
        if (old == null) return;
        for (long version : old) {
            if (!present.contains(version)) store.execute(deleteMarker.bind(p.slot(), p.space(), p.bucket(), version).setIdempotent(true));
        }
    }

    /**
     * One recovery pass over the markers of every slot. Every node runs them: each starts at a slot
     * of its own, so two passes rarely contend marker by marker, and one marker's trouble (a
     * timeout, a contended round) does not stop the pass; the failures are logged once, the next
     * pass tries them again.
     */
    static void recoveryPass(CassandraStorage store, PreparedStatement bySlot, int slots, java.util.function.BooleanSupplier closed,
                             String what, java.util.function.ObjIntConsumer<Row> each) {
        int failed = 0;
        RuntimeException last = null;
        int first = java.util.concurrent.ThreadLocalRandom.current().nextInt(slots);
        for (int i = 0; i < slots && !closed.getAsBoolean(); i++) {
            int slot = (first + i) % slots;
            try {
                for (Row m : store.execute(bySlot.bind(slot).setIdempotent(true))) {
                    try {
                        each.accept(m, slot);
                    } catch (RuntimeException e) {
                        failed++;
                        last = e;
                    }
                }
            } catch (RuntimeException e) {
                failed++;
                last = e;
            }
        }
        if (failed > 0 && !closed.getAsBoolean()) LOG.warn("{} recovery pass: {} failed, the next pass tries again: {}", what, failed, last.toString());
    }

    /** Markers in the pending table, all nodes' (tests, diagnostics). */
    int pendingMarkers() {
        return rowsInSlots(store, markers, SLOTS);
    }

    /**
     * The markers left, one line each: its age, whether its log row is there and who holds the
     * partition's lease (tests say this when logs wait longer than they should).
     */
    List<String> describeMarkers() {
        List<String> out = new ArrayList<>();
        long now = System.currentTimeMillis();
        for (int slot = 0; slot < SLOTS; slot++) {
            for (Row m : store.execute(markers.bind(slot))) {
                Partition p = new Partition(m.getInt(0), m.getByteBuffer(1));
                long version = m.getLong(2);
                Row log = store.execute(store.read(p.space(), p.bucket(), logCk(version)).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
                Row lease = store.execute(store.read(p.space(), p.bucket(), LEASE_CK).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)).one();
                out.add(String.format("slot %d space %d bucket %s: log %d written %.1f s ago, log row %s, lease %s", slot, p.space(),
                        com.datastax.oss.driver.api.core.data.ByteUtils.toHexString(p.bucket()), version, (now * 1000 - (version >>> 8)) / 1e6,
                        log == null ? "absent" : "present" + (log.isNull(2) ? "" : " (txn set)"),
                        lease == null ? "free" : String.format("held by %s until %+.1f s",
                                java.nio.charset.StandardCharsets.UTF_8.decode(lease.getByteBuffer(0).duplicate()), (lease.getLong(1) - now) / 1e3)));
            }
        }
        return out;
    }

    /** This node's name in lease rows (tests in this package). */
    ByteBuffer owner() {
        return owner.duplicate();
    }

    /** Drains of this node that found the partition's lease held by another node. */
    long leaseWaits() {
        return leaseWaits.get();
    }

    /** Rows of a slotted marker table ({@code bySlot} selects one slot's), counted across its slots. */
    static int rowsInSlots(CassandraStorage store, PreparedStatement bySlot, int slots) {
        int n = 0;
        for (int slot = 0; slot < slots; slot++) n += store.execute(bySlot.bind(slot)).all().size();
        return n;
    }

    /** Stops a background pool, waiting a little for a pass under way. */
    static void shutdown(java.util.concurrent.ExecutorService pool) {
        pool.shutdownNow();
        try {
            pool.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Logs applied by this node (tests: exactly once). */
    long appliedLogs() {
        return applied.get();
    }

    /** Paxos rounds (LWTs and serial reads) the applier of this node ran, recovery passes aside (tests: the cost). */
    long paxosRounds() {
        return rounds.get() + writes.rounds.get();
    }

    /** Target rows this node's applier left alone because a log at least as new had written them. */
    long fencedWrites() {
        return writes.fenced.get();
    }

    @Override
    public void close() {
        closed = true;
        shutdown(workers);
    }
}
