package io.basalt.engine.index;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.storage.StorageEngine;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 */
public final class Backfills implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Backfills.class);
    private static final long MAX_DELAY_MILLIS = 60_000;

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final IndexMaintainer indexes;
    private final Map<GsiBackfill, Thread> running = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public Backfills(StorageEngine storage, TableCatalog catalog, IndexMaintainer indexes) {
        this.storage = storage;
        this.catalog = catalog;
        this.indexes = indexes;
    }

    /** Starts filling {@code indexName} of {@code tableName} in the background. */
    public void start(String account, String tableName, String indexName) {
        if (closed) return;
        GsiBackfill b = new GsiBackfill(storage, catalog, indexes, account, tableName, indexName);
        Thread t = Thread.ofVirtual().name("basalt-backfill-" + tableName + "-" + indexName).unstarted(() -> runUntilDone(b));
        running.put(b, t);
        t.start();
    }

    /** Resumes every backfill a previous run left unfinished (indexes still CREATING). */
    public void resumeAll() {
        for (TableCatalog.Entry e : catalog.all()) {
            String name = e.definition().name();
            for (IndexDefinition i : e.definition().globalIndexes()) {
                if (!i.active()) {
                    LOG.info("Resuming the backfill of index {} on table {}", i.name(), name);
                    start(e.account(), name, i.name());
                }
            }
        }
    }

    private void runUntilDone(GsiBackfill b) {
        try {
            for (int attempt = 1; !closed; attempt++) {
                try {
                    b.run();
                    return;
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
        }
    }

    /** Backfills under way (tests, diagnostics). */
    public int running() {
        return running.size();
    }

    /** Stops every backfill after its current item and waits for it (at most 10 s in all). */
    @Override
    public void close() {
        closed = true;
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
