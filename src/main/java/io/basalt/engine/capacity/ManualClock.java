package io.basalt.engine.capacity;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told: burst, refill and split tests run in milliseconds. */
public final class ManualClock implements Clock {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

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
