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
 */
public final class GsiBackfill implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(GsiBackfill.class);
    private static final int BATCH = 64;

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final IndexMaintainer maintainer;
    private final String tableName;
    private final String indexName;

    public GsiBackfill(StorageEngine storage, TableCatalog catalog, IndexMaintainer maintainer, String tableName, String indexName) {
        this.storage = storage;
        this.catalog = catalog;
        this.maintainer = maintainer;
        this.tableName = tableName;
        this.indexName = indexName;
    }

    /** Starts the backfill on a virtual thread. */
    public void start() {
        Thread.ofVirtual().name("basalt-backfill-" + tableName + "-" + indexName).start(this);
    }

    @Override
    public void run() {
        try {
            TableCatalog.Entry entry = catalog.find(tableName);
            if (entry == null) return;
            TableDefinition t = entry.definition();
            IndexDefinition index = t.index(indexName);
            if (index == null) return;
            byte[] from = KeyCodec.tablePrefix(t.id());
            byte[] end = KeyCodec.tableEnd(t.id());
            while (true) {
                List<byte[]> keys = new ArrayList<>(BATCH);
                try (StorageCursor c = storage.scan(Space.ITEMS, from, end, false)) {
                    while (keys.size() < BATCH && c.next()) keys.add(c.key());
                }
                if (keys.isEmpty()) break;
                for (byte[] key : keys) backfillOne(t, index, key);
                if (catalog.find(tableName) == null || catalog.find(tableName).definition().index(indexName) == null) return;
                from = KeyCodec.successor(keys.get(keys.size() - 1));
            }
            recount(index);
            catalog.update(tableName, "Requested resource not found", def -> {
                List<IndexDefinition> gsis = new ArrayList<>();
                for (IndexDefinition i : def.globalIndexes()) {
                    gsis.add(i.name().equals(indexName) ? i.withStatus(IndexDefinition.ACTIVE) : i);
                }
                return def.toBuilder().globalIndexes(gsis).build();
            });
        } catch (RuntimeException e) {
            LOG.error("Backfill of index {} on table {} failed", indexName, tableName, e);
        }
    }

    private void backfillOne(TableDefinition t, IndexDefinition index, byte[] itemKey) {
        while (true) {
            Versioned v = storage.get(Space.ITEMS, itemKey);
            if (v == null) return; // deleted meanwhile: its writer left no entry
            Map<String, AttributeValue> item = ItemCodec.decode(v.bytes(), v.offset());
            if (!IndexEntries.indexed(index, item)) return;
            WriteBatch batch = new WriteBatch()
                    .add(Mutation.check(Space.ITEMS, itemKey, v.version()))
                    .put(Space.INDEXES, IndexEntries.entryKey(t, index, item),
                            ItemCodec.encode(IndexEntries.project(t, index, item)), Mutation.EXPECT_ANY);
            try {
                storage.commit(batch);
                return;
            } catch (VersionConflictException changed) {
                // the item changed after we read it; its writer maintained the index; read it again
            }
        }
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
