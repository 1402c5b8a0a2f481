package io.basalt.engine;

/**
 * The one source of time of an instance: wall-clock milliseconds (stream record times, TTL expiry,
 * status transitions, backup times) and a monotonic nanosecond count (token buckets, refill, ramps,
 * timeouts). Tests inject a {@link ManualClock} and advance it instead of sleeping.
 */
public interface Clock {
    /** Real time. */
    Clock SYSTEM = new Clock() {
        @Override public long millis() { return System.currentTimeMillis(); }
        @Override public long nanoTime() { return System.nanoTime(); }
    };

    /** Wall-clock time, milliseconds since the epoch. */
    long millis();

    /** Monotonic time in nanoseconds (only differences mean anything). */
    long nanoTime();
}
