package io.basalt.engine.capacity;

import java.util.concurrent.atomic.LongAdder;

/**
 * One simulated partition: a slice [start, end] of the unsigned 64-bit partition-hash space (the
 * order items are stored and scanned in), its share of the throughput with burst credit, the
 * per-partition hard limits (3,000 RCU / 1,000 WCU, no burst), its usage and an estimate of the
 * data it holds.
 */
public final class Partition {
    private final long start;
    private final long end;
    private final Usage usage = new Usage();
    private final LongAdder sizeBytes = new LongAdder();
    final TokenBucket readShare;
    final TokenBucket writeShare;
    final TokenBucket readHard;
    final TokenBucket writeHard;
    // split-for-heat bookkeeping (enforce mode, under the partition's lock)
    private long hotSince;
    private long hotLow = -1;
    private long hotHigh;
    private long windowStart;
    private double windowLoad;
    private double load;

    Partition(long start, long end, double rcu, double wcu, double burstSeconds, long now, boolean leased) {
        this.start = start;
        this.end = end;
        this.readShare = new TokenBucket(rcu, burstSeconds, now, leased);
        this.writeShare = new TokenBucket(wcu, burstSeconds, now, leased);
        this.readHard = new TokenBucket(CapacitySettings.PARTITION_MAX_RCU, 1, now, leased);
        this.writeHard = new TokenBucket(CapacitySettings.PARTITION_MAX_WCU, 1, now, leased);
    }

    public long start() { return start; }
    public long end() { return end; }
    public Usage usage() { return usage; }

    /** Estimated bytes stored in this partition (changes seen since start-up, never negative). */
    public long sizeBytes() { return Math.max(0, sizeBytes.sum()); }

    void addSize(long delta) {
        if (delta != 0) sizeBytes.add(delta);
    }

    public double readShare() { return readShare.rate(); }
    public double writeShare() { return writeShare.rate(); }

    public boolean contains(long hash) {
        return Long.compareUnsigned(hash, start) >= 0 && Long.compareUnsigned(hash, end) <= 0;
    }

    /** Notes the hash of an admitted request while the partition is hot (where a split for heat should fall). */
    synchronized void observe(long hash) {
        if (hotSince == 0) return;
        if (hotLow == -1 && hotHigh == 0) {
            hotLow = hash;
            hotHigh = hash;
            return;
        }
        if (Long.compareUnsigned(hash, hotLow) < 0) hotLow = hash;
        if (Long.compareUnsigned(hash, hotHigh) > 0) hotHigh = hash;
    }

    /**
     * Adds a charge to the partition's load (as a fraction of its hard limits, per second). Once
     * it has run at half its hard limits or more for {@code splitAfterNanos} with traffic on more
     * than one key, returns the hash to split at (between the lowest and highest hot keys, so both
     * halves carry part of the heat); else null.
     */
    synchronized Long charged(boolean read, double units, long now, long splitAfterNanos) {
        windowLoad += units / (read ? CapacitySettings.PARTITION_MAX_RCU : CapacitySettings.PARTITION_MAX_WCU);
        if (windowStart == 0) windowStart = now;
        if (now - windowStart < 1_000_000_000L) return null;
        load = windowLoad / ((now - windowStart) / 1e9);
        windowStart = now;
        windowLoad = 0;
        if (load < 0.5) {
            hotSince = 0;
            return null;
        }
        if (hotSince == 0) {
            hotSince = now;
            hotLow = -1;
            hotHigh = 0;
            return null;
        }
        if (splitAfterNanos <= 0 || now - hotSince < splitAfterNanos || hotLow == -1 || hotLow == hotHigh) return null;
        hotSince = 0;
        return hotLow + ((hotHigh - hotLow) >>> 1);
    }

    /** The load of the last second measured, as a fraction of the hard limits (enforce mode). */
    public synchronized double load() {
        return load;
    }
}
