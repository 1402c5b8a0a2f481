package io.basalt.engine.index;

import io.basalt.engine.Clock;
import io.basalt.engine.NodeLease;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.storage.StorageEngine;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's GSI backfills: started by UpdateTable, resumed when the engine opens (an index still
 * CREATING after a restart carries on from its recorded progress), retried when a pass fails, and
 * stopped and joined when the engine closes. A failing backfill is never silent: every failure is
 * logged with the next attempt's delay (1 s, doubling to a minute), and the index stays CREATING
 * with {@code Backfilling} until a pass succeeds — as DynamoDB keeps an index CREATING until its
 * backfill is done.
 *
 * <p>On a store shared by several Basalt nodes one node at a time fills an index: a
 * {@link NodeLease} per index, renewed after every batch. Every node watches the catalog for
 * indexes still CREATING and waits for the lease of those it does not fill, so when the node
 * filling one stops, another takes over once the lease expires and continues from the recorded
 * progress. The index's status (CREATING with Backfilling, then ACTIVE) is in the shared catalog.
 */
public final class Backfills implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Backfills.class);
    private static final long MAX_DELAY_MILLIS = 60_000;
    /** How long a node's claim on an index's backfill lasts without renewal. */
    static final long LEASE_MILLIS = 30_000;
    /** How often a node looks for indexes to fill, or retries the lease of one another node fills. */
    private static final long WATCH_MILLIS = 2_000;

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final IndexMaintainer indexes;
    private final Map<GsiBackfill, Thread> running = new ConcurrentHashMap<>();
    /** Indexes with a worker on this node (a worker waits for the lease while another node fills its index). */
    private final Set<Long> workers = ConcurrentHashMap.newKeySet();
    private final NodeLease lease;
    private final Thread watcher;
    private final AtomicLong entriesWritten = new AtomicLong();
    private volatile int holdAfterBatches = -1;
    private volatile boolean closed;

    public Backfills(StorageEngine storage, TableCatalog catalog, IndexMaintainer indexes, Clock clock) {
        this.storage = storage;
        this.catalog = catalog;
        this.indexes = indexes;
        this.lease = new NodeLease(storage, clock, "backfill-lease/", LEASE_MILLIS);
        this.watcher = storage.sharedByNodes() ? Thread.ofPlatform().daemon().name("basalt-backfill-watch").unstarted(this::watch) : null;
    }

    /** Another node may create an index or stop while filling one: look for indexes to fill every few seconds. */
    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(WATCH_MILLIS);
                resumeAll();
            } catch (InterruptedException stop) {
                return;
            } catch (RuntimeException unavailable) {
                LOG.debug("catalog not read: {}", unavailable.toString());
            }
        }
    }

    /** Starts filling {@code indexName} of {@code tableName} in the background. */
    public void start(String account, String tableName, String indexName) {
        if (closed) return;
        TableCatalog.Entry e = catalog.find(account, tableName);
        IndexDefinition index = e == null ? null : e.definition().index(indexName);
        if (index == null || !workers.add(index.indexId())) return; // gone, or this node has a worker on it already
        GsiBackfill b = new GsiBackfill(storage, catalog, indexes, account, tableName, indexName, index.indexId(), entriesWritten);
        Thread t = Thread.ofVirtual().name("basalt-backfill-" + tableName + "-" + indexName).unstarted(() -> runUntilDone(b));
        running.put(b, t);
        t.start();
    }

    /**
     * Resumes every backfill a previous run left unfinished (indexes still CREATING); on a shared
     * store also those another node fills (this node waits for their lease). Starts watching.
     */
    public void resumeAll() {
        for (TableCatalog.Entry e : catalog.all()) {
            String name = e.definition().name();
            for (IndexDefinition i : e.definition().globalIndexes()) {
                if (!i.active() && !workers.contains(i.indexId())) {
                    LOG.info("Resuming the backfill of index {} on table {}", i.name(), name);
                    start(e.account(), name, i.name());
                }
            }
        }
        if (watcher != null && watcher.getState() == Thread.State.NEW && Thread.currentThread() != watcher) watcher.start();
    }

    private void runUntilDone(GsiBackfill b) {
        try {
            int[] batches = {0};
            for (int attempt = 1; !closed && b.wanted(); attempt++) {
                if (!lease.take(b.indexId())) {
                    // another node fills it: wait, and take over if its lease runs out
                    try {
                        Thread.sleep(WATCH_MILLIS);
                    } catch (InterruptedException stop) {
                        return;
                    }
                    attempt = 0;
                    continue;
                }
                try {
                    // after each batch: renew the lease, or stop when another node has it now
                    b.run(() -> hold(++batches[0]) && lease.take(b.indexId()));
                    attempt = 0;
                } catch (RuntimeException failure) {
                    if (closed) return;
                    long delay = Math.min(MAX_DELAY_MILLIS, 1000L << Math.min(attempt - 1, 6));
                    LOG.warn("Backfill of index {} on table {} failed (attempt {}); retrying in {} ms", b.indexName(), b.tableName(),
                            attempt, delay, failure);
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        } finally {
            running.remove(b);
            workers.remove(b.indexId());
        }
    }

    /** Tests: a pass waits after {@code batches} batches until the engine closes, as a node that stops mid-backfill. */
    public void holdAfterBatches(int batches) {
        holdAfterBatches = batches;
    }

    private boolean hold(int batchesDone) {
        while (holdAfterBatches >= 0 && batchesDone > holdAfterBatches && !closed) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException stop) {
                return false;
            }
        }
        return !closed;
    }

    /** Index entries this node's backfills wrote (tests: each item is backfilled once across nodes). */
    public long entriesWritten() {
        return entriesWritten.get();
    }

    /** Backfills under way (tests, diagnostics). */
    public int running() {
        return running.size();
    }

    /** Stops every backfill after its current item and waits for it (at most 10 s in all). */
    @Override
    public void close() {
        closed = true;
        if (watcher != null) {
            watcher.interrupt();
            try {
                watcher.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (GsiBackfill b : running.keySet()) b.stop();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread t : running.values()) {
            t.interrupt();
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
