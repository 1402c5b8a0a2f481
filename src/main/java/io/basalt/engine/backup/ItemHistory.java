package io.basalt.engine.backup;

import io.basalt.engine.Clock;
import io.basalt.engine.item.ChangeContributor;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The time-stamped history of the items of tables with point-in-time recovery: one HISTORY entry
 * per item change, in the change's own batch (so a crash never separates them), holding the item
 * as the change left it (or a deletion mark).
 *
 * <p>Key: [table id: 8][item key length: 4][item storage key][~millis: 8][~sequence: 8], so one
 * item's entries are adjacent, newest first; the length prefix keeps items' groups from
 * interleaving. Value: [1 = item present, 0 = deleted][the item's stored encoding].
 * Entries with sequence 0 are the base copy written when recovery was enabled: the oldest entry
 * of their millisecond, so a change recorded in the same millisecond is newer.
 */
public final class ItemHistory implements ChangeContributor {
    static final byte PRESENT = 1;
    static final byte DELETED = 0;
    private static final byte[] DELETED_VALUE = {DELETED};

    private final Clock clock;
    /** Tables (by id) whose changes are recorded. */
    private final Map<Long, Boolean> recorded = new ConcurrentHashMap<>();
    /** Orders changes to one item within one millisecond (0 is the base copy's). */
    private final AtomicLong sequence = new AtomicLong(1);

    ItemHistory(Clock clock) {
        this.clock = clock;
    }

    void record(long tableId) {
        recorded.put(tableId, Boolean.TRUE);
    }

    void stopRecording(long tableId) {
        recorded.remove(tableId);
    }

    boolean recording(long tableId) {
        return recorded.containsKey(tableId);
    }

    @Override
    public void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                           WriteBatch batch) {
        if (!recorded.containsKey(table.tableId())) return;
        Map<String, AttributeValue> keyOf = newItem != null ? newItem : oldItem;
        byte[] itemKey = ItemStore.storageKey(table, keyOf);
        byte[] value = newItem == null ? DELETED_VALUE : present(ItemCodec.encode(newItem), 0);
        batch.put(Space.HISTORY, key(table.tableId(), itemKey, clock.millis(), sequence.getAndIncrement()), value,
                Mutation.EXPECT_ANY);
    }

    /** The value of an entry holding an item (its stored encoding from {@code offset}). */
    static byte[] present(byte[] item, int offset) {
        byte[] v = new byte[1 + item.length - offset];
        v[0] = PRESENT;
        System.arraycopy(item, offset, v, 1, item.length - offset);
        return v;
    }

    static byte[] key(long tableId, byte[] itemKey, long millis, long seq) {
        return ByteBuffer.allocate(8 + 4 + itemKey.length + 16).putLong(tableId).putInt(itemKey.length).put(itemKey)
                .putLong(Long.MAX_VALUE - millis).putLong(Long.MAX_VALUE - seq).array();
    }

    /** The length of the part of an entry's key naming its item (table id, length, item key). */
    static int itemPartLength(byte[] key) {
        return 12 + ByteBuffer.wrap(key, 8, 4).getInt();
    }

    /** Whether an entry belongs to the base copy written when recovery was enabled (sequence 0). */
    static boolean isBase(byte[] key) {
        return ByteBuffer.wrap(key, key.length - 8, 8).getLong() == Long.MAX_VALUE;
    }

    /** When the change of an entry was made (epoch millis). */
    static long millis(byte[] key) {
        return Long.MAX_VALUE - ByteBuffer.wrap(key, key.length - 16, 8).getLong();
    }

    static byte[] tablePrefix(long tableId) {
        return KeyCodec.tablePrefix(tableId);
    }

    static byte[] tableEnd(long tableId) {
        return KeyCodec.tableEnd(tableId);
    }
}
