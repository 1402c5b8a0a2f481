package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
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

    /** Waits until {@code actual} returns {@code expected}; fails like assertEquals after {@code timeout}. */
    public static <T> void awaitEquals(Duration timeout, T expected, Supplier<T> actual) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last;
        while (!Objects.equals(expected, last = actual.get())) {
            if (System.nanoTime() - deadline > 0) assertEquals(expected, last, "not within " + timeout);
            pause();
        }
    }

    private static void pause() {
        LockSupport.parkNanos(POLL_NANOS);
        if (Thread.interrupted()) throw new AssertionError("interrupted while waiting");
    }
}
