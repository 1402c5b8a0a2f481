package io.basalt.engine.capacity;

/**
 * The on-demand ramp: a table serves up to double its previous peak at once; a higher peak is
 * accepted once it has been sustained for 30 minutes. A new table's previous peak is half of what
 * a new on-demand table serves (4,000 write and 12,000 read units per second).
 *
 * <p>Leased (several Basalt nodes on one store): the bucket draws on the table's shared budget, so
 * the nodes together serve double the peak; the peak itself is measured on every node's units in
 * the shared budget ({@link #drainReported}, {@link #adopt}), not on this node's share.
 */
final class OnDemandRamp {
    /** The per-table account quota of an on-demand table (DescribeLimits' TableMax*CapacityUnits). */
    static final double TABLE_QUOTA = 40_000;
    private final TokenBucket bucket;
    private final boolean leased;
    private final PeakWindow window;
    private double reported; // leased: units taken since the last report to the shared budget

    OnDemandRamp(double initialPeak, long now) {
        this(initialPeak, now, false);
    }

    OnDemandRamp(double initialPeak, long now, boolean leased) {
        this.leased = leased;
        this.window = new PeakWindow(initialPeak, now);
        this.bucket = new TokenBucket(allowed(initialPeak), 1, now, leased);
    }

    boolean hasCredit(long now) {
        return bucket.hasCredit(now);
    }

    /** Takes a request's units; true when this raised the peak (the table should grow to serve double of it). */
    synchronized boolean take(double units, long now) {
        bucket.take(units, now);
        if (leased) {
            reported += units;
            return false;
        }
        boolean raised = window.add(units, now);
        if (raised) bucket.reconfigure(allowed(window.peak), 1, now);
        return raised;
    }

    /** Leased: the units taken since the last call (for the shared peak window). */
    synchronized double drainReported() {
        double r = reported;
        reported = 0;
        return r;
    }

    /** Leased: takes the table's shared peak when it is higher; true when that raised this node's. */
    synchronized boolean adopt(double sharedPeak, long now) {
        if (sharedPeak <= window.peak) return false;
        window.peak = sharedPeak;
        bucket.reconfigure(allowed(sharedPeak), 1, now);
        return true;
    }

    /** The bucket of what the table serves at once (leasing names it per table). */
    TokenBucket bucket() {
        return bucket;
    }

    /** Units per second served at once: double the previous peak, at most the table quota. */
    synchronized double allowed() {
        return allowed(window.peak);
    }

    synchronized double peak() {
        return window.peak;
    }

    private static double allowed(double peak) {
        return Math.min(2 * peak, TABLE_QUOTA);
    }

    /** Whether the table runs at the account quota rather than at double its previous peak. */
    synchronized boolean atQuota() {
        return allowed(window.peak) >= TABLE_QUOTA;
    }
}
