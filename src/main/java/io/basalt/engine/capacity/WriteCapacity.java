package io.basalt.engine.capacity;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.index.IndexEntries;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.Values;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Write units of one item change as the service meters them: the table pays for the larger of
 * the old and new item; each secondary index pays for its projected entry — a changed index key
 * is a delete plus a put, an unchanged entry costs nothing.
 *
 * @param table units charged to the base table
 * @param globalIndexes units per GSI name (only indexes that were written)
 * @param localIndexes units per LSI name
 * @param sizeDelta bytes the table grows (negative: shrinks) by this change
 */
public record WriteCapacity(double table, Map<String, Double> globalIndexes, Map<String, Double> localIndexes, long sizeDelta) {

    public double total() {
        double t = table;
        for (double v : globalIndexes.values()) t += v;
        for (double v : localIndexes.values()) t += v;
        return t;
    }

    public static WriteCapacity of(TableDefinition t, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                   boolean transactional) {
        long oldSize = oldItem == null ? 0 : ItemSize.of(oldItem), newSize = newItem == null ? 0 : ItemSize.of(newItem);
        double table = unit(Math.max(oldSize, newSize), transactional);
        if (t.globalIndexes().isEmpty() && t.localIndexes().isEmpty()) {
            return new WriteCapacity(table, Map.of(), Map.of(), newSize - oldSize);
        }
        Map<String, Double> gsi = new LinkedHashMap<>(), lsi = new LinkedHashMap<>();
        for (IndexDefinition i : t.globalIndexes()) put(gsi, i, indexUnits(t, i, oldItem, newItem, transactional));
        for (IndexDefinition i : t.localIndexes()) put(lsi, i, indexUnits(t, i, oldItem, newItem, transactional));
        return new WriteCapacity(table, gsi, lsi, newSize - oldSize);
    }

    private static void put(Map<String, Double> m, IndexDefinition i, double units) {
        if (units > 0) m.put(i.name(), units);
    }

    private static double unit(long bytes, boolean transactional) {
        return transactional ? CapacityUnits.transactionalWrite(bytes) : CapacityUnits.write(bytes);
    }

    private static double indexUnits(TableDefinition t, IndexDefinition i, Map<String, AttributeValue> oldItem,
                                     Map<String, AttributeValue> newItem, boolean transactional) {
        boolean was = IndexEntries.indexed(i, oldItem), is = IndexEntries.indexed(i, newItem);
        if (!was && !is) return 0;
        if (was && !is) return unit(IndexEntries.entrySize(t, i, oldItem), transactional);
        if (!was) return unit(IndexEntries.entrySize(t, i, newItem), transactional);
        if (!Arrays.equals(IndexEntries.entryKey(t, i, oldItem), IndexEntries.entryKey(t, i, newItem))) {
            return unit(IndexEntries.entrySize(t, i, oldItem), transactional) + unit(IndexEntries.entrySize(t, i, newItem), transactional);
        }
        Map<String, AttributeValue> before = IndexEntries.project(t, i, oldItem), after = IndexEntries.project(t, i, newItem);
        if (Values.equalMaps(before, after)) return 0;
        return unit(Math.max(ItemSize.of(before), ItemSize.of(after)), transactional);
    }
}
