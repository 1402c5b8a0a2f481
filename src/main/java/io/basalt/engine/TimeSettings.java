package io.basalt.engine;

/**
 * The engine's clocks for background and asynchronous behaviour.
 *
 * @param ttlSweepMillis how often expired TTL items are looked for and deleted
 * @param shardRolloverMillis how long a stream shard stays open before it closes and a child
 *        opens (the service: roughly four hours)
 * @param statusDelayMillis how long a stream stays ENABLING / DISABLING and TTL stays ENABLING /
 *        DISABLING after a change; 0 (default) completes changes at once, as tables become ACTIVE
 * @param ttlChangeIntervalMillis the minimum time between two TTL changes of a table; the service
 *        allows one per hour (3,600,000), Basalt by default does not limit (0)
 */
public record TimeSettings(long ttlSweepMillis, long shardRolloverMillis, long statusDelayMillis, long ttlChangeIntervalMillis) {
    public static final long DEFAULT_TTL_SWEEP_MILLIS = 1000;
    public static final long DEFAULT_SHARD_ROLLOVER_MILLIS = 4 * 3600 * 1000L;

    public static TimeSettings defaults() {
        return new TimeSettings(DEFAULT_TTL_SWEEP_MILLIS, DEFAULT_SHARD_ROLLOVER_MILLIS, 0, 0);
    }

    public TimeSettings withTtlSweepMillis(long v) { return new TimeSettings(v, shardRolloverMillis, statusDelayMillis, ttlChangeIntervalMillis); }
    public TimeSettings withShardRolloverMillis(long v) { return new TimeSettings(ttlSweepMillis, v, statusDelayMillis, ttlChangeIntervalMillis); }
    public TimeSettings withStatusDelayMillis(long v) { return new TimeSettings(ttlSweepMillis, shardRolloverMillis, v, ttlChangeIntervalMillis); }
    public TimeSettings withTtlChangeIntervalMillis(long v) { return new TimeSettings(ttlSweepMillis, shardRolloverMillis, statusDelayMillis, v); }
}
