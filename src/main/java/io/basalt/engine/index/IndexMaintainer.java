package io.basalt.engine.index;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ChangeContributor;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps secondary indexes in step with the base table: every item change adds the index entry
 * deletes and puts to the same atomic batch, so an index never disagrees with its table, also
 * across crashes. Indexes being backfilled are maintained too, so writes during a backfill are
 * never missed.
 */
public final class IndexMaintainer implements ChangeContributor {
    private final TableCatalog catalog;
    /** Per index id: [item count, size bytes]. */
    private final Map<Long, AtomicLong[]> counters = new ConcurrentHashMap<>();
    /** Item collection sizes of tables with LSIs, by partition prefix; measured once, then kept up to date. */
    private final Map<java.nio.ByteBuffer, AtomicLong> collections = new ConcurrentHashMap<>();
    private final io.basalt.storage.StorageEngine storage;

    /** The service's item collection limit for tables with local secondary indexes (10 GB). */
    public static final long ITEM_COLLECTION_LIMIT = 10L * 1024 * 1024 * 1024;

    /** The limit in force (an instance setting: tests exercise it without writing 10 GB). */
    private long itemCollectionLimit = ITEM_COLLECTION_LIMIT;

    long itemCollectionLimit() {
        return itemCollectionLimit;
    }

    /** Sets the item collection limit (from the instance's settings). */
    public IndexMaintainer itemCollectionLimit(long bytes) {
        this.itemCollectionLimit = bytes;
        return this;
    }

    public IndexMaintainer(TableCatalog catalog, io.basalt.storage.StorageEngine storage) {
        this.catalog = catalog;
        this.storage = storage;
    }

    /** Bytes an item occupies in its item collection: the item plus its LSI entries. */
    private static long collectionBytes(TableDefinition t, Map<String, AttributeValue> item) {
        if (item == null) return 0;
        long bytes = ItemSize.of(item);
        for (IndexDefinition i : t.localIndexes()) bytes += IndexEntries.entrySize(t, i, item);
        return bytes;
    }

    private AtomicLong collection(TableDefinition t, Map<String, AttributeValue> item) {
        AttributeValue pk = item.get(t.keys().hashName());
        java.nio.ByteBuffer key = java.nio.ByteBuffer.wrap(io.basalt.model.KeyCodec.partitionPrefix(t.id(), pk));
        AtomicLong known = collections.get(key);
        if (known != null) return known;
        // measured outside the map's lock (a scan of the partition); the first measure to land is kept
        AtomicLong measured = new AtomicLong(ItemCollections.sizeBytes(storage, t, pk));
        AtomicLong raced = collections.putIfAbsent(key, measured);
        return raced != null ? raced : measured;
    }

    private TableDefinition definition(TableRef table) {
        TableCatalog.Entry e = catalog.byId(table.tableId());
        return e == null ? null : e.definition();
    }

    private static List<IndexDefinition> indexes(TableDefinition t) {
        if (t.localIndexes().isEmpty()) return t.globalIndexes();
        if (t.globalIndexes().isEmpty()) return t.localIndexes();
        List<IndexDefinition> all = new ArrayList<>(t.localIndexes());
        all.addAll(t.globalIndexes());
        return all;
    }

    @Override
    public void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, WriteBatch batch) {
        TableDefinition t = definition(table);
        if (t == null) return;
        if (newItem != null) IndexEntries.validate(t, newItem);
        if (newItem != null && !t.localIndexes().isEmpty()) {
            long delta = collectionBytes(t, newItem) - collectionBytes(t, oldItem);
            if (delta > 0 && collection(t, newItem).get() + delta > itemCollectionLimit()) {
                throw new io.basalt.error.DynamoException(io.basalt.error.ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED,
                        "Item collection size limit exceeded");
            }
        }
        for (IndexDefinition index : indexes(t)) {
            boolean was = IndexEntries.indexed(index, oldItem), is = IndexEntries.indexed(index, newItem);
            if (!was && !is) continue;
            byte[] oldKey = was ? IndexEntries.entryKey(t, index, oldItem) : null;
            if (is) {
                Map<String, AttributeValue> projected = IndexEntries.project(t, index, newItem);
                byte[] newKey = IndexEntries.entryKey(t, index, newItem);
                if (was && !Arrays.equals(oldKey, newKey)) {
                    batch.delete(Space.INDEXES, oldKey, Mutation.EXPECT_ANY);
                }
                if (was && Arrays.equals(oldKey, newKey) && io.basalt.model.Values.equalMaps(projected, IndexEntries.project(t, index, oldItem))) {
                    continue; // nothing the index holds changed
                }
                batch.put(Space.INDEXES, newKey, ItemCodec.encode(projected), Mutation.EXPECT_ANY);
            } else {
                batch.delete(Space.INDEXES, oldKey, Mutation.EXPECT_ANY);
            }
        }
    }

    @Override
    public void committed(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        TableDefinition t = definition(table);
        if (t == null) return;
        if (!t.localIndexes().isEmpty()) {
            // only collections already measured are adjusted: a first measurement after the commit already includes it
            Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
            AtomicLong size = collections.get(java.nio.ByteBuffer.wrap(
                    io.basalt.model.KeyCodec.partitionPrefix(t.id(), any.get(t.keys().hashName()))));
            if (size != null) size.addAndGet(collectionBytes(t, newItem) - collectionBytes(t, oldItem));
        }
        for (IndexDefinition index : indexes(t)) {
            long before = IndexEntries.entrySize(t, index, oldItem), after = IndexEntries.entrySize(t, index, newItem);
            boolean was = IndexEntries.indexed(index, oldItem), is = IndexEntries.indexed(index, newItem);
            if (!was && !is) continue;
            AtomicLong[] c = counters(index.indexId());
            if (was != is) c[0].addAndGet(is ? 1 : -1);
            c[1].addAndGet(after - before);
        }
    }

    public AtomicLong[] counters(long indexId) {
        return counters.computeIfAbsent(indexId, id -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
    }

    /** Forgets the counters and item collection sizes of a deleted table. */
    public void forget(TableDefinition t) {
        for (var i : t.localIndexes()) counters.remove(i.indexId());
        for (var i : t.globalIndexes()) counters.remove(i.indexId());
        java.nio.ByteBuffer prefix = java.nio.ByteBuffer.wrap(io.basalt.model.KeyCodec.tablePrefix(t.id()));
        collections.keySet().removeIf(k -> k.remaining() >= prefix.remaining()
                && k.slice(k.position(), prefix.remaining()).equals(prefix));
    }

    /** Per-table entries held (tests: they must not grow with deleted tables). */
    public int heldEntries() {
        return counters.size() + collections.size();
    }

    /** Item count of an index. */
    public long itemCount(long indexId) {
        return counters(indexId)[0].get();
    }

    /** Size in bytes of an index's entries. */
    public long sizeBytes(long indexId) {
        return counters(indexId)[1].get();
    }

    /** Adds an existing entry to the counters (start-up recount and backfill). */
    public void count(long indexId, Map<String, AttributeValue> projected) {
        AtomicLong[] c = counters(indexId);
        c[0].incrementAndGet();
        c[1].addAndGet(ItemSize.of(projected));
    }
}
