package io.basalt.engine.capacity;

/**
 * What the server does with capacity: {@code ENFORCE} meters and throttles like the service,
 * {@code REPORT} (the default) meters and simulates partitions without refusing anything, {@code OFF}
 * keeps only the ConsumedCapacity of responses.
 */
public enum CapacityMode {
    ENFORCE, REPORT, OFF;

    /** Parses "enforce", "report" or "off" (any case); null when the text is none of them. */
    public static CapacityMode parse(String s) {
        if (s == null) return null;
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "enforce" -> ENFORCE;
            case "report" -> REPORT;
            case "off" -> OFF;
            default -> null;
        };
    }
}
