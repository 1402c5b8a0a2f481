package io.basalt.storage.cassandra;

import io.basalt.storage.Space;
import java.nio.ByteBuffer;

/**
 * Entries kept with their item (docs/scale-out.md, "Backups and point-in-time recovery", "Global
 * tables"): a {@link Space#HISTORY} or {@link Space#ITEM_META} key
 * {@code [8 bytes][length n: 4][item key: n][...]} names its item's ITEMS key, so its row is
 * {@code ck = TAG [whole key]} of that item's partition {@code [table id][hash(pk)]}: history rows
 * tagged 0x03, item bookkeeping 0x04, after the items (0x01), the change log (0x00) and the LSI
 * entries (0x02). A change and its entries are then one conditional batch, one Paxos round, as an
 * item and its LSI entries are; and an item's entries sort together, in key order.
 *
 * <p>A scan of such a space walks the item partitions of the table in the directory (as a table
 * Scan does) and slices each partition's rows of the space's tag: entries come grouped by item,
 * items in their ITEMS key order, each item's entries in key order (not the whole space's key
 * order, which the engine does not need).
 */
final class ItemPartitionPlacement {
    private static final byte HISTORY_TAG = 3, ITEM_META_TAG = 4;
    private static final int ITEM_BUCKET = 16;
    private static final int HEAD = 12; // owner id + item key length

    private ItemPartitionPlacement() {}

    /** Whether the space's entries live in their items' partitions. */
    static boolean placed(Space space) {
        return space == Space.HISTORY || space == Space.ITEM_META;
    }

    /** Whether the key of a placed space names an item key long enough to place (every key the engine writes). */
    static boolean placeable(byte[] key) {
        if (key.length < HEAD + ITEM_BUCKET) return false;
        int n = ByteBuffer.wrap(key, 8, 4).getInt();
        return n >= ITEM_BUCKET && HEAD + n <= key.length;
    }

    private static byte tag(Space space) {
        return space == Space.HISTORY ? HISTORY_TAG : ITEM_META_TAG;
    }

    /** The row of a key of a placed space: in its item's partition. */
    static RowKey physical(Space space, byte[] key) {
        ByteBuffer ck = ByteBuffer.allocate(1 + key.length).put(tag(space)).put(key).flip();
        return new RowKey(Space.ITEMS.ordinal(), RowKey.marked(key, HEAD, HEAD + ITEM_BUCKET), ck);
    }

    /** The first ck of the space's rows in an item partition. */
    static ByteBuffer sliceStart(Space space) {
        return ByteBuffer.wrap(new byte[] {tag(space)});
    }

    /** The ck past the space's rows in an item partition. */
    static ByteBuffer sliceEnd(Space space) {
        return ByteBuffer.wrap(new byte[] {(byte) (tag(space) + 1)});
    }

    /** The logical key of a placed row's ck. */
    static byte[] logicalKey(ByteBuffer physicalCk) {
        byte[] out = new byte[physicalCk.remaining() - 1];
        physicalCk.duplicate().position(physicalCk.position() + 1).get(out);
        return out;
    }

    /** The directory range (ITEMS buckets) holding the entries of keys in [from, to): by their first 8 bytes. */
    static ByteBuffer[] directoryRange(byte[] from, byte[] to) {
        ByteBuffer lo = from == null ? RowKey.CK_START : RowKey.marked(from, 0, Math.min(8, from.length));
        ByteBuffer hi;
        if (to == null) {
            hi = RowKey.CK_END;
        } else if (to.length <= 8) {
            hi = RowKey.marked(to, 0, to.length);
        } else { // past every bucket starting with to's first 8 bytes (the rows are filtered to [from, to) anyway)
            long owner = ByteBuffer.wrap(to, 0, 8).getLong();
            hi = owner == -1L ? RowKey.CK_END : RowKey.marked(ByteBuffer.allocate(8).putLong(owner + 1).array(), 0, 8);
        }
        return new ByteBuffer[] {lo, hi};
    }
}
