package io.basalt.storage.memory;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * In-memory engine: one sorted concurrent map per space. Commits are serialized by a single lock,
 * which is simple and correct; reads never take it. Used by tests and {@code --in-memory}.
 */
public final class MemoryStorage implements StorageEngine {
    private final ConcurrentSkipListMap<byte[], Versioned>[] spaces;
    private final AtomicLong versions = new AtomicLong();
    /**
     * Commits apply under the write lock and point reads take the read lock, so a read never sees
     * half of a batch (the SPI's "reads see only whole batches"). Scans iterate without it: like
     * the service's Query and Scan, they are read-committed per item.
     */
    private final java.util.concurrent.locks.ReentrantReadWriteLock lock = new java.util.concurrent.locks.ReentrantReadWriteLock();

    @SuppressWarnings("unchecked")
    private volatile boolean closed;

    /** The same contract as the RocksDB engine: a call after close is refused, clearly. */
    private void open() {
        if (closed) throw new IllegalStateException("The store is closed");
    }

    public MemoryStorage() {
        spaces = new ConcurrentSkipListMap[Space.values().length];
        for (int i = 0; i < spaces.length; i++) {
            spaces[i] = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
        }
    }

    private ConcurrentSkipListMap<byte[], Versioned> map(Space s) {
        return spaces[s.ordinal()];
    }

    @Override
    public Versioned get(Space space, byte[] key) {
        open();
        lock.readLock().lock();
        try {
            return map(space).get(key);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public StorageCursor scan(Space space, byte[] from, byte[] to, boolean reverse) {
        open();
        NavigableMap<byte[], Versioned> m = map(space);
        if (from != null && to != null) {
            m = m.subMap(from, true, to, false);
        } else if (from != null) {
            m = m.tailMap(from, true);
        } else if (to != null) {
            m = m.headMap(to, false);
        }
        if (reverse) {
            m = m.descendingMap();
        }
        Iterator<Map.Entry<byte[], Versioned>> it = m.entrySet().iterator();
        return new StorageCursor() {
            private Map.Entry<byte[], Versioned> current;

            @Override
            public boolean next() {
                if (!it.hasNext()) {
                    current = null;
                    return false;
                }
                current = it.next();
                return true;
            }

            @Override public byte[] key() { return current.getKey(); }
            @Override public byte[] value() { return current.getValue().value(); }
            @Override public long version() { return current.getValue().version(); }
            @Override public void close() {}
        };
    }

    @Override
    public long commit(WriteBatch batch) throws VersionConflictException {
        open();
        List<Mutation> ms = batch.mutations();
        lock.writeLock().lock();
        try {
            for (int i = 0; i < ms.size(); i++) {
                Mutation m = ms.get(i);
                if (m.expectedVersion() == Mutation.EXPECT_ANY) continue;
                Versioned cur = map(m.space()).get(m.key());
                long have = cur == null ? Mutation.EXPECT_ABSENT : cur.version();
                if (have != m.expectedVersion()) {
                    throw new VersionConflictException(i);
                }
            }
            long version = versions.incrementAndGet();
            for (Mutation m : ms) {
                if (m.isCheck()) continue;
                if (m.isDelete()) {
                    map(m.space()).remove(m.key());
                } else {
                    map(m.space()).put(m.key(), new Versioned(m.value(), version));
                }
            }
            return version;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Holds commits back (the read lock, which commits need exclusively) until the snapshot is
     * closed: scans through it see one moment. Close it on the thread that took it.
     */
    @Override
    public io.basalt.storage.StorageSnapshot snapshot() {
        open();
        lock.readLock().lock();
        return new io.basalt.storage.StorageSnapshot() {
            private boolean closed;

            @Override
            public StorageCursor scan(Space space, byte[] from, byte[] to) {
                return MemoryStorage.this.scan(space, from, to, false);
            }

            @Override
            public void close() {
                if (closed) return;
                closed = true;
                lock.readLock().unlock();
            }
        };
    }

    @Override
    public void deleteRange(Space space, byte[] from, byte[] to) {
        open();
        lock.writeLock().lock();
        try {
            map(space).subMap(from, true, to, false).clear();
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override public boolean durable() { return false; }
    @Override public String name() { return "memory"; }
    @Override public void close() {
        closed = true;
    }
}
