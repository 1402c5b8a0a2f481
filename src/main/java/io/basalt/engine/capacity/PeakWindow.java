package io.basalt.engine.capacity;

/**
 * The previous-peak rule of on-demand tables: the rate is measured over windows of at least one
 * second; a window faster than the peak makes it a candidate, and a candidate sustained for 30
 * minutes becomes the new peak. One node keeps it for its own traffic ({@link OnDemandRamp}); nodes
 * sharing a store keep one per table in the shared budget, fed with every node's units
 * ({@link SharedBudget}), so the peak is the table's, not a node's share of it.
 */
final class PeakWindow {
    static final long RAISE_AFTER_NANOS = 30L * 60 * 1_000_000_000L;
    private static final long WINDOW_NANOS = 1_000_000_000L;

    double peak;
    double candidate;
    long candidateSince;
    long windowStart;
    double windowUnits;

    PeakWindow(double peak, long now) {
        this.peak = peak;
        this.windowStart = now;
    }

    PeakWindow(double peak, double candidate, long candidateSince, long windowStart, double windowUnits) {
        this.peak = peak;
        this.candidate = candidate;
        this.candidateSince = candidateSince;
        this.windowStart = windowStart;
        this.windowUnits = windowUnits;
    }

    /** Counts {@code units} taken at {@code now} (nanoseconds); true when this raised the peak. */
    boolean add(double units, long now) {
        boolean raised = false;
        if (now - windowStart >= WINDOW_NANOS) {
            double rate = windowUnits / ((now - windowStart) / 1e9);
            if (rate > peak) {
                candidate = Math.max(candidate, rate);
                if (candidateSince == 0) candidateSince = now;
                if (now - candidateSince >= RAISE_AFTER_NANOS) {
                    peak = candidate;
                    candidate = 0;
                    candidateSince = 0;
                    raised = true;
                }
            }
            windowStart = now;
            windowUnits = 0;
        }
        windowUnits += units;
        return raised;
    }
}
