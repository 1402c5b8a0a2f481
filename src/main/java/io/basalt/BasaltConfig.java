package io.basalt;

import io.basalt.engine.TimeSettings;
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
 */
public record BasaltConfig(String host, int port, Path dataDir, boolean inMemory, int workerThreads, int cacheMb,
                           String logLevel, TimeSettings times) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8000;
    public static final String DEFAULT_DATA_DIR = "basalt-data";
    public static final int DEFAULT_WORKERS = 64;
    public static final int DEFAULT_CACHE_MB = 64;

    public static BasaltConfig defaults() {
        return new BasaltConfig(DEFAULT_HOST, DEFAULT_PORT, Path.of(DEFAULT_DATA_DIR), false, DEFAULT_WORKERS,
                DEFAULT_CACHE_MB, "info", TimeSettings.defaults());
    }

    /** In memory on a free port of 127.0.0.1: what a unit test wants. */
    public static BasaltConfig inMemoryOnFreePort() {
        return defaults().withPort(0).withInMemory(true).withWorkerThreads(32);
    }

    /** On disk in {@code dir}, on a free port of 127.0.0.1. */
    public static BasaltConfig onDiskOnFreePort(Path dir) {
        return defaults().withPort(0).withDataDir(dir);
    }

    public BasaltConfig withPort(int p) { return new BasaltConfig(host, p, dataDir, inMemory, workerThreads, cacheMb, logLevel, times); }
    public BasaltConfig withHost(String h) { return new BasaltConfig(h, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times); }
    public BasaltConfig withDataDir(Path d) { return new BasaltConfig(host, port, d, inMemory, workerThreads, cacheMb, logLevel, times); }
    public BasaltConfig withInMemory(boolean m) { return new BasaltConfig(host, port, dataDir, m, workerThreads, cacheMb, logLevel, times); }
    public BasaltConfig withWorkerThreads(int w) { return new BasaltConfig(host, port, dataDir, inMemory, w, cacheMb, logLevel, times); }
    public BasaltConfig withCacheMb(int c) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, c, logLevel, times); }
    public BasaltConfig withTimes(TimeSettings t) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, t); }
    public BasaltConfig withTtlSweepMillis(long t) { return withTimes(times.withTtlSweepMillis(t)); }
    public BasaltConfig withLogLevel(String l) { return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, l, times); }
}
