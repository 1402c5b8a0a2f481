package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.basalt.storage.Space;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * LSI entries in their table's item partitions (docs/scale-out.md, "LSI entries"): the entry of
 * SPI key {@code [index id][hash(pk)][rest]} is the row {@code ck = 0x02 [index id] 0x01 [rest]} of
 * the item partition {@code [table id][hash(pk)]}, after the items ({@code 0x01...}) and the change
 * log ({@code 0x00...}). So an item and its LSI entries commit in one conditional batch and a
 * consistent LSI Query (one slice of that partition) sees every acknowledged write, as an item
 * collection does in the service. The directory ({@code buckets}) still lists the index's logical
 * partitions {@code [index id][hash]}, which is what an LSI Scan walks.
 *
 * <p>Each index placed this way has a placement row (space {@link #PLACEMENTS}, one partition),
 * written before its first entry. An index without one and with partitions in the directory was
 * written by an earlier version, in partitions of its own: its entries are moved once, when the
 * index is first placed (docs/scale-out.md: all nodes of a keyspace run the same version).
 */
final class LocalIndexPlacement {
    /** ck tag of LSI rows in an item partition: after the items (0x01) and the change log (0x00). */
    static final byte LSI_TAG = 2;
    /** A space number no SPI space uses: the placement rows. */
    static final int PLACEMENTS = -1;
    private static final ByteBuffer PLACEMENTS_BUCKET = ByteBuffer.wrap(new byte[] {RowKey.MARK});
    private static final int TAG_BYTES = 9; // tag + index id

    private final CassandraStorage store;
    private final PreparedStatement bucketsAsc;
    /** Index id to table id, for the LSIs placed with their items. */
    private final Map<Long, Long> tableOf = new ConcurrentHashMap<>();

    LocalIndexPlacement(CassandraStorage store, PreparedStatement bucketsAsc) {
        this.store = store;
        this.bucketsAsc = bucketsAsc;
    }

    /** The table whose item partitions hold the index's entries, or null (the index's own partitions). */
    Long tableOf(Space space, byte[] key) {
        if (space != Space.INDEXES || key.length < 8 || tableOf.isEmpty()) return null;
        return tableOf.get(ByteBuffer.wrap(key, 0, 8).getLong());
    }

    /** The Cassandra row of an SPI key. */
    RowKey rowKey(Space space, byte[] key) {
        if (ItemPartitionPlacement.placed(space) && ItemPartitionPlacement.placeable(key)) return ItemPartitionPlacement.physical(space, key);
        RowKey logical = RowKey.of(space, key);
        Long table = tableOf(space, key);
        return table == null ? logical : physical(table, logical.bucket(), logical.ck());
    }

    /** The partition an SPI key's row is in: "space:bucket" in hex. */
    String partitionId(Space space, byte[] key) {
        RowKey rk = rowKey(space, key);
        return rk.space() + ":" + java.util.HexFormat.of().formatHex(RowKey.raw(rk.bucket()));
    }

    /**
     * The row of logical (bucket, ck) of an LSI of table {@code table}: the bucket's hash under the
     * table id, the ck tagged with the index id (which the logical bucket starts with).
     */
    static RowKey physical(long table, ByteBuffer logicalBucket, ByteBuffer logicalCk) {
        byte[] raw = RowKey.raw(logicalBucket);
        ByteBuffer bucket = ByteBuffer.allocate(raw.length + 1).put(RowKey.MARK).putLong(table).put(raw, 8, raw.length - 8).flip();
        ByteBuffer ck = ByteBuffer.allocate(TAG_BYTES + logicalCk.remaining()).put(LSI_TAG).put(raw, 0, 8)
                .put(logicalCk.duplicate()).flip();
        return new RowKey(Space.ITEMS.ordinal(), bucket, ck);
    }

    /** The logical ck of a physical LSI row's ck. */
    static ByteBuffer logicalCk(ByteBuffer physicalCk) {
        ByteBuffer ck = physicalCk.duplicate();
        ck.position(ck.position() + TAG_BYTES);
        return ck.slice();
    }

    /**
     * Places the index's entries with its table's items from now on (idempotent; on every node
     * before any entry is read or written). The first time for a keyspace: moves the entries an
     * earlier version wrote into the index's own partitions, then writes the placement row.
     */
    void place(long indexId, long tableId) {
        if (tableOf.containsKey(indexId)) return;
        ByteBuffer ck = ByteBuffer.allocate(9).put(RowKey.MARK).putLong(indexId).flip();
        if (store.execute(store.read(PLACEMENTS, PLACEMENTS_BUCKET, ck)).one() == null) {
            moveEntries(indexId, tableId);
            ByteBuffer value = ByteBuffer.allocate(8).putLong(tableId).flip();
            store.execute(store.putIf(PLACEMENTS, PLACEMENTS_BUCKET, ck, value, 1, null)); // lost to another node: the same row
        }
        tableOf.put(indexId, tableId);
    }

    /**
     * Moves every entry of the index from its own partitions (the layout before placement) into
     * the item partitions, row by row: copied if absent there, then deleted. A crash in between
     * leaves rows that the next {@link #place} moves (a copy already there is kept).
     */
    private void moveEntries(long indexId, long tableId) {
        ByteBuffer from = ByteBuffer.allocate(9).put(RowKey.MARK).putLong(indexId).flip();
        ByteBuffer to = ByteBuffer.allocate(9).put(RowKey.MARK).putLong(indexId + 1).flip();
        List<ByteBuffer> buckets = new ArrayList<>();
        for (Row b : store.execute(bucketsAsc.bind(Space.INDEXES.ordinal(), from, to))) buckets.add(b.getByteBuffer(0));
        int moved = 0;
        for (ByteBuffer bucket : buckets) {
            List<Row> rows = store.execute(store.slice(Space.INDEXES.ordinal(), bucket, RowKey.CK_START, RowKey.CK_END)).all();
            for (Row r : rows) {
                if (r.isNull(2)) continue;
                RowKey target = physical(tableId, bucket, r.getByteBuffer(0));
                store.execute(store.putIf(target.space(), target.bucket(), target.ck(), r.getByteBuffer(1), r.getLong(2), null));
                store.execute(store.deleteAny(Space.INDEXES.ordinal(), bucket, r.getByteBuffer(0)));
                moved++;
            }
        }
        if (moved > 0) {
            org.slf4j.LoggerFactory.getLogger(LocalIndexPlacement.class)
                    .info("moved {} entries of local index {} into the item partitions of table {}", moved, indexId, tableId);
        }
    }
}
