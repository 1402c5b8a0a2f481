package io.basalt.engine.vector;

import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * VectorWriteRequestBytes of a write: for each vector index whose entry the write changes (the item
 * enters, leaves or changes in the index), the bytes replicated to it, at least 1 KB; a write that
 * leaves every indexed attribute as it was costs nothing (Developer Guide, vector index monitoring).
 */
public final class VectorWriteMetering {
    static final long MINIMUM_BYTES = 1024;

    private VectorWriteMetering() {}

    /** Index name to bytes, in the table's index order; empty when no vector index changes. */
    public static Map<String, Double> bytes(TableDefinition t, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (VectorIndexDefinition index : t.vectorIndexes()) {
            Map<String, AttributeValue> before = entry(t, index, oldItem), after = entry(t, index, newItem);
            if (Objects.equals(before, after)) continue;
            Map<String, AttributeValue> replicated = after != null ? after : before;
            long bytes = index.dimensions() * 4 + ItemSize.of(replicated) - ItemSize.of(Map.of(index.vectorAttribute(),
                    replicated.get(index.vectorAttribute())));
            out.put(index.name(), (double) Math.max(MINIMUM_BYTES, bytes));
        }
        return out;
    }

    /** What the index holds for an item (with its embedding), or null when it is not in the index. */
    private static Map<String, AttributeValue> entry(TableDefinition t, VectorIndexDefinition index, Map<String, AttributeValue> item) {
        return VectorEntries.indexed(index, item) ? VectorEntries.project(t, index, item, true) : null;
    }
}
