package io.basalt.storage;

/**
 * A read view of the whole store frozen at one moment: scans made through it see every commit
 * made before {@link StorageEngine#snapshot()} and none after (a backup is a picture of one
 * instant). Close it soon: engines keep what it sees alive (RocksDB keeps old versions of keys,
 * the memory engine holds commits back).
 */
public interface StorageSnapshot extends AutoCloseable {
    /** Entries with {@code from <= key < to} (null = unbounded), ascending, as they were at the snapshot. */
    StorageCursor scan(Space space, byte[] from, byte[] to);

    @Override
    void close();
}
