package io.basalt.engine.backup;

import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes a restore's items into the new table in batches, each with its index entries (ItemStore.load). */
public final class ItemLoader {
    private static final int BATCH = 256;

    private final ItemStore items;
    private final TableRef table;
    private final List<Map<String, AttributeValue>> batch = new ArrayList<>(BATCH);

    ItemLoader(ItemStore items, TableRef table) {
        this.items = items;
        this.table = table;
    }

    public void add(Map<String, AttributeValue> item) {
        batch.add(item);
        if (batch.size() == BATCH) flush();
    }

    public void flush() {
        if (batch.isEmpty()) return;
        items.load(table, batch);
        batch.clear();
    }
}
