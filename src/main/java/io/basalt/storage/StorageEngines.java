package io.basalt.storage;

import io.basalt.BasaltConfig;
import io.basalt.storage.memory.MemoryStorage;
import io.basalt.storage.rocksdb.RocksStorage;

/** Opens the storage engine a configuration asks for. */
public final class StorageEngines {
    private StorageEngines() {}

    public static StorageEngine open(BasaltConfig config) {
        if (config.inMemory()) {
            return new MemoryStorage();
        }
        return RocksStorage.open(config.dataDir(), config.cacheMb() * 1024L * 1024L);
    }
}
