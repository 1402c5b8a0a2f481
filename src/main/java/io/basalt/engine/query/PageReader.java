package io.basalt.engine.query;

import io.basalt.expression.Condition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import java.io.IOException;
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
    public static final long MAX_PAGE_BYTES = io.basalt.model.ServiceLimits.PAGE_BYTES;

    private final StorageEngine storage;
    private final LargeReads largeReads;

    /** A reader over the engine's store (one per {@link io.basalt.engine.Engine}), large pages taking its slots. */
    public PageReader(StorageEngine storage, LargeReads largeReads) {
        this.storage = storage;
        this.largeReads = largeReads;
    }

    /**
     * @param items the items that passed the filter (empty when countOnly)
     * @param count items that passed the filter
     * @param scannedCount items read
     * @param bytesRead summed size of the items read (for capacity)
     * @param lastKey the last item read when the page stopped early, else null
     */
    public record Page(List<Map<String, AttributeValue>> items, int count, int scannedCount, long bytesRead,
                       Map<String, AttributeValue> lastItem, boolean streamed) {}

    /** Takes the items of a page that go out whole, in their stored form, as they are read. */
    @FunctionalInterface
    public interface StoredItems {
        /** Takes the item stored from {@code offset} of {@code bytes}; returns its size by the service's rules. */
        long accept(byte[] bytes, int offset) throws IOException;
    }

    /**
     * A page read on a network thread (memory-only reads) stops past this many bytes and goes to a
     * worker instead: big pages would hold up every other connection of the event loop.
     */
    static final long INLINE_BYTES = LargeReads.SMALL_BYTES;


    /** Reads a page of the table or index {@code target} names (index entries hold projected items). */
    public Page read(ReadTarget target, KeyRange range, int limit, Condition filter, boolean countOnly) {
        return read(target.space(), range, limit, filter, countOnly);
    }

    private Page read(Space space, KeyRange range, int limit, Condition filter, boolean countOnly) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        int count = 0, scanned = 0;
        long bytes = 0;
        Map<String, AttributeValue> last = null;
        boolean stoppedEarly = false, large = false;
        try (StorageCursor c = storage.scan(space, range.from(), range.to(), range.reverse())) {
            while (c.next()) {
                Map<String, AttributeValue> item = ItemCodec.decode(c.valueBytes(), c.valueOffset());
                scanned++;
                bytes += ItemSize.of(item);
                if (bytes > INLINE_BYTES && !large) {
                    largeReads.hold(); // refused on a network thread, else waits for a slot
                    large = true;
                }
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
        return new Page(out, count, scanned, bytes, stoppedEarly ? last : null, false);
    }

    /**
     * Reads a page whose items all go out whole (no filter, not COUNT): each is handed to {@code sink}
     * as it is read, never decoded or kept, so a 1 MB page does not sit on the heap twice.
     */
    public Page readStored(ReadTarget target, KeyRange range, int limit, StoredItems sink) throws IOException {
        Space space = target.space();
        long bytes = 0;
        int count = 0;
        byte[] lastBytes = null;
        int lastOffset = 0;
        boolean stoppedEarly = false, large = false;
        try (StorageCursor c = storage.scan(space, range.from(), range.to(), range.reverse())) {
            while (c.next()) {
                lastBytes = c.valueBytes();
                lastOffset = c.valueOffset();
                bytes += sink.accept(lastBytes, lastOffset);
                count++;
                if (bytes > INLINE_BYTES && !large) {
                    largeReads.hold(); // refused on a network thread, else waits for a slot
                    large = true;
                }
                if (count >= limit || bytes >= MAX_PAGE_BYTES) {
                    stoppedEarly = true;
                    break;
                }
            }
        }
        Map<String, AttributeValue> last = stoppedEarly ? ItemCodec.decode(lastBytes, lastOffset) : null;
        return new Page(List.of(), count, count, bytes, last, true);
    }
}
