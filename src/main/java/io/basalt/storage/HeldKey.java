package io.basalt.storage;

/**
 * A key locked for a read-modify-write ({@link StorageEngine#lockForWrite}): while held, no other
 * commit changes the key, so a commit made with it needs no second read to check the version.
 * Close exactly once.
 */
public interface HeldKey extends AutoCloseable {
    /** For engines without write locks: commits check versions as usual. */
    HeldKey NONE = () -> {};

    @Override
    void close();
}
