package io.basalt.engine.vector;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The backfills of vector indexes: an index created on a table is CREATING (with Backfilling when
 * UpdateTable added it) until a pass over the table's items has counted those it holds; then it is
 * ACTIVE and SearchVectors serves it. The exact search reads the table itself, so the pass builds
 * nothing; the approximate engine will build its graph here. An index still CREATING after a
 * restart is passed over again when the engine opens.
 */
public final class VectorBackfills implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VectorBackfills.class);
    private static final long WATCH_MILLIS = 2_000;

    private final TableCatalog catalog;
    private final ExactVectorSearch search;
    private final Set<Long> running = ConcurrentHashMap.newKeySet();
    private final List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.Map<Long, Long> indexedItems = new ConcurrentHashMap<>();
    private volatile boolean held;
    private volatile boolean closed;
    private final Thread watcher;

    /**
     * @param sharedStore whether other Basalt nodes share the store: then this node also watches
     *                    the catalog for indexes another node created or left CREATING (the pass
     *                    is idempotent, two nodes may both run it)
     */
    public VectorBackfills(TableCatalog catalog, ExactVectorSearch search, boolean sharedStore) {
        this.catalog = catalog;
        this.search = search;
        this.watcher = sharedStore ? Thread.ofPlatform().daemon().name("basalt-vector-backfill-watch").unstarted(this::watch) : null;
    }

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

    /** Passes over the items of {@code indexName}'s table in the background, then marks the index ACTIVE. */
    public void start(String account, String tableName, String indexName) {
        if (closed) return;
        TableCatalog.Entry e = catalog.find(account, tableName);
        VectorIndexDefinition index = e == null ? null : e.definition().vectorIndex(indexName);
        if (index == null || index.active() || !running.add(index.indexId())) return;
        Thread t = Thread.ofVirtual().name("basalt-vector-backfill-" + tableName + "-" + indexName)
                .unstarted(() -> run(account, tableName, index.indexId()));
        threads.add(t);
        t.start();
    }

    /** Starts the backfill of every vector index of a table just created (CreateTable, ImportTable, a new replica). */
    public void startAll(TableCatalog.Entry created) {
        for (VectorIndexDefinition v : created.definition().vectorIndexes()) {
            if (!v.active()) start(created.account(), created.definition().name(), v.name());
        }
    }

    /** Starts the backfills a previous run left unfinished. */
    public void resumeAll() {
        for (TableCatalog.Entry e : catalog.all()) {
            for (VectorIndexDefinition v : e.definition().vectorIndexes()) {
                if (!v.active()) start(e.account(), e.definition().name(), v.name());
            }
        }
        if (watcher != null && watcher.getState() == Thread.State.NEW && Thread.currentThread() != watcher) watcher.start();
    }

    private void run(String account, String tableName, long indexId) {
        try {
            while (held && !closed) Thread.sleep(20);
            if (closed) return;
            TableCatalog.Entry e = catalog.find(account, tableName);
            VectorIndexDefinition index = e == null ? null : byId(e.definition(), indexId);
            if (index == null) return;
            long n = search.indexedItems(e.definition(), index);
            indexedItems.put(indexId, n);
            catalog.update(account, tableName, "gone", t -> activate(t, indexId));
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException failure) {
            // the table (or the index) went away meanwhile, or the engine closed: nothing left to fill
            if (!closed) LOG.debug("vector index backfill of {} stopped: {}", tableName, failure.toString());
        } finally {
            running.remove(indexId);
        }
    }

    private static TableDefinition activate(TableDefinition t, long indexId) {
        List<VectorIndexDefinition> next = new ArrayList<>();
        for (VectorIndexDefinition v : t.vectorIndexes()) {
            next.add(v.indexId() == indexId ? v.withStatus(IndexDefinition.ACTIVE, false) : v);
        }
        return t.toBuilder().vectorIndexes(next).build();
    }

    private static VectorIndexDefinition byId(TableDefinition t, long indexId) {
        for (VectorIndexDefinition v : t.vectorIndexes()) if (v.indexId() == indexId) return v;
        return null;
    }

    /** Items the last pass found in the index (null before one finished on this node). */
    public Long indexedItems(long indexId) {
        return indexedItems.get(indexId);
    }

    /** Tests: backfills wait (the index stays CREATING) while held. */
    public void hold(boolean hold) {
        held = hold;
    }

    /** Backfills under way (tests). */
    public int running() {
        return running.size();
    }

    @Override
    public void close() {
        closed = true;
        if (watcher != null) watcher.interrupt();
        for (Thread t : threads) {
            t.interrupt();
            try {
                t.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
