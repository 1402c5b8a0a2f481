package io.basalt.engine.query;

import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import java.util.concurrent.Semaphore;

/**
 * Bounds how many requests build a large response at once. A Scan page holds up to 1 MB of items
 * and a BatchGetItem response up to 16 MB; while such a response is read, decoded and written it
 * takes several times that on the heap. Sixty-four clients scanning at once used to fill the old
 * generation with pages in flight (the heap grew to its maximum and stayed resident); two cores
 * cannot build more than a few of them at a time anyway, so the rest wait for a slot.
 *
 * <p>A request takes a slot when its response grows past {@link #SMALL_BYTES} ({@link #hold}), at
 * most one per thread, and gives it back when its response has been handed to the network
 * ({@link #release}, called by the dispatcher after every request). Small responses never wait.
 * A holder never waits for anything else, so slots cannot deadlock. A network thread never waits:
 * there a large response is refused with {@link ReadWouldBlock} and the request goes to a worker.
 * One pool per engine; the number of slots is the instance's {@code largeReadSlots} setting
 * (default: twice the processors, at least 4).
 */
public final class LargeReads {
    /** Responses up to this size never take a slot (also the network thread's inline page limit). */
    public static final long SMALL_BYTES = 64 * 1024;

    private final int slots;
    private final Semaphore free;
    private final ThreadLocal<boolean[]> held = ThreadLocal.withInitial(() -> new boolean[1]);

    /** @param slots how many large responses are built at once; 0 = twice the processors, at least 4 */
    public LargeReads(int slots) {
        this.slots = slots > 0 ? slots : Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        this.free = new Semaphore(this.slots, true);
    }

    /**
     * Takes a slot for this thread's response unless it holds one already; waits while none is free.
     * On a network thread (memory-only reads) throws {@link ReadWouldBlock} instead.
     */
    public void hold() {
        boolean[] mine = held.get();
        if (mine[0]) return;
        if (MemoryOnlyReads.active()) throw ReadWouldBlock.INSTANCE;
        try {
            free.acquire();
            mine[0] = true;
        } catch (InterruptedException e) {
            // shutting down: finish this response without a slot
            Thread.currentThread().interrupt();
        }
    }

    /** Gives back this thread's slot, if it holds one. */
    public void release() {
        boolean[] mine = held.get();
        if (mine[0]) {
            mine[0] = false;
            free.release();
        }
    }

    /** Slots free now (tests, metrics). */
    public int available() {
        return free.availablePermits();
    }

    /** Slots in all. */
    public int slots() {
        return slots;
    }
}
