package io.basalt.engine.catalog;

import java.util.List;

/**
 * A table's stream setting. {@code label} identifies the latest stream (kept after disabling so
 * its records stay readable); a newly enabled stream gets a new label, and the earlier streams stay
 * readable (as "label|viewType" in {@code previous}) until their records expire.
 * {@code disabledMillis} is when the latest stream was disabled (0 while enabled or unknown).
 */
public record StreamSettings(boolean enabled, String viewType, String label, List<String> previous, long disabledMillis) {
    public static final StreamSettings NONE = new StreamSettings(false, null, null, List.of(), 0);

    public StreamSettings(boolean enabled, String viewType, String label) {
        this(enabled, viewType, label, List.of(), 0);
    }

    /**
     * The latest stream's StreamStatus: ENABLING / DISABLING while the change is younger than
     * the delay, then ENABLED / DISABLED. Without a delay a change is complete at once (even when
     * two streams enabled within one millisecond of the clock made the later label a little ahead).
     */
    public String status(long delayMillis, long nowMillis) {
        if (enabled) {
            return delayMillis > 0 && nowMillis - io.basalt.engine.stream.StreamLabels.millisOf(label) < delayMillis ? "ENABLING" : "ENABLED";
        }
        return nowMillis - disabledMillis < delayMillis ? "DISABLING" : "DISABLED";
    }

    /** The view type a stream (current or earlier) was created with, or null when unknown. */
    public String viewTypeOf(String streamLabel) {
        if (streamLabel.equals(label)) return viewType;
        for (String p : previous) {
            int bar = p.indexOf('|');
            if (p.substring(0, bar).equals(streamLabel)) return p.substring(bar + 1);
        }
        return null;
    }

    /** Whether the label names this table's current or an earlier stream. */
    public boolean knows(String streamLabel) {
        return streamLabel.equals(label) || viewTypeOf(streamLabel) != null;
    }

    /** Earlier stream labels, oldest first. */
    public List<String> previousLabels() {
        return previous.stream().map(p -> p.substring(0, p.indexOf('|'))).toList();
    }
}
