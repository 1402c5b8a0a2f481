package io.basalt.engine.ttl;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.stream.StreamRecorder;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes expired items of TTL-enabled tables, like the service's background process: items whose
 * TTL attribute is a Number of epoch seconds in the past, but not more than five years in the past.
 * Each pass reads the expiry index (no table scans) and does bounded work, so foreground latency
 * stays flat. Deletions go through the normal write path: indexes are maintained and the stream gets
 * REMOVE records marked as done by the service. Reads may return expired items not yet deleted.
 *
 * <p>Time: "expired" and "due" are judged by the instance's {@link Clock}, while the background
 * thread paces itself in real time (a pass every {@code intervalMillis}). So with a
 * {@link io.basalt.engine.ManualClock} an item expires, a stream record leaves retention or a
 * shard rolls over only when the test advances the clock, and the test need not wait for the
 * thread: {@link #sweepNow()} runs a whole pass (the same one the thread runs) on the caller's
 * thread. Passes never overlap.
 */
public final class TtlSweeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TtlSweeper.class);
    static final long FIVE_YEARS_SECONDS = 5L * 365 * 24 * 3600;
    static final int MAX_DELETES_PER_PASS = 1000;

    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final ItemStore items;
    private final long intervalMillis;
    /** Per table id: the TTL attribute its existing items were indexed for. */
    private final Map<Long, String> indexedTables = new ConcurrentHashMap<>();
    private final Thread thread;
    private final StreamRecorder streams;
    private final Clock clock;
    private final Object passLock = new Object(); // a test's sweepNow() and the thread's pass never overlap
    /** Which node of a shared store sweeps which table. */
    private final io.basalt.engine.NodeLease lease;
    private volatile boolean stopped;

    public TtlSweeper(StorageEngine storage, TableCatalog catalog, ItemStore items, StreamRecorder streams, long intervalMillis,
                      Clock clock) {
        this.clock = clock;
        this.streams = streams;
        this.storage = storage;
        this.catalog = catalog;
        this.items = items;
        this.intervalMillis = intervalMillis;
        this.lease = new io.basalt.engine.NodeLease(storage, clock, "ttl-lease/", Math.max(3 * intervalMillis, 30_000));
        this.thread = Thread.ofPlatform().daemon().name("basalt-ttl").unstarted(this::loop);
    }

    public void start() {
        thread.start();
    }

    private void loop() {
        while (!stopped) {
            try {
                Thread.sleep(intervalMillis);
                sweepOnce();
                trimStreams();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!stopped) LOG.warn("TTL sweep failed: {}", e.toString());
            }
        }
    }

    /** What one pass did. */
    public record Pass(int expiredItems, int trimmedStreamRecords) {}

    /**
     * Runs one whole pass now, on the caller's thread, at the clock's current time: deletes expired
     * items, trims stream records past retention and rolls shards over when due. Tests advance a
     * {@link io.basalt.engine.ManualClock} and call this instead of waiting for the thread.
     */
    public Pass sweepNow() {
        synchronized (passLock) {
            return new Pass(sweepOnce(), trimStreams());
        }
    }

    /**
     * Drops stream records past their retention, for every table with a stream, and rolls stream
     * shards over when due.
     */
    public int trimStreams() {
        synchronized (passLock) {
            return trimAndRollOver();
        }
    }

    private int trimAndRollOver() {
        int removed = 0;
        for (TableCatalog.Entry e : catalog.all()) {
            removed += streams.trim(e.definition());
            streams.rollOverIfDue(e.definition());
        }
        return removed;
    }

    /** One pass over every TTL-enabled table; returns the number of items deleted. */
    public int sweepOnce() {
        synchronized (passLock) {
            return deleteExpired();
        }
    }

    private int deleteExpired() {
        int deleted = 0;
        long now = clock.millis() / 1000;
        for (TableCatalog.Entry e : catalog.all()) {
            if (e.definition().ttlAttribute() == null) continue;
            if (!lease.take(e.definition().id())) continue; // another node sweeps this table
            TableDefinition t = e.definition();
            if (!t.ttlAttribute().equals(indexedTables.put(t.id(), t.ttlAttribute()))) indexExisting(t);
            List<byte[]> due = new ArrayList<>();
            byte[] from = ExpiryIndex.bound(t.id(), now - FIVE_YEARS_SECONDS);
            byte[] to = ExpiryIndex.bound(t.id(), now + 1);
            try (StorageCursor c = storage.scan(Space.META, from, to, false)) {
                while (due.size() < MAX_DELETES_PER_PASS - deleted && c.next()) due.add(ExpiryIndex.itemKeyOf(c.key()));
            }
            for (byte[] itemKey : due) {
                if (expire(e, itemKey, now)) deleted++;
            }
        }
        return deleted;
    }

    private boolean expire(TableCatalog.Entry e, byte[] itemKey, long now) {
        TableDefinition t = e.definition();
        var decoded = KeyCodec.decodeItemKey(itemKey, t.keys().hashType(), t.keys().rangeType());
        Map<String, AttributeValue> key = t.keys().hasRange()
                ? Map.of(t.keys().hashName(), decoded.pk(), t.keys().rangeName(), decoded.sk())
                : Map.of(t.keys().hashName(), decoded.pk());
        boolean[] did = {false};
        StreamRecorder.BY_SERVICE.set(Boolean.TRUE);
        try {
            items.write(e.ref(), key, current -> {
                Long expiry = ExpiryIndex.expiry(t, current);
                did[0] = expiry != null && expiry <= now && expiry > now - FIVE_YEARS_SECONDS;
                return did[0] ? null : current;
            });
        } finally {
            StreamRecorder.BY_SERVICE.remove();
        }
        return did[0];
    }

    /** Items written before TTL was enabled get their expiry entries once (later writes maintain them). */
    private void indexExisting(TableDefinition t) {
        byte[] from = KeyCodec.tablePrefix(t.id());
        byte[] end = KeyCodec.tableEnd(t.id());
        try (StorageCursor c = storage.scan(Space.ITEMS, from, end, false)) {
            WriteBatch batch = new WriteBatch();
            while (c.next()) {
                Long expiry = ExpiryIndex.expiry(t, ItemCodec.decode(c.value()));
                if (expiry == null) continue;
                batch.put(Space.META, ExpiryIndex.entryKey(t.id(), expiry, c.key()), new byte[0], Mutation.EXPECT_ANY);
                if (batch.mutations().size() >= 500) {
                    commit(batch);
                    batch = new WriteBatch();
                }
            }
            if (!batch.isEmpty()) commit(batch);
        }
    }

    private void commit(WriteBatch batch) {
        try {
            storage.commit(batch);
        } catch (io.basalt.storage.VersionConflictException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Forgets what is kept in memory for a deleted table. */
    public void forgetTable(long tableId) {
        indexedTables.remove(tableId);
    }

    /** Tables tracked in memory (tests: they do not outlive their tables). */
    public int trackedEntries() {
        return indexedTables.size();
    }

    /** Stops the sweeper and waits for a pass under way to end (at most 10 s), so it never runs on a closed store. */
    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        if (thread.isAlive() && thread != Thread.currentThread()) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
