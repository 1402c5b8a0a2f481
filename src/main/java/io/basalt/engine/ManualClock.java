package io.basalt.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told: burst, refill, TTL, stream and backfill tests run in
 * milliseconds. Both readings move together; wall time starts at the real time of creation.
 */
public final class ManualClock implements Clock {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final long wallStartMillis = System.currentTimeMillis();
    private final long nanosAtStart = nanos.get();

    @Override
    public long millis() {
        return wallStartMillis + (nanos.get() - nanosAtStart) / 1_000_000L;
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    public void advanceSeconds(double seconds) {
        nanos.addAndGet((long) (seconds * 1e9));
    }

    public void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000L);
    }
}
