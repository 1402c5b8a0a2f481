package io.basalt.engine;

import io.basalt.storage.StorageEngine;

/**
 * DynamoDB semantics over a storage engine: the table catalog, item reads and writes, and (later)
 * indexes, streams, capacity and transactions. One per server; shared by all operations.
 */
public final class Engine implements AutoCloseable {
    private final StorageEngine storage;

    public Engine(StorageEngine storage) {
        this.storage = storage;
    }

    public StorageEngine storage() {
        return storage;
    }

    @Override
    public void close() {
        storage.close();
    }
}
