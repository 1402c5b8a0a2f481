package io.basalt.storage.rocksdb;

import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import io.basalt.storage.StorageCursor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/** A bounded forward or reverse walk over one column family; owns its native resources. */
final class RocksCursor implements StorageCursor {
    private final ReadOptions options;
    private final Slice lower;
    private final Slice upper;
    private final RocksIterator it;
    private final boolean reverse;
    private final boolean memoryOnly;
    /** On a network thread allowed to read table files: time spent walking, reported at close. */
    private final boolean timed;
    private long walking;
    private boolean started;
    private byte[] key;
    private byte[] stored;

    private final InlineDiskReads diskReads;

    private final CloseGuard guard;
    private boolean closed;

    /** Opened inside {@code guard} (the caller entered it); leaves it when closed. */
    RocksCursor(RocksDB db, ColumnFamilyHandle cf, byte[] from, byte[] to, boolean reverse, InlineDiskReads diskReads,
                CloseGuard guard) {
        this(db, cf, from, to, reverse, diskReads, guard, null);
    }

    /** @param snapshot the moment to read at, or null for the current state */
    RocksCursor(RocksDB db, ColumnFamilyHandle cf, byte[] from, byte[] to, boolean reverse, InlineDiskReads diskReads,
                CloseGuard guard, org.rocksdb.Snapshot snapshot) {
        this.guard = guard;
        this.reverse = reverse;
        this.diskReads = diskReads;
        options = new ReadOptions();
        boolean network = MemoryOnlyReads.active();
        timed = network && diskReads.allowed();
        memoryOnly = network && !timed;
        // on an event loop: blocks not in the cache end the walk with an Incomplete status (below)
        if (memoryOnly) options.setReadTier(ReadTier.BLOCK_CACHE_TIER);
        lower = from == null ? null : new Slice(from);
        upper = to == null ? null : new Slice(to);
        if (lower != null) options.setIterateLowerBound(lower);
        if (upper != null) options.setIterateUpperBound(upper);
        if (snapshot != null) options.setSnapshot(snapshot);
        it = db.newIterator(cf, options);
    }

    @Override
    public boolean next() {
        if (!timed) return step();
        long start = System.nanoTime();
        try {
            return step();
        } finally {
            walking += System.nanoTime() - start;
        }
    }

    private boolean step() {
        if (!started) {
            started = true;
            if (reverse) it.seekToLast();
            else it.seekToFirst();
        } else if (reverse) {
            it.prev();
        } else {
            it.next();
        }
        if (!it.isValid()) {
            if (memoryOnly) {
                try {
                    it.status();
                } catch (RocksDBException incomplete) {
                    throw ReadWouldBlock.INSTANCE;
                }
            }
            key = null;
            stored = null;
            return false;
        }
        key = null; // fetched on demand: page reads of whole items never look at keys
        stored = it.value();
        return true;
    }

    @Override
    public byte[] key() {
        if (key == null && stored != null) key = it.key();
        return key;
    }
    @Override public byte[] value() { return RocksStorage.valueOf(stored); }
    @Override public byte[] valueBytes() { return stored; }
    @Override public int valueOffset() { return RocksStorage.HEADER; }
    @Override public long version() { return RocksStorage.versionOf(stored); }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (timed && started) diskReads.took(walking);
            it.close();
            options.close();
            if (lower != null) lower.close();
            if (upper != null) upper.close();
        } finally {
            guard.leave();
        }
    }
}
