package io.basalt.storage;

import io.basalt.BasaltConfig;
import io.basalt.storage.memory.MemoryStorage;

/** Opens the storage engine a configuration asks for. */
public final class StorageEngines {
    private StorageEngines() {}

    public static StorageEngine open(BasaltConfig config) {
        if (config.inMemory()) {
            return new MemoryStorage();
        }
        throw new IllegalStateException("on-disk storage is being merged; use in-memory");
    }
}
