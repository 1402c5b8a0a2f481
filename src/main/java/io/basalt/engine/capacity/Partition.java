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

    Partition(long start, long end, double rcu, double wcu, double burstSeconds, long now) {
        this.start = start;
        this.end = end;
        this.readShare = new TokenBucket(rcu, burstSeconds, now);
        this.writeShare = new TokenBucket(wcu, burstSeconds, now);
        this.readHard = new TokenBucket(CapacitySettings.PARTITION_MAX_RCU, 1, now);
        this.writeHard = new TokenBucket(CapacitySettings.PARTITION_MAX_WCU, 1, now);
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

    /**
     * Notes whether the partition runs near a hard limit; returns the hash to split at once it has
     * been hot for {@code splitAfterNanos} with traffic on more than one key, else null.
     */
    synchronized Long heat(long hash, long now, long splitAfterNanos) {
        boolean hot = readHard.tokens(now) < CapacitySettings.PARTITION_MAX_RCU / 2
                || writeHard.tokens(now) < CapacitySettings.PARTITION_MAX_WCU / 2;
        if (!hot) {
            hotSince = 0;
            hotLow = -1;
            return null;
        }
        if (hotSince == 0) {
            hotSince = now;
            hotLow = hash;
            hotHigh = hash;
        } else {
            if (Long.compareUnsigned(hash, hotLow) < 0) hotLow = hash;
            if (Long.compareUnsigned(hash, hotHigh) > 0) hotHigh = hash;
        }
        if (splitAfterNanos <= 0 || now - hotSince < splitAfterNanos || hotLow == hotHigh) return null;
        // split between the lowest and highest hot keys so both halves carry part of the heat
        long mid = hotLow + ((hotHigh - hotLow) >>> 1);
        hotSince = 0;
        return mid;
    }
}
