package io.basalt.engine.index;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import java.util.Map;

/**
 * Item collection sizes of tables with local secondary indexes: the items of one partition key
 * plus their LSI entries (ReturnItemCollectionMetrics). Measured on demand by walking the
 * partition, so it costs nothing unless asked for.
 */
public final class ItemCollections {
    private static final double GB = 1024.0 * 1024 * 1024;

    private ItemCollections() {}

    public static long sizeBytes(StorageEngine storage, TableDefinition t, AttributeValue partitionKey) {
        long total = 0;
        byte[] p = KeyCodec.partitionPrefix(t.id(), partitionKey);
        try (StorageCursor c = storage.scan(Space.ITEMS, p, KeyCodec.prefixEnd(p), false)) {
            while (c.next()) total += ItemSize.of(ItemCodec.decode(c.valueBytes(), c.valueOffset()));
        }
        for (IndexDefinition i : t.localIndexes()) {
            byte[] ip = KeyCodec.partitionPrefix(i.indexId(), partitionKey);
            try (StorageCursor c = storage.scan(Space.INDEXES, ip, KeyCodec.prefixEnd(ip), false)) {
                while (c.next()) total += ItemSize.of(ItemCodec.decode(c.valueBytes(), c.valueOffset()));
            }
        }
        return total;
    }

    /** The service's SizeEstimateRangeGB: a lower and an upper bound, in GB. */
    public static double[] estimateRangeGb(long bytes) {
        double lower = Math.floor(bytes / GB);
        return new double[] {lower, lower + 1};
    }

    /** {@code ItemCollectionKey}: the partition key attribute of the item. */
    public static Map<String, AttributeValue> collectionKey(TableDefinition t, Map<String, AttributeValue> item) {
        return Map.of(t.keys().hashName(), item.get(t.keys().hashName()));
    }
}
