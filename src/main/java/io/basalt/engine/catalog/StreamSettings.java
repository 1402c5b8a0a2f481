package io.basalt.engine.catalog;

/**
 * A table's stream setting. {@code label} identifies the latest stream (kept after disabling so
 * its records stay readable); a newly enabled stream gets a new label.
 */
public record StreamSettings(boolean enabled, String viewType, String label) {
    public static final StreamSettings NONE = new StreamSettings(false, null, null);
}
