package io.basalt.it;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waiting for something another thread or process does (a backfill, a KCL worker, a server under
 * load): polls a condition until it holds or a deadline passes, instead of sleeping a fixed time.
 * Deadlines are generous (a loaded 2-core machine); a condition that holds early returns at once.
 * For what the server's clock decides (TTL, status delays, rollover), tests advance a
 * {@link io.basalt.engine.ManualClock} instead.
 */
public final class Eventually {
    private static final long POLL_NANOS = 50_000_000L;

    private Eventually() {}

    /** Waits until {@code condition} holds; fails with {@code what} after {@code timeout}. */
    public static void await(Duration timeout, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) throw new AssertionError("not within " + timeout + ": " + what);
            pause();
        }
    }

    /**
     * A read of what the service makes eventually consistent (a GSI Query, stream records): when
     * {@code eventual} (an engine that applies those after acknowledging the write, Cassandra's
     * change log), read again until {@code shows} holds, failing with {@code what} after
     * {@code timeout}; otherwise read once. Either way the caller asserts on the value returned.
     */
    public static <T> T converged(boolean eventual, Duration timeout, String what, Supplier<T> read, Predicate<T> shows) {
        if (!eventual) return read.get();
        Object[] last = new Object[1];
        await(timeout, what, () -> {
            last[0] = read.get();
            return shows.test(cast(last[0]));
        });
        return cast(last[0]);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    private static void pause() {
        LockSupport.parkNanos(POLL_NANOS);
        if (Thread.interrupted()) throw new AssertionError("interrupted while waiting");
    }
}
