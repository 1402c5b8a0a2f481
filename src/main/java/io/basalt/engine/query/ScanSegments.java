package io.basalt.engine.query;

import io.basalt.error.DynamoException;
import io.basalt.model.KeyCodec;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Key ranges of Scans. Items are stored in partition-hash order, so a parallel-scan segment is a
 * slice of the 64-bit (unsigned) hash space: segments are disjoint and together cover every item.
 */
public final class ScanSegments {
    private static final BigInteger HASH_SPACE = BigInteger.ONE.shiftLeft(64);

    private ScanSegments() {}

    public static KeyRange whole(long tableId) {
        return new KeyRange(KeyCodec.tablePrefix(tableId), KeyCodec.tableEnd(tableId), false);
    }

    /** Lowest hash (unsigned) of segment {@code i} of {@code total}. */
    static long segmentStart(int i, int total) {
        return HASH_SPACE.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(total)).longValue();
    }

    public static KeyRange segment(long tableId, int segment, int total) {
        byte[] from = KeyCodec.hashRangeStart(tableId, segmentStart(segment, total));
        byte[] to = segment + 1 == total ? KeyCodec.tableEnd(tableId) : KeyCodec.hashRangeStart(tableId, segmentStart(segment + 1, total));
        return new KeyRange(from, to, false);
    }

    /** The range after an ExclusiveStartKey, which must lie in the requested segment. */
    public static KeyRange after(KeyRange range, byte[] key, Long segment, Long total) {
        if (segment != null) {
            boolean inside = Arrays.compareUnsigned(key, range.from()) >= 0 && Arrays.compareUnsigned(key, range.to()) < 0;
            if (!inside) {
                throw DynamoException.validation("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: "
                        + total + " Segment: " + segment);
            }
        }
        return new KeyRange(KeyCodec.successor(key), range.to(), false);
    }
}
