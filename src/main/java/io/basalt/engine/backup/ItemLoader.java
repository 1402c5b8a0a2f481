package io.basalt.engine.backup;

import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes a restore's items into the new table in batches, each with its index entries
 * (ItemStore.load); {@link #awaitApplied} waits until those entries can be read too (Cassandra
 * applies GSI entries after the commit), so a restored table is complete when it is ACTIVE.
 */
public final class ItemLoader {
    private static final int BATCH = 256;
    private static final long APPLIED_TIMEOUT_SECONDS = 120;

    private final ItemStore items;
    private final TableRef table;
    private final List<Map<String, AttributeValue>> batch = new ArrayList<>(BATCH);
    /** One party per batch whose index entries are not applied yet. */
    private final Phaser unapplied = new Phaser(1);

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
        unapplied.register();
        try {
            items.load(table, batch, unapplied::arriveAndDeregister);
        } catch (RuntimeException e) {
            unapplied.arriveAndDeregister();
            throw e;
        }
        batch.clear();
    }

    /** Waits (up to two minutes) until every flushed batch's index entries can be read. */
    void awaitApplied() {
        try {
            unapplied.awaitAdvanceInterruptibly(unapplied.arrive(), APPLIED_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException e) {
            // the entries are durable in their change logs and will be applied; the table serves meanwhile
        }
    }
}
