package io.basalt.engine.capacity;

/**
 * Capacity of one partition (or table) as a token bucket: it refills at {@code rate} units per
 * second and holds at most {@code burstSeconds} of them, so unused capacity is kept as burst credit.
 * A request is admitted while the bucket holds credit; its actual cost is taken afterwards (the
 * cost of a read is known only once the item was read), which may leave the bucket in debt that
 * later refills pay off — as the service does.
 */
public final class TokenBucket {
    private double rate;
    private double capacity;
    private double tokens;
    private long last;

    /** A full bucket (the partition has been idle long enough to hold its whole burst credit). */
    public TokenBucket(double rate, double burstSeconds, long now) {
        this.rate = rate;
        this.capacity = Math.max(rate * burstSeconds, rate > 0 ? 1 : 0);
        this.tokens = capacity;
        this.last = now;
    }

    private void refill(long now) {
        if (now > last) {
            tokens = Math.min(capacity, tokens + rate * ((now - last) / 1e9));
            last = now;
        }
    }

    /** Whether a request may start now. */
    public synchronized boolean hasCredit(long now) {
        refill(now);
        return tokens > 0;
    }

    /** Takes the cost of a request (the bucket may go into debt, at most one burst deep). */
    public synchronized void take(double units, long now) {
        refill(now);
        tokens = Math.max(-capacity, tokens - units);
    }

    /** Credit now (negative when in debt). */
    public synchronized double tokens(long now) {
        refill(now);
        return tokens;
    }

    public synchronized double rate() {
        return rate;
    }

    /** New rate and burst; the credit already held is kept up to the new limit. */
    public synchronized void reconfigure(double newRate, double burstSeconds, long now) {
        refill(now);
        rate = newRate;
        capacity = Math.max(newRate * burstSeconds, newRate > 0 ? 1 : 0);
        tokens = Math.min(tokens, capacity);
    }
}
