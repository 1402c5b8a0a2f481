package io.basalt.engine.capacity;

/**
 * How capacity is simulated. The defaults are the service's figures; tests shrink the partition
 * size or the heat-split delay to see splits without writing gigabytes or waiting minutes.
 *
 * @param mode enforce, report or off
 * @param partitionBytes data a partition holds before it splits (10 GB)
 * @param burstSeconds unused capacity kept per partition (300 s)
 * @param adaptive whether a hot partition may borrow the table's unused capacity
 * @param heatSplitSeconds how long a partition must stay hot (near its hard limit, with more than one
 *                         key) before it is split for heat; 0 disables splits for heat
 * @param timeRules whether UpdateTable's decrease budget applies (4 throughput decreases per UTC day, then
 *                  one per hour, per table and per GSI); off by default so tests are not stuck
 */
public record CapacitySettings(CapacityMode mode, long partitionBytes, double burstSeconds, boolean adaptive,
                               double heatSplitSeconds, boolean timeRules) {
    public static final long GB = 1L << 30;
    public static final double PARTITION_MAX_RCU = 3000;
    public static final double PARTITION_MAX_WCU = 1000;

    public static CapacitySettings defaults() {
        return new CapacitySettings(CapacityMode.REPORT, 10 * GB, 300, true, 300, false);
    }

    public CapacitySettings withMode(CapacityMode m) {
        return new CapacitySettings(m, partitionBytes, burstSeconds, adaptive, heatSplitSeconds, timeRules);
    }

    public CapacitySettings withPartitionBytes(long b) {
        return new CapacitySettings(mode, b, burstSeconds, adaptive, heatSplitSeconds, timeRules);
    }

    public CapacitySettings withBurstSeconds(double b) {
        return new CapacitySettings(mode, partitionBytes, b, adaptive, heatSplitSeconds, timeRules);
    }

    public CapacitySettings withAdaptive(boolean a) {
        return new CapacitySettings(mode, partitionBytes, burstSeconds, a, heatSplitSeconds, timeRules);
    }

    public CapacitySettings withHeatSplitSeconds(double s) {
        return new CapacitySettings(mode, partitionBytes, burstSeconds, adaptive, s, timeRules);
    }

    public CapacitySettings withTimeRules(boolean t) {
        return new CapacitySettings(mode, partitionBytes, burstSeconds, adaptive, heatSplitSeconds, t);
    }

    /**
     * The service's partition count: by size, one per {@code partitionBytes}; by throughput,
     * RCU / 3000 + WCU / 1000; the larger of the two, at least one.
     */
    public static int partitionCount(long sizeBytes, double rcu, double wcu, long partitionBytes) {
        long bySize = (sizeBytes + partitionBytes - 1) / partitionBytes;
        long byThroughput = (long) Math.ceil(rcu / PARTITION_MAX_RCU + wcu / PARTITION_MAX_WCU - 1e-9);
        return (int) Math.max(1, Math.min(1 << 20, Math.max(bySize, byThroughput)));
    }
}
