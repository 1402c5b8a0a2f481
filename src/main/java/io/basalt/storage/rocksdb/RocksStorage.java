package io.basalt.storage.rocksdb;

import io.basalt.storage.HeldKey;
import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.storage.Mutation;
import io.basalt.eventloop.ReadWouldBlock;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.Holder;
import org.rocksdb.LRUCache;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The default, durable engine: one RocksDB with a column family per {@link Space}. Values are
 * stored as [version: 8 bytes big-endian][value]. A commit checks versions under exact per-key
 * locks ({@link KeyLocks}) and is written durably by {@link GroupCommit}, which lets concurrent
 * committers share one synced WriteBatch. Reads take no locks.
 */
public final class RocksStorage implements StorageEngine {
    /** Bytes of the version stored before each value. */
    static final int HEADER = 8;
    private static final long VERSION_BLOCK = 1_000_000;
    private static final byte[] VERSION_KEY = "version-reservation".getBytes(StandardCharsets.UTF_8);

    static {
        RocksDB.loadLibrary();
    }

    private final RocksDB db;
    private final DBOptions dbOptions;
    private final ColumnFamilyOptions cfOptions;
    private final LRUCache cache;
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();
    private final ColumnFamilyHandle[] bySpace = new ColumnFamilyHandle[Space.values().length];
    private final WriteOptions syncWrite;
    private final ReadOptions memoryOnly = new ReadOptions().setReadTier(ReadTier.BLOCK_CACHE_TIER);
    private final KeyLocks locks = new KeyLocks();
    private final GroupCommit commits;
    private final VersionAllocator versions;
    private volatile boolean closed;
    private final CloseGuard guard = new CloseGuard();
    private final InlineDiskReads diskReads;

    /**
     * How the store is run.
     *
     * @param cacheBytes block cache size
     * @param groupCommit concurrent committers share one synced write (off: RocksDB groups them; for A/B)
     * @param inlineDiskReads network threads may read table files while those reads are fast
     */
    public record Settings(long cacheBytes, boolean groupCommit, boolean inlineDiskReads) {
        public static Settings withCache(long cacheBytes) {
            return new Settings(cacheBytes, true, true);
        }
    }

    private RocksStorage(Path dir, Settings settings) throws RocksDBException {
        long cacheBytes = settings.cacheBytes();
        diskReads = new InlineDiskReads(settings.inlineDiskReads());
        cache = new LRUCache(cacheBytes);
        // Point reads dominate: a hash index inside data blocks and whole-key bloom filters in SST
        // files and memtables (so a get skips memtables and files without the key); index and filter
        // blocks live in the bounded block cache, pinned for L0, kept with high priority.
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(new BloomFilter(10, false))
                .setCacheIndexAndFilterBlocks(true)
                .setCacheIndexAndFilterBlocksWithHighPriority(true)
                .setPinL0FilterAndIndexBlocksInCache(true)
                .setDataBlockIndexType(DataBlockIndexType.kDataBlockBinaryAndHash)
                .setDataBlockHashTableUtilRatio(0.75)
                // (Partitioned index and filters were tried: twice as fast when the index is larger
                // than the cache, 1M items with 8 MB, but ~20% more CPU per GetItem with 100k items
                // and 64 MB, back to back; not kept. docs/benchmarks.md, optimisation log.)
                .setBlockSize(8 * 1024);
        cfOptions = new ColumnFamilyOptions()
                .setTableFormatConfig(table)
                .setCompressionType(CompressionType.LZ4_COMPRESSION)
                .setWriteBufferSize(8L * 1024 * 1024)
                .setMaxWriteBufferNumber(3)
                .setMemtablePrefixBloomSizeRatio(0.05)
                .setMemtableWholeKeyFiltering(true);
        cfOptions.setTableFormatConfig(table);
        dbOptions = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setMaxBackgroundJobs(2)
                // writers waiting for their write group block instead of spinning: on a few cores
                // the spinning costs more CPU than it saves latency
                .setEnableWriteThreadAdaptiveYield(false)
                .setKeepLogFileNum(3)
                .setMaxTotalWalSize(64L * 1024 * 1024);
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cfOptions));
        for (Space s : Space.values()) {
            descriptors.add(new ColumnFamilyDescriptor(s.name().toLowerCase().getBytes(StandardCharsets.UTF_8), cfOptions));
        }
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new RocksDBException("cannot create " + dir + ": " + e.getMessage());
        }
        db = RocksDB.open(dbOptions, dir.toString(), descriptors, handles);
        for (Space s : Space.values()) bySpace[s.ordinal()] = handles.get(s.ordinal() + 1);
        syncWrite = new WriteOptions().setSync(true);
        commits = new GroupCommit(db, syncWrite, m -> cf(m.space()), settings.groupCommit());
        versions = new VersionAllocator();
    }

    /** Opens (creating if needed) the store in {@code dir}, with a block cache of {@code cacheBytes}. */
    public static RocksStorage open(Path dir, long cacheBytes) {
        return open(dir, Settings.withCache(cacheBytes));
    }

    /** Opens (creating if needed) the store in {@code dir}. */
    public static RocksStorage open(Path dir, Settings settings) {
        try {
            return new RocksStorage(dir, settings);
        } catch (RocksDBException e) {
            throw new IllegalStateException("Cannot open the RocksDB store in " + dir + ": " + e.getMessage(), e);
        }
    }

    private ColumnFamilyHandle cf(Space s) {
        return bySpace[s.ordinal()];
    }

    static long versionOf(byte[] stored) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (stored[i] & 0xFF);
        return v;
    }

    static byte[] valueOf(byte[] stored) {
        return Arrays.copyOfRange(stored, 8, stored.length);
    }

    private static byte[] withVersion(long version, byte[] value) {
        byte[] out = new byte[8 + value.length];
        for (int i = 7; i >= 0; i--) {
            out[i] = (byte) version;
            version >>>= 8;
        }
        System.arraycopy(value, 0, out, 8, value.length);
        return out;
    }

    /** This store's gate for network-thread file reads (tests). */
    InlineDiskReads diskReads() {
        return diskReads;
    }

    @Override
    public Versioned get(Space space, byte[] key) {
        guard.enter();
        try {
            return read(space, key);
        } finally {
            guard.leave();
        }
    }

    private Versioned read(Space space, byte[] key) {
        boolean timed = false;
        if (MemoryOnlyReads.active()) {
            if (!diskReads.allowed()) return getFromMemory(space, key);
            timed = true;
        }
        try {
            long start = timed ? System.nanoTime() : 0;
            byte[] stored = db.get(cf(space), key);
            if (timed) diskReads.took(System.nanoTime() - start);
            return stored == null ? null : new Versioned(stored, HEADER, versionOf(stored));
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB read failed: " + e.getMessage(), e);
        }
    }

    /**
     * A point read that never touches the disk: RocksDB answers from memtables and cached blocks
     * (bloom filters rule out absent keys), or says it cannot without I/O.
     */
    private Versioned getFromMemory(Space space, byte[] key) {
        Holder<byte[]> found = new Holder<>();
        if (!db.keyMayExist(cf(space), memoryOnly, key, found)) return null;
        byte[] stored = found.getValue();
        // "may exist" without the value (RocksJava may hand back an empty array then): needs the disk
        if (stored == null || stored.length < HEADER) throw ReadWouldBlock.INSTANCE;
        return new Versioned(stored, HEADER, versionOf(stored));
    }

    @Override
    public StorageCursor scan(Space space, byte[] from, byte[] to, boolean reverse) {
        guard.enter(); // left when the cursor is closed
        try {
            return new RocksCursor(db, cf(space), from, to, reverse, diskReads, guard);
        } catch (RuntimeException | Error e) {
            guard.leave();
            throw e;
        }
    }

    /** A RocksDB snapshot: its sequence number pins the versions of keys it sees until closed. */
    @Override
    public io.basalt.storage.StorageSnapshot snapshot() {
        guard.enter(); // left when the snapshot is closed
        org.rocksdb.Snapshot snap;
        try {
            snap = db.getSnapshot();
        } catch (RuntimeException | Error e) {
            guard.leave();
            throw e;
        }
        return new io.basalt.storage.StorageSnapshot() {
            private boolean closed;

            @Override
            public StorageCursor scan(Space space, byte[] from, byte[] to) {
                guard.enter();
                try {
                    return new RocksCursor(db, cf(space), from, to, false, diskReads, guard, snap);
                } catch (RuntimeException | Error e) {
                    guard.leave();
                    throw e;
                }
            }

            @Override
            public void close() {
                if (closed) return;
                closed = true;
                try {
                    db.releaseSnapshot(snap);
                } finally {
                    guard.leave();
                }
            }
        };
    }

    /**
     * A consistent copy of the store in {@code target} (which must not exist) while it is open: a
     * RocksDB checkpoint, whose table files are hard links when {@code target} is on the same file
     * system (they cost no space until compaction replaces the originals).
     */
    public void checkpoint(Path target) {
        guard.enter();
        try (org.rocksdb.Checkpoint cp = org.rocksdb.Checkpoint.create(db)) {
            cp.createCheckpoint(target.toString());
        } catch (RocksDBException e) {
            throw new IllegalStateException("Checkpoint into " + target + " failed: " + e.getMessage(), e);
        } finally {
            guard.leave();
        }
    }

    @Override
    public HeldKey lockForWrite(Space space, byte[] key) {
        return locks.lockOne(space, key);
    }

    @Override
    public long commit(WriteBatch batch) throws VersionConflictException {
        return commit(batch, null);
    }

    @Override
    public long commit(WriteBatch batch, HeldKey heldKey) throws VersionConflictException {
        guard.enter();
        try {
            return write(batch, heldKey);
        } finally {
            guard.leave();
        }
    }

    private long write(WriteBatch batch, HeldKey heldKey) throws VersionConflictException {
        List<Mutation> ms = batch.mutations();
        KeyLocks.Held already = heldKey instanceof KeyLocks.Held h ? h : null;
        KeyLocks.Held held = locks.lock(ms, already);
        try {
            for (int i = 0; i < ms.size(); i++) {
                Mutation m = ms.get(i);
                if (m.expectedVersion() == Mutation.EXPECT_ANY) continue;
                if (already != null && already.holds(m)) continue; // read under the lock: still current
                byte[] stored = db.get(cf(m.space()), m.key());
                long have = stored == null ? Mutation.EXPECT_ABSENT : versionOf(stored);
                if (have != m.expectedVersion()) throw new VersionConflictException(i);
            }
            long version = versions.next();
            byte[][] values = new byte[ms.size()][];
            long bytes = 0;
            for (int i = 0; i < ms.size(); i++) {
                Mutation m = ms.get(i);
                if (m.isCheck() || m.isDelete()) continue;
                values[i] = withVersion(version, m.value());
                bytes += m.key().length + values[i].length;
            }
            commits.write(new GroupCommit.Entry(ms, values, bytes));
            return version;
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB write failed: " + e.getMessage(), e);
        } finally {
            locks.unlock(held);
        }
    }

    @Override
    public void deleteRange(Space space, byte[] from, byte[] to) {
        guard.enter();
        try {
            db.deleteRange(cf(space), syncWrite, from, to);
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB delete failed: " + e.getMessage(), e);
        } finally {
            guard.leave();
        }
    }

    @Override public boolean durable() { return true; }
    @Override public String name() { return "rocksdb"; }

    /**
     * Closes the store once no call is inside it (at most 10 s): calls after this get "The store is
     * closed" (an IllegalStateException), never a crash in native code. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        boolean done = guard.closeWhenIdle(10_000, () -> {
            try {
                db.syncWal();
            } catch (RocksDBException ignored) {
                // closing anyway; every acknowledged write was already synced
            }
            for (ColumnFamilyHandle h : handles) h.close();
            db.close();
            syncWrite.close();
            memoryOnly.close();
            dbOptions.close();
            cfOptions.close();
            cache.close();
        });
        if (!done) {
            org.slf4j.LoggerFactory.getLogger(RocksStorage.class).error(
                    "RocksDB store left open: calls or cursors were still inside it 10 s after close (a leaked cursor?)");
        }
    }

    /**
     * Hands out versions from blocks reserved durably in META, so versions never repeat across
     * restarts while the hot path is a counter increment.
     */
    private final class VersionAllocator {
        private long next;
        private long limit;

        VersionAllocator() throws RocksDBException {
            byte[] stored = db.get(cf(Space.META), VERSION_KEY);
            long reserved = stored == null ? 0 : versionOf(stored);
            next = reserved;
            limit = reserved;
        }

        synchronized long next() throws RocksDBException {
            if (next >= limit) {
                limit = next + VERSION_BLOCK;
                byte[] b = new byte[8];
                long l = limit;
                for (int i = 7; i >= 0; i--) {
                    b[i] = (byte) l;
                    l >>>= 8;
                }
                db.put(cf(Space.META), syncWrite, VERSION_KEY, b);
            }
            return ++next;
        }
    }
}
