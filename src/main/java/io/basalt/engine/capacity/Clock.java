package io.basalt.engine.capacity;

/** Monotonic time for refill, burst, ramp and split decisions; tests inject a {@link ManualClock}. */
@FunctionalInterface
public interface Clock {
    Clock SYSTEM = System::nanoTime;

    long nanoTime();
}
