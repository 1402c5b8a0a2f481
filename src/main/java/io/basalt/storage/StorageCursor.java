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

    /** Version of the current entry. */
    long version();

    @Override
    void close();
}
