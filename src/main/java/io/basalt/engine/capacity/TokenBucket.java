package io.basalt.engine.capacity;

/**
 * Capacity of one partition (or table) as a token bucket: it refills at {@code rate} units per
 * second and holds at most {@code burstSeconds} of them, so unused capacity is kept as burst credit.
 * A request is admitted while the bucket holds credit; its actual cost is taken afterwards (the
 * cost of a read is known only once the item was read), which may leave the bucket in debt that
 * later refills pay off — as the service does.
 *
 * <p>A <em>leased</em> bucket (several Basalt nodes on one store) does not refill with time: the
 * table's budget is a shared bucket in the store, and {@link CapacityLeases} moves slices of it in
 * and out of this one every few hundred milliseconds. Admission stays a local check either way.
 */
public final class TokenBucket {
    private double rate;
    private double capacity;
    private double tokens;
    private long last;
    private final boolean leased;
    // leased only: units taken since the last settlement, whether a request found no credit, and
    // the starting slice not drawn from the shared bucket yet
    private double taken;
    private boolean starved;
    private double unbacked;
    /** Leased only: the last settlement granted less than asked (the shared bucket had no more). */
    private boolean shortAtLastSettlement;

    /** A full bucket (the partition has been idle long enough to hold its whole burst credit). */
    public TokenBucket(double rate, double burstSeconds, long now) {
        this(rate, burstSeconds, now, false);
    }

    /** A full bucket, or with {@code leased} one holding only a first slice, settled with the shared bucket later. */
    TokenBucket(double rate, double burstSeconds, long now, boolean leased) {
        this.rate = rate;
        this.capacity = Math.max(rate * burstSeconds, rate > 0 ? 1 : 0);
        this.leased = leased;
        this.tokens = leased ? CapacityLeases.reserve(rate) : capacity;
        this.unbacked = leased ? tokens : 0;
        this.last = now;
    }

    private void refill(long now) {
        if (leased) return;
        if (now > last) {
            tokens = Math.min(capacity, tokens + rate * ((now - last) / 1e9));
            last = now;
        }
    }

    /** Whether a request may start now. */
    public synchronized boolean hasCredit(long now) {
        refill(now);
        if (tokens > 0) return true;
        if (leased) starved = true;
        return false;
    }

    /** Takes the cost of a request (the bucket may go into debt, at most one burst deep). */
    public synchronized void take(double units, long now) {
        refill(now);
        tokens = Math.max(-capacity, tokens - units);
        if (leased) taken += units;
    }

    /** Credit now (negative when in debt). */
    public synchronized double tokens(long now) {
        refill(now);
        return tokens;
    }

    public synchronized double rate() {
        return rate;
    }

    synchronized double capacity() {
        return capacity;
    }

    /** New rate and burst; the credit already held is kept up to the new limit. */
    public synchronized void reconfigure(double newRate, double burstSeconds, long now) {
        refill(now);
        rate = newRate;
        capacity = Math.max(newRate * burstSeconds, newRate > 0 ? 1 : 0);
        tokens = Math.min(tokens, capacity);
    }

    // ------------------------------------------------------------------ leasing (CapacityLeases)

    boolean leased() {
        return leased;
    }

    /**
     * What a settlement with the shared bucket should do now, or null when nothing is due (idle,
     * holding about its reserve). [0] the credit held (given back), [1] the part of it not drawn
     * from the shared bucket, [2] the slice asked for the next period, [3] the units taken since the
     * last settlement (to clear once settled).
     */
    synchronized double[] leaseDemand() {
        double reserve = CapacityLeases.reserve(rate);
        if (taken <= 0 && !starved && unbacked == 0 && tokens <= 2 * reserve && tokens >= 0) return null;
        // ask for twice the recent use (demand doubles while it outgrows the slices), at least the reserve
        double ask = Math.max(reserve, 2 * taken);
        if (starved) ask = Math.max(ask, 2 * reserve);
        return new double[] {tokens, unbacked, Math.min(ask, capacity), taken};
    }

    /** A request found no credit here though the shared bucket had more at the last settlement. */
    synchronized boolean starvedWithBudgetLeft() {
        return starved && !shortAtLastSettlement;
    }

    /** Settles a {@link #leaseDemand()}: its held credit went back, {@code granted} came in. */
    synchronized void leaseSettled(double[] demand, double granted) {
        shortAtLastSettlement = granted < demand[2];
        tokens = Math.max(-capacity, Math.min(capacity, tokens - demand[0] + granted));
        unbacked = 0;
        taken = Math.max(0, taken - demand[3]);
        starved = false;
    }
}
