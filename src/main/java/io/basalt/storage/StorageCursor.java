package io.basalt.storage;

/**
 * An ordered walk over a key range. Not thread-safe; close it when done (RocksDB iterators hold
 * native resources).
 */
public interface StorageCursor extends AutoCloseable {
    /** Advances to the next entry; false when the range is exhausted. */
    boolean next();

    /** Key of the current entry (valid after next() returned true). */
    byte[] key();

    /** Value of the current entry. */
    byte[] value();

    /** The array holding the current value from {@link #valueOffset()} on (may hold a header before it). */
    default byte[] valueBytes() {
        return value();
    }

    /** Where the current value starts in {@link #valueBytes()}. */
    default int valueOffset() {
        return 0;
    }

    /** Version of the current entry. */
    long version();

    @Override
    void close();
}
