package io.basalt;

import io.basalt.engine.TimeSettings;
import io.basalt.engine.capacity.CapacityMode;
import java.nio.file.Path;

/**
 * Server settings. Built by the command line (flags, environment, config file) or by embedders.
 *
 * @param host interface to bind; 127.0.0.1 by default so a laptop server is not exposed
 * @param port 8000 by default; 0 picks a free port (embedded tests)
 * @param dataDir where the RocksDB store lives (ignored in memory)
 * @param inMemory keep nothing on disk
 * @param workerThreads request worker pool size
 * @param cacheMb RocksDB block cache size in MB
 * @param logLevel error, warn, info, debug or trace (command line only; embedders configure their own logging)
 * @param times TTL sweep interval, stream shard rollover, status transition delays (see {@link TimeSettings})
 * @param capacity enforce (throttle like the service), report (meter and simulate partitions, never
 *                 refuse; the default) or off
 * @param adminPort port of the admin HTTP service (Prometheus metrics, partitions as JSON); -1 = none, 0 = any free port
 * @param capacityTimeRules apply UpdateTable's capacity time limits (mode switch once per 24 h, decreases per day)
 */
public record BasaltConfig(String host, int port, Path dataDir, boolean inMemory, int workerThreads, int cacheMb,
                           String logLevel, TimeSettings times, CapacityMode capacity, int adminPort,
                           boolean capacityTimeRules) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8000;
    public static final String DEFAULT_DATA_DIR = "basalt-data";
    public static final int DEFAULT_WORKERS = 64;
    public static final int DEFAULT_CACHE_MB = 64;

    public static BasaltConfig defaults() {
        return new BasaltConfig(DEFAULT_HOST, DEFAULT_PORT, Path.of(DEFAULT_DATA_DIR), false, DEFAULT_WORKERS,
                DEFAULT_CACHE_MB, "info", TimeSettings.defaults(), CapacityMode.REPORT, -1, false);
    }

    /** In memory on a free port of 127.0.0.1: what a unit test wants. */
    public static BasaltConfig inMemoryOnFreePort() {
        return defaults().withPort(0).withInMemory(true).withWorkerThreads(32);
    }

    /** On disk in {@code dir}, on a free port of 127.0.0.1. */
    public static BasaltConfig onDiskOnFreePort(Path dir) {
        return defaults().withPort(0).withDataDir(dir);
    }

    public BasaltConfig withPort(int p) { return new BasaltConfig(host, p, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withHost(String h) { return new BasaltConfig(h, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withDataDir(Path d) { return new BasaltConfig(host, port, d, inMemory, workerThreads, cacheMb, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withInMemory(boolean m) { return new BasaltConfig(host, port, dataDir, m, workerThreads, cacheMb, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withWorkerThreads(int w) { return new BasaltConfig(host, port, dataDir, inMemory, w, cacheMb, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withCacheMb(int c) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, c, logLevel, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withTimes(TimeSettings t) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, t, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withTtlSweepMillis(long t) { return withTimes(times.withTtlSweepMillis(t)); }
    public BasaltConfig withLogLevel(String l) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, l, times, capacity, adminPort, capacityTimeRules); }
    public BasaltConfig withCapacity(CapacityMode c) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, c, adminPort, capacityTimeRules); }
    public BasaltConfig withAdminPort(int a) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, capacity, a, capacityTimeRules); }
    public BasaltConfig withCapacityTimeRules(boolean r) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, capacity, adminPort, r); }
}
