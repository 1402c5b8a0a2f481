package io.basalt.engine;

import io.basalt.engine.capacity.CapacitySettings;

/**
 * What the engine of one instance is told by its configuration (built by the wiring from
 * {@code BasaltConfig}; tests build it directly).
 *
 * @param times TTL sweep interval, shard rollover, status delays
 * @param capacity capacity simulation (mode, partitions, burst, time rules)
 * @param clock the instance's one source of time
 * @param streamRetentionSeconds how long stream records stay readable (the service: 24 h)
 * @param itemCollectionLimitBytes item-collection size limit of tables with LSIs (the service: 10 GB)
 * @param largeReadSlots large responses built at once; 0 = twice the processors, at least 4
 * @param backupDir where on-demand backups keep their data; null keeps them in memory (in-memory stores)
 * @param exportRoot the directory S3 buckets of exports map to (a bucket is a subdirectory); null: no exports
 * @param objectStore the S3-compatible store exports and imports use instead of {@code exportRoot}, or null
 */
public record EngineSettings(TimeSettings times, CapacitySettings capacity, Clock clock, long streamRetentionSeconds,
                             long itemCollectionLimitBytes, int largeReadSlots, java.nio.file.Path backupDir,
                             java.nio.file.Path exportRoot, io.basalt.engine.transfer.ObjectStore objectStore) {
    /** Settings without an S3-compatible store. */
    public EngineSettings(TimeSettings times, CapacitySettings capacity, Clock clock, long streamRetentionSeconds,
                          long itemCollectionLimitBytes, int largeReadSlots, java.nio.file.Path backupDir,
                          java.nio.file.Path exportRoot) {
        this(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, null);
    }

    /** Settings without an export root. */
    public EngineSettings(TimeSettings times, CapacitySettings capacity, Clock clock, long streamRetentionSeconds,
                          long itemCollectionLimitBytes, int largeReadSlots, java.nio.file.Path backupDir) {
        this(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, null, null);
    }

    public static final long DEFAULT_STREAM_RETENTION_SECONDS = 24 * 3600;
    public static final long DEFAULT_ITEM_COLLECTION_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

    public static EngineSettings defaults() {
        return new EngineSettings(TimeSettings.defaults(), CapacitySettings.defaults(), Clock.SYSTEM,
                DEFAULT_STREAM_RETENTION_SECONDS, DEFAULT_ITEM_COLLECTION_LIMIT_BYTES, 0, null);
    }

    public EngineSettings withTimes(TimeSettings t) { return new EngineSettings(t, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, objectStore); }
    public EngineSettings withCapacity(CapacitySettings c) { return new EngineSettings(times, c, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, objectStore); }
    public EngineSettings withClock(Clock c) { return new EngineSettings(times, capacity, c, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, objectStore); }
    public EngineSettings withStreamRetentionSeconds(long s) { return new EngineSettings(times, capacity, clock, s, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, objectStore); }
    public EngineSettings withItemCollectionLimitBytes(long b) { return new EngineSettings(times, capacity, clock, streamRetentionSeconds, b, largeReadSlots, backupDir, exportRoot, objectStore); }
    public EngineSettings withBackupDir(java.nio.file.Path d) { return new EngineSettings(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, d, exportRoot, objectStore); }
    public EngineSettings withExportRoot(java.nio.file.Path r) { return new EngineSettings(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, r, objectStore); }
    public EngineSettings withObjectStore(io.basalt.engine.transfer.ObjectStore o) { return new EngineSettings(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, largeReadSlots, backupDir, exportRoot, o); }
    public EngineSettings withLargeReadSlots(int n) { return new EngineSettings(times, capacity, clock, streamRetentionSeconds, itemCollectionLimitBytes, n, backupDir, exportRoot, objectStore); }
}
