package io.basalt.engine;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.index.IndexMaintainer;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Item counts and sizes of tables and their indexes as DescribeTable shows them. On a store of one
 * node they are the node's live counters. On a store shared by several nodes each node's counters
 * see only its own writes, so one node at a time (a {@link NodeLease} per table) recounts a table
 * and its indexes every {@link #refreshMillis()} and publishes the figures in the META space; every
 * node shows the last published figures plus the changes it made itself since it saw them
 * (eventually consistent, as the service, which refreshes them about every six hours).
 */
public final class TableCounts implements AutoCloseable {
    /** How often a shared table is recounted by default. */
    public static final long DEFAULT_REFRESH_MILLIS = 5 * 60_000;
    /** How long a node shows the figures it read before reading them again. */
    private static final long REREAD_MILLIS = 1000;
    private static final byte[] PREFIX = "counts/".getBytes(StandardCharsets.UTF_8);
    private static final Logger LOG = LoggerFactory.getLogger(TableCounts.class);

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final IndexMaintainer indexes;
    private final Clock clock;
    private final NodeLease lease;
    private final Thread thread;
    private volatile long refreshMillis = DEFAULT_REFRESH_MILLIS;
    private volatile boolean closed;
    /** By table id: the published figures this node saw last, with its own counters at that moment. */
    private final Map<Long, Seen> seen = new ConcurrentHashMap<>();

    /** Published figures (by table or index id: count, bytes) and the local counters when they were read. */
    private record Seen(long version, long readAt, Map<Long, long[]> published, Map<Long, long[]> localAt) { }

    public TableCounts(StorageEngine storage, TableCatalog catalog, IndexMaintainer indexes, Clock clock) {
        this.storage = storage;
        this.catalog = catalog;
        this.indexes = indexes;
        this.clock = clock;
        this.lease = new NodeLease(storage, clock, "count-lease/", 60_000);
        this.thread = storage.sharedByNodes() ? Thread.ofPlatform().daemon().name("basalt-counts").start(this::loop) : null;
    }

    public long refreshMillis() {
        return refreshMillis;
    }

    /** Changes how often shared tables are recounted (tests; operators of big tables). */
    public void refreshMillis(long millis) {
        refreshMillis = millis;
    }

    /** A table's item count and size in bytes. */
    public long[] table(TableCatalog.Entry e) {
        return shown(e, e.definition().id(), new long[] {e.ref().itemCount().get(), e.ref().sizeBytes().get()});
    }

    /** An index's item count and size in bytes. */
    public long[] index(TableCatalog.Entry e, long indexId) {
        return shown(e, indexId, new long[] {indexes.itemCount(indexId), indexes.sizeBytes(indexId)});
    }

    private long[] shown(TableCatalog.Entry e, long id, long[] local) {
        if (thread == null) return local;
        Seen s = seen(e);
        long[] published = s == null ? null : s.published().get(id);
        if (published == null) return local;
        long[] at = s.localAt().getOrDefault(id, new long[2]);
        return new long[] {Math.max(0, published[0] + local[0] - at[0]), Math.max(0, published[1] + local[1] - at[1])};
    }

    private Seen seen(TableCatalog.Entry e) {
        long tableId = e.definition().id();
        Seen s = seen.get(tableId);
        long now = clock.millis();
        if (s != null && now - s.readAt() < REREAD_MILLIS && now >= s.readAt()) return s;
        Versioned v;
        try {
            v = storage.get(Space.META, key(tableId));
        } catch (RuntimeException unavailable) {
            return s; // the figures held serve until the store answers
        }
        if (v == null) return null;
        if (s != null && s.version() == v.version()) {
            s = new Seen(s.version(), now, s.published(), s.localAt());
        } else {
            Map<Long, long[]> published = decode(v.value());
            Map<Long, long[]> localAt = new HashMap<>();
            localAt.put(tableId, new long[] {e.ref().itemCount().get(), e.ref().sizeBytes().get()});
            for (IndexDefinition i : all(e)) localAt.put(i.indexId(), new long[] {indexes.itemCount(i.indexId()), indexes.sizeBytes(i.indexId())});
            s = new Seen(v.version(), now, published, localAt);
        }
        seen.put(tableId, s);
        return s;
    }

    private static List<IndexDefinition> all(TableCatalog.Entry e) {
        List<IndexDefinition> all = new ArrayList<>(e.definition().localIndexes());
        all.addAll(e.definition().globalIndexes());
        return all;
    }

    private static byte[] key(long tableId) {
        return ByteBuffer.allocate(PREFIX.length + 8).put(PREFIX).putLong(tableId).array();
    }

    private void loop() {
        while (!closed) {
            try {
                Thread.sleep(Math.max(200, Math.min(REREAD_MILLIS, refreshMillis / 4)));
                for (TableCatalog.Entry e : catalog.all()) {
                    if (closed) return;
                    refreshIfDue(e);
                }
            } catch (InterruptedException stop) {
                return;
            } catch (RuntimeException e) {
                LOG.debug("counts not refreshed: {}", e.toString()); // the store is unavailable: next pass
            }
        }
    }

    /** Recounts a table and its indexes when its published figures are older than the refresh interval. */
    void refreshIfDue(TableCatalog.Entry e) {
        long tableId = e.definition().id();
        Versioned v = storage.get(Space.META, key(tableId));
        long now = clock.millis();
        if (v != null && now - ByteBuffer.wrap(v.value()).getLong() < refreshMillis) return;
        if (!lease.take(tableId)) return; // another node recounts this table
        Map<Long, long[]> counts = new HashMap<>();
        counts.put(tableId, count(Space.ITEMS, tableId));
        for (IndexDefinition i : all(e)) counts.put(i.indexId(), count(Space.INDEXES, i.indexId()));
        try {
            storage.commit(new WriteBatch().put(Space.META, key(tableId), encode(now, counts), Mutation.EXPECT_ANY));
        } catch (io.basalt.storage.VersionConflictException unexpected) {
            // no version is checked: cannot happen
        }
    }

    private long[] count(Space space, long id) {
        long count = 0, bytes = 0;
        try (StorageCursor c = storage.scan(space, KeyCodec.tablePrefix(id), KeyCodec.tableEnd(id), false)) {
            while (c.next()) {
                count++;
                bytes += ItemSize.of(ItemCodec.decode(c.valueBytes(), c.valueOffset()));
            }
        }
        return new long[] {count, bytes};
    }

    private static byte[] encode(long asOf, Map<Long, long[]> counts) {
        ByteBuffer b = ByteBuffer.allocate(12 + counts.size() * 24).putLong(asOf).putInt(counts.size());
        for (Map.Entry<Long, long[]> c : counts.entrySet()) b.putLong(c.getKey()).putLong(c.getValue()[0]).putLong(c.getValue()[1]);
        return b.array();
    }

    private static Map<Long, long[]> decode(byte[] value) {
        ByteBuffer b = ByteBuffer.wrap(value);
        b.getLong();
        int n = b.getInt();
        Map<Long, long[]> out = new HashMap<>();
        for (int i = 0; i < n; i++) out.put(b.getLong(), new long[] {b.getLong(), b.getLong()});
        return out;
    }

    /** Forgets a deleted table's figures held here. */
    public void forget(long tableId) {
        seen.remove(tableId);
    }

    @Override
    public void close() {
        closed = true;
        if (thread == null) return;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
