package io.basalt.storage.rocksdb;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps RocksDB's native objects alive while any call uses them. RocksJava frees native memory on
 * close, and a call racing with that reads freed memory (a JVM crash, not an exception). Each call
 * enters and leaves (a cursor stays inside until it is closed); {@link #closeWhenIdle} refuses new
 * calls, waits for those inside, then runs the close. A call after close gets
 * {@link StoreClosedException}.
 */
final class CloseGuard {
    private final LongAdder inside = new LongAdder();
    private volatile boolean closing;

    /** Enters a call; throws when the store is closed or closing. */
    void enter() {
        inside.increment();
        if (closing) {
            inside.decrement();
            throw new StoreClosedException();
        }
    }

    void leave() {
        inside.decrement();
    }

    boolean closing() {
        return closing;
    }

    /**
     * Refuses new calls, waits (at most {@code maxWaitMillis}) for the calls inside to leave, then
     * runs {@code close}. Returns false when calls were still inside at the deadline: the close is
     * then skipped, since it could crash them (the process is ending or a cursor was leaked).
     */
    boolean closeWhenIdle(long maxWaitMillis, Runnable close) {
        closing = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxWaitMillis);
        while (inside.sum() > 0) {
            if (System.nanoTime() > deadline) return false;
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        close.run();
        return true;
    }

    /** A call on a store that is closed (or closing). */
    static final class StoreClosedException extends IllegalStateException {
        StoreClosedException() {
            super("The store is closed", null);
        }
    }
}
