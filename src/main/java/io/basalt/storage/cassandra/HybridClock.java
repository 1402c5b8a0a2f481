package io.basalt.storage.cassandra;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Per-item versions without a cluster-wide counter: a hybrid logical clock, max(wall-clock
 * microseconds, last handed out + 1, the version being replaced + 1), with an 8-bit node tag in the
 * low bits so two Basalt nodes writing in the same microsecond do not produce the same version.
 * Versions therefore increase per item (a compare-and-set replaces V with something greater) and per
 * node, but not across the whole store.
 */
final class HybridClock {
    private final long tag = ThreadLocalRandom.current().nextInt(256);
    private long last;

    /** A new version greater than {@code floor} and than every version this clock returned before. */
    synchronized long next(long floor) {
        Instant now = Instant.now();
        long physical = ((now.getEpochSecond() * 1_000_000L + now.getNano() / 1000) << 8) | tag;
        long v = Math.max(physical, Math.max(last, floor) + 1);
        last = v;
        return v;
    }
}
