package io.basalt.storage.rocksdb;

import io.basalt.eventloop.MemoryOnlyReads;

/**
 * Whether a network thread doing {@link MemoryOnlyReads} may still read table files when memory
 * (memtables, block cache) lacks the answer. A read the OS page cache serves takes microseconds —
 * less than the two thread hand-offs of running the request again on a worker, which also add
 * scheduling delay to its latency. A read of the device takes milliseconds and would stall every
 * connection of that event loop. So point reads go through while they are fast: out of each 64
 * timed reads, the fourth one slower than {@link #SLOW_NANOS} (the device, or a page cache that does
 * not hold the data; a single one can be the thread being descheduled) stops them for a second,
 * doubling up to 16 s while it keeps happening; memory-only reads (refuse, hand to a worker) apply
 * meanwhile. One gate per store (an instance setting, {@code --inline-disk-reads off} turns it off).
 * Counters are racy on purpose: approximate is enough.
 */
final class InlineDiskReads {
    static final long SLOW_NANOS = 1_000_000;
    private static final int WINDOW = 64;
    private static final int SLOW_IN_WINDOW = 4;
    private static final long FIRST_PAUSE_NANOS = 1_000_000_000L;
    private static final long LONGEST_PAUSE_NANOS = 16_000_000_000L;

    private volatile boolean enabled;
    private volatile long closedUntil;
    private volatile boolean closed;
    private volatile long pause = FIRST_PAUSE_NANOS;
    private int reads;
    private int slow;

    InlineDiskReads(boolean enabled) {
        this.enabled = enabled;
    }

    /** Whether the next read on a network thread may touch table files. */
    boolean allowed() {
        if (!enabled) return false;
        if (!closed) return true;
        if (System.nanoTime() - closedUntil < 0) return false;
        closed = false; // probe again, with a fresh window
        reads = 0;
        slow = 0;
        return true;
    }

    /** Records how long a read allowed by {@link #allowed()} took. */
    void took(long nanos) {
        int s = slow;
        if (nanos > SLOW_NANOS) slow = ++s;
        int r = reads + 1;
        if (s >= SLOW_IN_WINDOW) {
            long p = pause;
            closedUntil = System.nanoTime() + p;
            closed = true;
            pause = Math.min(p * 2, LONGEST_PAUSE_NANOS);
        } else if (r >= WINDOW) {
            pause = FIRST_PAUSE_NANOS; // a whole window of fast reads: back to the shortest pause
            r = 0;
            slow = 0;
        }
        reads = r;
    }

    /** Tests: reads on network threads stay memory-only while {@code false}. */
    void enabled(boolean on) {
        enabled = on;
    }

    /** Tests: whether reads are stopped now. */
    boolean stopped() {
        return closed && System.nanoTime() - closedUntil < 0;
    }

    /** Tests: forgets every recorded read. */
    void reset() {
        closed = false;
        pause = FIRST_PAUSE_NANOS;
        reads = 0;
        slow = 0;
    }
}
