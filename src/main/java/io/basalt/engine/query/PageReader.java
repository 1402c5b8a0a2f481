package io.basalt.engine.query;

import io.basalt.expression.Condition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.storage.MemoryOnlyReads;
import io.basalt.storage.ReadWouldBlock;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.Versioned;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads one page of a Query or Scan the way the service does: items are read in key order until
 * Limit items have been read or 1 MB of item data has been read (both counted before the filter);
 * the filter then picks which of them are returned. LastEvaluatedKey is the last item read when the
 * page stopped early.
 */
public final class PageReader {
    /** The service's page size limit on data read. */
    public static final long MAX_PAGE_BYTES = 1024 * 1024;

    private PageReader() {}

    /**
     * @param items the items that passed the filter (empty when countOnly)
     * @param count items that passed the filter
     * @param scannedCount items read
     * @param bytesRead summed size of the items read (for capacity)
     * @param lastKey the last item read when the page stopped early, else null
     */
    public record Page(List<Map<String, AttributeValue>> items, int count, int scannedCount, long bytesRead,
                       Map<String, AttributeValue> lastItem, List<Versioned> storedItems) {
        /** Whether the items are kept in their stored form ({@link #storedItems}) rather than decoded. */
        public boolean stored() {
            return storedItems != null;
        }
    }

    /**
     * A page read on a network thread (memory-only reads) stops past this many bytes and goes to a
     * worker instead: big pages would hold up every other connection of the event loop.
     */
    static final long INLINE_BYTES = 64 * 1024;

    public static Page read(StorageEngine storage, KeyRange range, int limit, Condition filter, boolean countOnly) {
        return read(storage, Space.ITEMS, range, limit, filter, countOnly);
    }

    /** Reads from the base table (ITEMS) or an index (INDEXES, whose entries hold projected items). */
    public static Page read(StorageEngine storage, Space space, KeyRange range, int limit, Condition filter, boolean countOnly) {
        return read(storage, space, range, limit, filter, countOnly, false);
    }

    /**
     * As above; with {@code wholeItems} (no filter, every item returned whole) the items stay in their
     * stored form, to be copied into the response without being decoded.
     */
    public static Page read(StorageEngine storage, Space space, KeyRange range, int limit, Condition filter, boolean countOnly,
                            boolean wholeItems) {
        if (wholeItems && filter == null && !countOnly) return readStored(storage, space, range, limit);
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        int count = 0, scanned = 0;
        long bytes = 0;
        Map<String, AttributeValue> last = null;
        boolean stoppedEarly = false;
        try (StorageCursor c = storage.scan(space, range.from(), range.to(), range.reverse())) {
            while (c.next()) {
                Map<String, AttributeValue> item = ItemCodec.decode(c.valueBytes(), c.valueOffset());
                scanned++;
                bytes += ItemSize.of(item);
                if (bytes > INLINE_BYTES && MemoryOnlyReads.active()) throw ReadWouldBlock.INSTANCE;
                last = item;
                if (filter == null || filter.test(item)) {
                    count++;
                    if (!countOnly) out.add(item);
                }
                if (scanned >= limit || bytes >= MAX_PAGE_BYTES) {
                    stoppedEarly = true;
                    break;
                }
            }
        }
        return new Page(out, count, scanned, bytes, stoppedEarly ? last : null, null);
    }

    private static Page readStored(StorageEngine storage, Space space, KeyRange range, int limit) {
        List<Versioned> out = new ArrayList<>();
        long bytes = 0;
        boolean stoppedEarly = false;
        try (StorageCursor c = storage.scan(space, range.from(), range.to(), range.reverse())) {
            while (c.next()) {
                Versioned v = new Versioned(c.valueBytes(), c.valueOffset(), c.version());
                out.add(v);
                bytes += ItemCodec.sizeOf(v.bytes(), v.offset());
                if (bytes > INLINE_BYTES && MemoryOnlyReads.active()) throw ReadWouldBlock.INSTANCE;
                if (out.size() >= limit || bytes >= MAX_PAGE_BYTES) {
                    stoppedEarly = true;
                    break;
                }
            }
        }
        Map<String, AttributeValue> last = null;
        if (stoppedEarly) {
            Versioned v = out.get(out.size() - 1);
            last = ItemCodec.decode(v.bytes(), v.offset());
        }
        return new Page(List.of(), out.size(), out.size(), bytes, last, out);
    }
}
