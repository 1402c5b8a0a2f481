package io.basalt.engine.ttl;

import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ChangeContributor;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Items of TTL-enabled tables by expiry time, maintained in the item's own batch, so the sweeper
 * finds expired items without scanning tables. Key (META space):
 * "ttl/" [table id: 8][expiry epoch seconds: 8, biased so negatives sort first][item storage key].
 */
public final class ExpiryIndex implements ChangeContributor {
    static final byte[] PREFIX = "ttl/".getBytes(StandardCharsets.UTF_8);

    private final TableCatalog catalog;

    public ExpiryIndex(TableCatalog catalog) {
        this.catalog = catalog;
    }

    /** Epoch seconds of an item's TTL attribute, or null when it has none or it is not a Number. */
    static Long expiry(TableDefinition t, Map<String, AttributeValue> item) {
        if (item == null || t.ttlAttribute() == null) return null;
        if (!(item.get(t.ttlAttribute()) instanceof AttributeValue.N n)) return null;
        try {
            return n.value().value().setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
        } catch (ArithmeticException tooLarge) {
            return null;
        }
    }

    static byte[] tablePrefix(long tableId) {
        byte[] out = Arrays.copyOf(PREFIX, PREFIX.length + 8);
        for (int i = 7; i >= 0; i--) {
            out[PREFIX.length + i] = (byte) tableId;
            tableId >>>= 8;
        }
        return out;
    }

    static byte[] bound(long tableId, long expiry) {
        byte[] p = tablePrefix(tableId);
        byte[] out = Arrays.copyOf(p, p.length + 8);
        long biased = expiry ^ Long.MIN_VALUE;
        for (int i = 7; i >= 0; i--) {
            out[p.length + i] = (byte) biased;
            biased >>>= 8;
        }
        return out;
    }

    static byte[] entryKey(long tableId, long expiry, byte[] itemKey) {
        byte[] b = bound(tableId, expiry);
        byte[] out = Arrays.copyOf(b, b.length + itemKey.length);
        System.arraycopy(itemKey, 0, out, b.length, itemKey.length);
        return out;
    }

    /** The item storage key an entry points to. */
    static byte[] itemKeyOf(byte[] entryKey) {
        return Arrays.copyOfRange(entryKey, PREFIX.length + 16, entryKey.length);
    }

    @Override
    public void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, WriteBatch batch) {
        TableCatalog.Entry e = catalog.byId(table.tableId());
        if (e == null || e.definition().ttlAttribute() == null) return;
        TableDefinition t = e.definition();
        Long before = expiry(t, oldItem), after = expiry(t, newItem);
        if (before != null && before.equals(after)) return;
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        byte[] itemKey = ItemStore.storageKey(table, t.keys().keyOf(any));
        if (before != null) batch.delete(Space.META, entryKey(t.id(), before, itemKey), Mutation.EXPECT_ANY);
        if (after != null) batch.put(Space.META, entryKey(t.id(), after, itemKey), new byte[0], Mutation.EXPECT_ANY);
    }
}
