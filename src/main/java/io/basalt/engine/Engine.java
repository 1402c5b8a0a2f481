package io.basalt.engine;

import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.storage.StorageEngine;

/**
 * DynamoDB semantics over a storage engine: the table catalog and item reads and writes (later
 * indexes, streams, capacity and transactions). One per server; shared by all operations.
 */
public final class Engine implements AutoCloseable {
    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final ItemStore items;

    public Engine(StorageEngine storage) {
        this.storage = storage;
        this.catalog = new TableCatalog(storage);
        this.items = new ItemStore(storage);
    }

    public StorageEngine storage() {
        return storage;
    }

    public TableCatalog catalog() {
        return catalog;
    }

    public ItemStore items() {
        return items;
    }

    @Override
    public void close() {
        storage.close();
    }
}
