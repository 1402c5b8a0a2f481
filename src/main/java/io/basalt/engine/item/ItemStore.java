package io.basalt.engine.item;

import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Single-item reads and writes of base-table items. Writes are optimistic: read the item and its
 * version, compute the change, commit with a version check; when another writer got in between,
 * recompute from the new state. That makes every single-item operation atomic and linearizable.
 */
public final class ItemStore {
    private final StorageEngine storage;
    private final List<ChangeContributor> contributors = new CopyOnWriteArrayList<>();

    public ItemStore(StorageEngine storage) {
        this.storage = storage;
    }

    public void addContributor(ChangeContributor c) {
        contributors.add(c);
    }

    /** A stored item with its version, or null when absent. */
    public record Stored(Map<String, AttributeValue> item, long version, long size) {}

    public static byte[] storageKey(TableRef table, Map<String, AttributeValue> key) {
        KeyShape s = table.keys();
        return KeyCodec.itemKey(table.tableId(), key.get(s.hashName()), s.hasRange() ? key.get(s.rangeName()) : null);
    }

    public Stored read(TableRef table, Map<String, AttributeValue> key) {
        Versioned v = storage.get(Space.ITEMS, storageKey(table, key));
        if (v == null) return null;
        Map<String, AttributeValue> item = ItemCodec.decode(v.value());
        return new Stored(item, v.version(), ItemSize.of(item));
    }

    /** Applies a mutation atomically, retrying on concurrent changes. */
    public WriteOutcome write(TableRef table, Map<String, AttributeValue> key, ItemMutation mutation) {
        byte[] storageKey = storageKey(table, key);
        for (int attempt = 0; ; attempt++) {
            Versioned current = storage.get(Space.ITEMS, storageKey);
            Map<String, AttributeValue> old = current == null ? null : ItemCodec.decode(current.value());
            Map<String, AttributeValue> next = mutation.apply(old);
            if (next == old) {
                return new WriteOutcome(old, old, false);
            }
            if (next == null && old == null) {
                return new WriteOutcome(null, null, false);
            }
            long expected = current == null ? Mutation.EXPECT_ABSENT : current.version();
            WriteBatch batch = new WriteBatch();
            if (next == null) {
                batch.delete(Space.ITEMS, storageKey, expected);
            } else {
                batch.put(Space.ITEMS, storageKey, ItemCodec.encode(next), expected);
            }
            for (ChangeContributor c : contributors) {
                c.contribute(table, old, next, batch);
            }
            try {
                storage.commit(batch);
            } catch (VersionConflictException e) {
                if (attempt > 8) Thread.yield();
                continue;
            }
            updateCounters(table, old, next);
            for (ChangeContributor c : contributors) {
                c.committed(table, old, next);
            }
            return new WriteOutcome(old, next, true);
        }
    }

    private static void updateCounters(TableRef table, Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        long delta = 0;
        if (old != null) {
            delta -= ItemSize.of(old);
            if (next == null) table.itemCount().decrementAndGet();
        }
        if (next != null) {
            delta += ItemSize.of(next);
            if (old == null) table.itemCount().incrementAndGet();
        }
        if (delta != 0) table.sizeBytes().addAndGet(delta);
    }
}
