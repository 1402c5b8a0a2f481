package io.basalt.engine.capacity;

/**
 * The on-demand ramp: a table serves up to double its previous peak at once; a higher peak is
 * accepted once it has been sustained for 30 minutes. A new table's previous peak is half of what
 * a new on-demand table serves (4,000 write and 12,000 read units per second).
 */
final class OnDemandRamp {
    private static final long RAISE_AFTER_NANOS = 30L * 60 * 1_000_000_000L;
    /** The per-table account quota of an on-demand table (DescribeLimits' TableMax*CapacityUnits). */
    static final double TABLE_QUOTA = 40_000;
    private final TokenBucket bucket;
    private double peak;
    private long windowStart;
    private double windowUnits;
    private double candidate;
    private long candidateSince;

    OnDemandRamp(double initialPeak, long now) {
        this.peak = initialPeak;
        this.bucket = new TokenBucket(allowed(initialPeak), 1, now);
        this.windowStart = now;
    }

    boolean hasCredit(long now) {
        return bucket.hasCredit(now);
    }

    /** Takes a request's units; true when this raised the peak (the table should grow to serve double of it). */
    synchronized boolean take(double units, long now) {
        bucket.take(units, now);
        boolean raised = false;
        if (now - windowStart >= 1_000_000_000L) {
            double rate = windowUnits / ((now - windowStart) / 1e9);
            if (rate > peak) {
                candidate = Math.max(candidate, rate);
                if (candidateSince == 0) candidateSince = now;
                if (now - candidateSince >= RAISE_AFTER_NANOS) {
                    peak = candidate;
                    candidate = 0;
                    candidateSince = 0;
                    bucket.reconfigure(allowed(peak), 1, now);
                    raised = true;
                }
            }
            windowStart = now;
            windowUnits = 0;
        }
        windowUnits += units;
        return raised;
    }

    /** Units per second served at once: double the previous peak, at most the table quota. */
    synchronized double allowed() {
        return allowed(peak);
    }

    synchronized double peak() {
        return peak;
    }

    private static double allowed(double peak) {
        return Math.min(2 * peak, TABLE_QUOTA);
    }

    /** Whether the table runs at the account quota rather than at double its previous peak. */
    synchronized boolean atQuota() {
        return allowed(peak) >= TABLE_QUOTA;
    }
}
