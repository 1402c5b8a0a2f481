package io.basalt;

import java.nio.file.Path;

/**
 * Server settings. Built by the command line (flags, config file, environment) or by embedders.
 *
 * @param host interface to bind; 127.0.0.1 by default so a laptop server is not exposed
 * @param port 8000 by default; 0 picks a free port (embedded tests)
 * @param dataDir where the RocksDB store lives (ignored in memory)
 * @param inMemory keep nothing on disk
 * @param workerThreads request worker pool size
 */
public record BasaltConfig(String host, int port, Path dataDir, boolean inMemory, int workerThreads) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8000;
    public static final String DEFAULT_DATA_DIR = "basalt-data";

    public static BasaltConfig defaults() {
        return new BasaltConfig(DEFAULT_HOST, DEFAULT_PORT, Path.of(DEFAULT_DATA_DIR), false, 64);
    }

    /** In memory on a free port of 127.0.0.1: what a unit test wants. */
    public static BasaltConfig inMemoryOnFreePort() {
        return new BasaltConfig(DEFAULT_HOST, 0, null, true, 32);
    }

    public BasaltConfig withPort(int p) { return new BasaltConfig(host, p, dataDir, inMemory, workerThreads); }
    public BasaltConfig withHost(String h) { return new BasaltConfig(h, port, dataDir, inMemory, workerThreads); }
    public BasaltConfig withDataDir(Path d) { return new BasaltConfig(host, port, d, false, workerThreads); }
    public BasaltConfig withInMemory(boolean m) { return new BasaltConfig(host, port, dataDir, m, workerThreads); }
    public BasaltConfig withWorkerThreads(int w) { return new BasaltConfig(host, port, dataDir, inMemory, w); }
}
