package io.basalt.engine.stream;

import io.basalt.engine.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Stream labels as the service forms them: the enabling time, e.g. 2025-01-31T12:34:56.789, read
 * from the instance's clock (one per engine, so a manual clock that stands still still gets
 * distinct labels, and instances in one JVM do not share state).
 */
public final class StreamLabels {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private final Clock clock;
    private long last;

    public StreamLabels(Clock clock) {
        this.clock = clock;
    }

    /** A new label, distinct from every earlier one of this instance (a new stream gets a new ARN). */
    public synchronized String next() {
        long now = Math.max(clock.millis(), last + 1);
        last = now;
        return FORMAT.format(Instant.ofEpochMilli(now));
    }

    /** When the stream with this label was enabled, in epoch milliseconds. */
    public static long millisOf(String label) {
        return java.time.LocalDateTime.parse(label, FORMAT).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
