package io.basalt.storage.cassandra;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine.Guess;
import io.basalt.storage.Versioned;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this node last wrote (or read at quorum) of each item: the guesses a read-modify-write
 * starts from instead of reading (docs/scale-out.md, "Round budget"). A guess is only ever used as
 * the expected version of an LWT, so a stale one (another node wrote since) costs one refused LWT
 * and a read, never a wrong result; the entry is dropped then. A key's versions only grow, so an
 * entry is replaced only by a newer version (two threads of this node finishing out of order).
 * Bounded by bytes: when full it is emptied (guesses are an optimisation, not state).
 */
final class WrittenItems {
    private static final long MAX_BYTES = 64L << 20;
    private static final int ENTRY_OVERHEAD = 96;

    /** An item's state: value null when absent (deleted by this node at {@code version}, or read absent: 0). */
    private record Entry(byte[] value, long version) {}

    private final Map<ByteBuffer, Entry> items = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();

    Guess guess(Space space, byte[] key) {
        if (space != Space.ITEMS) return null;
        Entry e = items.get(ByteBuffer.wrap(key));
        if (e == null) return null;
        return new Guess(e.value == null ? null : new Versioned(e.value, e.version));
    }

    /** The ITEMS rows of a batch that committed at {@code version}. */
    void committed(List<Mutation> ms, long version) {
        for (Mutation m : ms) {
            if (m.space() != Space.ITEMS || m.isCheck()) continue;
            remember(m.key(), m.isDelete() ? null : m.value(), version);
        }
    }

    /** A quorum read's row (value null: absent) without a transaction's mark. */
    void read(byte[] key, byte[] value, long version) {
        remember(key, value, value == null ? 0 : version);
    }

    /** The batch's ITEMS rows are in an unknown or contended state: forget them. */
    void forget(List<Mutation> ms) {
        for (Mutation m : ms) if (m.space() == Space.ITEMS) forget(m.key());
    }

    void forget(byte[] key) {
        Entry gone = items.remove(ByteBuffer.wrap(key));
        if (gone != null) bytes.addAndGet(-size(key, gone));
    }

    /** Everything (a range deleted: DeleteTable). */
    void clear() {
        items.clear();
        bytes.set(0);
    }

    private void remember(byte[] key, byte[] value, long version) {
        Entry next = new Entry(value, version);
        Entry[] replaced = new Entry[1];
        boolean[] stored = new boolean[1];
        items.compute(ByteBuffer.wrap(key.clone()), (k, cur) -> {
            if (cur != null && cur.version >= version) return cur;
            replaced[0] = cur;
            stored[0] = true;
            return next;
        });
        if (!stored[0]) return;
        long now = bytes.addAndGet(size(key, next) - (replaced[0] == null ? 0 : size(key, replaced[0])));
        if (now > MAX_BYTES) clear();
    }

    private static long size(byte[] key, Entry e) {
        return key.length + (e.value == null ? 0 : e.value.length) + ENTRY_OVERHEAD;
    }
}
