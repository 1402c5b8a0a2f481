package io.basalt.engine.catalog;

/**
 * A table's latest UpdateTimeToLive: which attribute, enabled or disabled, and when. It drives
 * the ENABLING / DISABLING statuses and the minimum interval between changes.
 */
public record TtlChange(String attributeName, boolean enabled, long atMillis) {
    /** ENABLING / DISABLING while the change is younger than the delay, then ENABLED / DISABLED. */
    public String status(long delayMillis, long nowMillis) {
        boolean inProgress = inProgress(delayMillis, nowMillis);
        if (enabled) return inProgress ? "ENABLING" : "ENABLED";
        return inProgress ? "DISABLING" : "DISABLED";
    }

    public boolean inProgress(long delayMillis, long nowMillis) {
        return nowMillis - atMillis < delayMillis;
    }
}
