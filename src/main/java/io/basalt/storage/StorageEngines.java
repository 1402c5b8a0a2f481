package io.basalt.storage;

import io.basalt.BasaltConfig;
import io.basalt.storage.memory.MemoryStorage;
import io.basalt.storage.rocksdb.RocksStorage;

/** Opens the storage engine a configuration asks for. */
public final class StorageEngines {
    /** Default RocksDB block cache: small enough for a laptop, configurable with --cache-mb. */
    public static final long DEFAULT_CACHE_BYTES = 64L * 1024 * 1024;

    private StorageEngines() {}

    public static StorageEngine open(BasaltConfig config) {
        if (config.inMemory()) {
            return new MemoryStorage();
        }
        return RocksStorage.open(config.dataDir(), config.cacheMb() * 1024L * 1024L);
    }
}
