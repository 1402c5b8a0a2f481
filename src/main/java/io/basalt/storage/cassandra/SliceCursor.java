package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.Versioned;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A scan of one space on Cassandra: walks the slices of the directory's buckets in order, filtering
 * to [from, to). History rows are read from their items' partitions, an LSI's from its table's
 * ({@link ItemPartitionPlacement}, {@link LocalIndexPlacement}); a row marked by a transaction is read as
 * its last committed state when the scan is strongly consistent.
 */
final class SliceCursor implements StorageCursor {
    private final CassandraStorage store;
    private final Space space;
    private final Iterator<ByteBuffer> buckets;
    private final byte[] from, to;
    private final boolean reverse;
    private ByteBuffer bucket;
    /** The table whose item partition holds the current bucket's rows (an LSI), else null. */
    private Long lsiTable;
    private Iterator<Row> rows = java.util.Collections.emptyIterator();
    private byte[] key, value;
    private long version;
    private final ConsistencyLevel level;

    SliceCursor(CassandraStorage store, Space space, Iterator<ByteBuffer> buckets, byte[] from, byte[] to, boolean reverse,
                ConsistencyLevel level) {
        this.store = store;
        this.level = level;
        this.space = space;
        this.buckets = buckets;
        this.from = from;
        this.to = to;
        this.reverse = reverse;
    }

    @Override
    public boolean next() {
        try {
            return advance();
        } catch (com.datastax.oss.driver.api.core.DriverException e) { // a later page, fetched while iterating
            throw CassandraErrors.map(e);
        }
    }

    private boolean advance() {
        while (true) {
            while (!rows.hasNext()) {
                if (!buckets.hasNext()) return false;
                bucket = buckets.next();
                ByteBuffer[] ck = RowKey.slice(space, bucket, from, to);
                lsiTable = store.lsiTableOf(space, bucket);
                RowKey lo, hi;
                if (ItemPartitionPlacement.placed(space)) { // the item partition's rows of this space
                    lo = new RowKey(Space.ITEMS.ordinal(), bucket, ItemPartitionPlacement.sliceStart(space));
                    hi = new RowKey(Space.ITEMS.ordinal(), bucket, ItemPartitionPlacement.sliceEnd(space));
                } else if (lsiTable != null) { // an LSI: its slice of the item partition
                    lo = LocalIndexPlacement.physical(lsiTable, bucket, ck[0]);
                    hi = LocalIndexPlacement.physical(lsiTable, bucket, ck[1]);
                } else {
                    lo = new RowKey(space.ordinal(), bucket, ck[0]);
                    hi = new RowKey(space.ordinal(), bucket, ck[1]);
                }
                rows = store.slice(lo, hi, reverse, level);
            }
            Row r = rows.next();
            byte[] k = ItemPartitionPlacement.placed(space) ? ItemPartitionPlacement.logicalKey(r.getByteBuffer(0))
                    : RowKey.key(bucket, lsiTable == null ? r.getByteBuffer(0) : LocalIndexPlacement.logicalCk(r.getByteBuffer(0)));
            if (from != null && Arrays.compareUnsigned(k, from) < 0) continue;
            if (to != null && Arrays.compareUnsigned(k, to) >= 0) continue;
            Versioned v;
            if (!r.isNull(3) && level == null) {
                v = store.committedState(space, k); // marked by a transaction
            } else {
                v = r.isNull(2) || r.isNull(1) ? null : new Versioned(CassandraStorage.bytes(r.getByteBuffer(1)), r.getLong(2));
            }
            if (v == null) continue; // only a prepare's mark (no item), or a change log's tombstone
            key = k;
            value = v.bytes();
            version = v.version();
            return true;
        }
    }

    @Override public byte[] key() { return key; }
    @Override public byte[] value() { return value; }
    @Override public long version() { return version; }
    @Override public void close() {}
}
