package io.basalt.storage.cassandra;

import io.basalt.storage.Space;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * How an SPI key becomes a Cassandra row: partition (space, bucket) and clustering column ck.
 * The bucket is the key's first {@link #prefixBytes} bytes: for items [table id][hash(pk)], so an
 * item collection is one Cassandra partition (a 64-bit hash collision only shares a partition, order
 * stays exact); for index entries [index id][hash(ipk)]; for stream records and engine bookkeeping
 * the table or index id; the catalog is one partition. Both bucket and ck carry a leading 0x01 byte
 * (Cassandra refuses empty key components), which keeps unsigned byte order: (bucket, ck) sorts
 * exactly as the SPI key does.
 */
record RowKey(int space, ByteBuffer bucket, ByteBuffer ck) {
    static final byte MARK = 1;
    /** Greater than every ck (all start with {@link #MARK}). */
    static final ByteBuffer CK_END = ByteBuffer.wrap(new byte[] {MARK + 1});
    static final ByteBuffer CK_START = ByteBuffer.wrap(new byte[] {MARK});

    static int prefixBytes(Space space) {
        return switch (space) {
            case ITEMS, INDEXES -> 16;
            case STREAMS, META, HISTORY, ITEM_META -> 8;
            case CATALOG -> 0;
        };
    }

    static RowKey of(Space space, byte[] key) {
        int p = Math.min(prefixBytes(space), key.length);
        return new RowKey(space.ordinal(), marked(key, 0, p), marked(key, p, key.length));
    }

    /** The bucket (with its mark) of any key starting with {@code prefix}'s first prefixBytes bytes. */
    static ByteBuffer bucketOf(Space space, byte[] key) {
        return marked(key, 0, Math.min(prefixBytes(space), key.length));
    }

    static ByteBuffer marked(byte[] key, int from, int to) {
        byte[] out = new byte[1 + to - from];
        out[0] = MARK;
        System.arraycopy(key, from, out, 1, to - from);
        return ByteBuffer.wrap(out);
    }

    /** The SPI key of a stored row. */
    static byte[] key(ByteBuffer bucket, ByteBuffer ck) {
        byte[] out = new byte[bucket.remaining() + ck.remaining() - 2];
        bucket.duplicate().position(bucket.position() + 1).get(out, 0, bucket.remaining() - 1);
        ck.duplicate().position(ck.position() + 1).get(out, bucket.remaining() - 1, ck.remaining() - 1);
        return out;
    }

    /** Unmarked bucket bytes. */
    static byte[] raw(ByteBuffer bucket) {
        byte[] b = new byte[bucket.remaining() - 1];
        bucket.duplicate().position(bucket.position() + 1).get(b);
        return b;
    }

    /**
     * The ck bounds of a slice of {@code bucket} for SPI range [from, to): the key's tail where the
     * bound falls inside this bucket, otherwise the whole bucket.
     */
    static ByteBuffer[] slice(Space space, ByteBuffer bucket, byte[] from, byte[] to) {
        byte[] raw = raw(bucket);
        int p = prefixBytes(space);
        ByteBuffer lo = CK_START, hi = CK_END;
        if (from != null && from.length >= raw.length && raw.length == Math.min(p, from.length)
                && Arrays.equals(from, 0, raw.length, raw, 0, raw.length)) {
            lo = marked(from, raw.length, from.length);
        }
        if (to != null && to.length >= raw.length && raw.length == Math.min(p, to.length)
                && Arrays.equals(to, 0, raw.length, raw, 0, raw.length)) {
            hi = marked(to, raw.length, to.length);
        }
        return new ByteBuffer[] {lo, hi};
    }
}
