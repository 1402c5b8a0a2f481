package io.basalt.engine.index;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a global secondary index added by UpdateTable from the items already in the table, while
 * writes continue. Writers maintain the index from the moment it exists (status CREATING), so the
 * backfill only has to add entries for items it reads; each entry is committed together with a
 * version check of its item, so an item changed meanwhile is simply read again — a stale entry
 * can never be written. When done, the index becomes ACTIVE.
 *
 * <p>Resumable: each entry's batch also records the item key it covers as the backfill's progress
 * (in META), so after a crash the restarted engine ({@link Backfills#resumeAll}) continues after
 * the last item done instead of starting over. A pass that fails is retried (see {@link Backfills});
 * a stop request ends it between items.
 */
public final class GsiBackfill implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(GsiBackfill.class);
    private static final int BATCH = 64;
    private static final byte[] PROGRESS_PREFIX = "backfill/".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final IndexMaintainer maintainer;
    private final String account;
    private final String tableName;
    private final String indexName;
    private final long indexId;
    private final java.util.concurrent.atomic.AtomicLong written;
    private volatile boolean stopping;

    /** {@code written} counts the index entries written (shared by a node's backfills). */
    public GsiBackfill(StorageEngine storage, TableCatalog catalog, IndexMaintainer maintainer, String account, String tableName,
                      String indexName, long indexId, java.util.concurrent.atomic.AtomicLong written) {
        this.indexId = indexId;
        this.written = written;
        this.storage = storage;
        this.catalog = catalog;
        this.maintainer = maintainer;
        this.account = account;
        this.tableName = tableName;
        this.indexName = indexName;
    }

    public String tableName() {
        return tableName;
    }

    public String indexName() {
        return indexName;
    }

    public long indexId() {
        return indexId;
    }

    /** Whether the index still exists and is still CREATING (a backfill is wanted). */
    public boolean wanted() {
        TableCatalog.Entry e = catalog.find(account, tableName);
        IndexDefinition i = e == null ? null : e.definition().index(indexName);
        return i != null && i.indexId() == indexId && !i.active();
    }

    /** Asks the backfill to stop after the item it is on (the engine is closing). */
    public void stop() {
        stopping = true;
    }

    /** The META key holding the progress of the backfill of {@code indexId}. */
    static byte[] progressKey(long indexId) {
        return KeyCodec.concat(PROGRESS_PREFIX, KeyCodec.tablePrefix(indexId));
    }

    /**
     * One pass: from the recorded progress (or the table's start) to the end, then ACTIVE.
     * Returns normally when done, stopped or no longer wanted; throws when a step failed.
     */
    @Override
    public void run() {
        run(() -> true);
    }

    /**
     * {@link #run()}, asking {@code keepGoing} after every batch: false ends the pass where it is (the
     * progress is recorded; another node took the index over, or this one is stopping).
     */
    public void run(java.util.function.BooleanSupplier keepGoing) {
        TableCatalog.Entry entry = catalog.find(account, tableName);
        if (entry == null) return;
        TableDefinition t = entry.definition();
        IndexDefinition index = t.index(indexName);
        if (index == null || index.active() || index.indexId() != indexId) return;
        byte[] end = KeyCodec.tableEnd(t.id());
        Versioned done = storage.get(Space.META, progressKey(index.indexId()));
        byte[] from = done == null ? KeyCodec.tablePrefix(t.id()) : KeyCodec.successor(done.value());
        LOG.info(done == null ? "Backfill of index {} on table {} starts" : "Backfill of index {} on table {} continues after its recorded progress",
                indexName, tableName);
        while (true) {
            if (stopping) return;
            List<byte[]> keys = new ArrayList<>(BATCH);
            try (StorageCursor c = storage.scan(Space.ITEMS, from, end, false)) {
                while (keys.size() < BATCH && c.next()) keys.add(c.key());
            }
            if (keys.isEmpty()) break;
            if (!backfillBatch(t, index, keys)) {
                // an item changed while the batch was read: one at a time, each read again until it holds
                for (byte[] key : keys) {
                    if (stopping) return;
                    backfillOne(t, index, key);
                }
            }
            if (catalog.find(account, tableName) == null || catalog.find(account, tableName).definition().index(indexName) == null) return;
            if (!keepGoing.getAsBoolean()) return;
            from = KeyCodec.successor(keys.get(keys.size() - 1));
        }
        recount(index);
        catalog.update(account, tableName, "Requested resource not found", def -> {
            List<IndexDefinition> gsis = new ArrayList<>();
            for (IndexDefinition i : def.globalIndexes()) {
                gsis.add(i.name().equals(indexName) ? i.withStatus(IndexDefinition.ACTIVE) : i);
            }
            return def.toBuilder().globalIndexes(gsis).build();
        });
        storage.deleteRange(Space.META, progressKey(index.indexId()), KeyCodec.successor(progressKey(index.indexId())));
        LOG.info("Index {} of table {} is ACTIVE", indexName, tableName);
    }

    /**
     * The entries of a batch of items in one commit (one synced write instead of one per item),
     * each checked against the version read, with the progress at the batch's last key. False when
     * an item changed meanwhile: nothing was written.
     */
    private boolean backfillBatch(TableDefinition t, IndexDefinition index, List<byte[]> keys) {
        WriteBatch batch = new WriteBatch();
        for (byte[] key : keys) {
            Versioned v = storage.get(Space.ITEMS, key);
            if (v == null) continue; // deleted meanwhile: its writer left no entry
            Map<String, AttributeValue> item = ItemCodec.decode(v.bytes(), v.offset());
            if (!IndexEntries.fits(index, item)) continue;
            batch.add(Mutation.check(Space.ITEMS, key, v.version()))
                    .put(Space.INDEXES, IndexEntries.entryKey(t, index, item),
                            ItemCodec.encode(IndexEntries.project(t, index, item)), Mutation.EXPECT_ANY);
        }
        batch.put(Space.META, progressKey(index.indexId()), keys.get(keys.size() - 1), Mutation.EXPECT_ANY);
        try {
            storage.commit(batch);
            written.addAndGet(batch.mutations().size() / 2);
            return true;
        } catch (VersionConflictException changed) {
            return false;
        }
    }

    private void backfillOne(TableDefinition t, IndexDefinition index, byte[] itemKey) {
        while (true) {
            Versioned v = storage.get(Space.ITEMS, itemKey);
            WriteBatch batch = new WriteBatch()
                    .put(Space.META, progressKey(index.indexId()), itemKey, Mutation.EXPECT_ANY);
            Map<String, AttributeValue> item = v == null ? null : ItemCodec.decode(v.bytes(), v.offset());
            if (item != null && IndexEntries.fits(index, item)) {
                batch.add(Mutation.check(Space.ITEMS, itemKey, v.version()))
                        .put(Space.INDEXES, IndexEntries.entryKey(t, index, item),
                                ItemCodec.encode(IndexEntries.project(t, index, item)), Mutation.EXPECT_ANY);
            } else if (!progressDue(itemKey)) {
                return; // deleted meanwhile (its writer left no entry) or not indexed: nothing to write now
            }
            try {
                storage.commit(batch);
                if (batch.mutations().size() > 1) written.incrementAndGet();
                return;
            } catch (VersionConflictException changed) {
                // the item changed after we read it; its writer maintained the index; read it again
            }
        }
    }

    private int skipped;

    /** Items without an entry record progress only now and then: a table of unindexed items still resumes near where it stopped. */
    private boolean progressDue(byte[] itemKey) {
        return ++skipped % BATCH == 0;
    }

    private void recount(IndexDefinition index) {
        var c = maintainer.counters(index.indexId());
        c[0].set(0);
        c[1].set(0);
        try (StorageCursor cur = storage.scan(Space.INDEXES, KeyCodec.tablePrefix(index.indexId()), KeyCodec.tableEnd(index.indexId()), false)) {
            while (cur.next()) maintainer.count(index.indexId(), ItemCodec.decode(cur.value()));
        }
    }
}
