package io.basalt.engine.stream;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Stream labels as the service forms them: the enabling time, e.g. 2025-01-31T12:34:56.789. */
public final class StreamLabels {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private static long last;

    private StreamLabels() {}

    /** A new label, distinct from every earlier one (a new stream gets a new ARN). */
    public static synchronized String next() {
        long now = Math.max(System.currentTimeMillis(), last + 1);
        last = now;
        return FORMAT.format(Instant.ofEpochMilli(now));
    }

    /** When the stream with this label was enabled, in epoch milliseconds. */
    public static long millisOf(String label) {
        return java.time.LocalDateTime.parse(label, FORMAT).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
