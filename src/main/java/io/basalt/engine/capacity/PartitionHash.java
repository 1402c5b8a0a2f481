package io.basalt.engine.capacity;

import io.basalt.model.AttributeValue;
import io.basalt.model.KeyCodec;
import java.util.List;

/** The partition hash of a key, the same the storage layout orders items by (so partitions are key ranges of Scan order). */
public final class PartitionHash {
    private PartitionHash() {}

    public static long of(AttributeValue partitionKey) {
        return KeyCodec.hash(KeyCodec.encode(partitionKey));
    }

    /** Hash of a (possibly multi-attribute) GSI partition key. */
    public static long of(List<AttributeValue> partitionValues) {
        if (partitionValues.size() == 1) return of(partitionValues.get(0));
        byte[] all = new byte[0];
        for (AttributeValue v : partitionValues) all = KeyCodec.concat(all, KeyCodec.encode(v));
        return KeyCodec.hash(all);
    }
}
