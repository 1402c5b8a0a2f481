package io.basalt;

import io.basalt.engine.Clock;
import io.basalt.engine.TimeSettings;
import io.basalt.engine.capacity.CapacityMode;
import io.basalt.server.auth.AuthMode;
import java.nio.file.Path;

/**
 * The settings of one Basalt instance. Built by the command line (flags, environment, config file) or
 * by embedders; every switch and limit lives here, never in a static or a JVM system property, so
 * two instances in one JVM can run with different settings.
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
 * @param capacityTimeRules apply UpdateTable's decrease budget (4 throughput decreases per UTC day, then one per hour)
 * @param clock the instance's one source of time (streams, TTL, capacity, backfills); tests inject a
 *              {@link io.basalt.engine.ManualClock}
 * @param inlineReads network threads try point reads from memory before handing a request to a worker
 * @param inlineDiskReads network threads may also read table files while those reads are fast (page cache)
 * @param largeReadSlots how many large responses (Scan/Query pages, BatchGetItem answers past 64 KB) are
 *                       built at once; 0 = twice the processors, at least 4
 * @param groupCommit concurrent writers share one synced write (off: RocksDB groups them itself; for A/B)
 * @param streamRetentionSeconds how long stream records stay readable (the service: 24 h)
 * @param itemCollectionLimitBytes the item-collection size limit of tables with LSIs (the service: 10 GB)
 * @param leakDetection Netty's buffer leak detection level: disabled, simple, advanced or paranoid
 * @param authMode how requests are authenticated; null = verify when an auth file is given, else any
 * @param authFile the credentials file (accounts, users, keys, policies), or null
 * @param tlsPort port of the HTTPS endpoint (0 = any free port) when a certificate is given
 * @param tlsCert PEM certificate chain of the HTTPS endpoint, or null for none
 * @param tlsKey PEM private key (PKCS#8) of that certificate
 * @param maxConnections open connections per endpoint; 0 = 10,000 or half the file descriptor limit
 * @param accessLog file the access log is appended to (JSON lines), or null for none
 * @param cassandra store on an Apache Cassandra cluster with these settings, or null for the embedded store
 *                  (docs/scale-out.md)
 * @param namespaces tables per account and region as in the service (--region home region, default
 *                   us-east-1), or per account whatever the region (--regions shared)
 * @param exportRoot the directory S3 buckets of ExportTableToPointInTime map to (a bucket is a subdirectory), or null
 * @param s3Endpoint the S3-compatible endpoint exports and imports use instead (path-style; credentials from the
 *                   AWS default chain), or null
 * @param s3Region the region requests to that endpoint are signed for (null: us-east-1)
 * @param http the admin port's interface, Host and CORS checks, header/body deadlines, per-address connections
 */
public record BasaltConfig(String host, int port, Path dataDir, boolean inMemory, int workerThreads, int cacheMb,
                           String logLevel, TimeSettings times, CapacityMode capacity, int adminPort,
                           boolean capacityTimeRules, Clock clock, boolean inlineReads, boolean inlineDiskReads,
                           int largeReadSlots, boolean groupCommit, long streamRetentionSeconds,
                           long itemCollectionLimitBytes, String leakDetection, AuthMode authMode, Path authFile,
                           int tlsPort, Path tlsCert, Path tlsKey, int maxConnections, Path accessLog,
                           io.basalt.storage.cassandra.CassandraSettings cassandra, io.basalt.model.Namespaces namespaces,
                           Path exportRoot, String s3Endpoint, String s3Region, HttpSettings http) {
    /** The port value that turns the plain HTTP endpoint off (HTTPS only). */
    public static final int NO_PORT = -1;
    public static final int DEFAULT_TLS_PORT = 8443;

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8000;
    public static final String DEFAULT_DATA_DIR = "basalt-data";
    public static final int DEFAULT_WORKERS = 64;
    public static final int DEFAULT_CACHE_MB = 64;
    public static final long DEFAULT_STREAM_RETENTION_SECONDS = io.basalt.engine.EngineSettings.DEFAULT_STREAM_RETENTION_SECONDS;
    public static final long DEFAULT_ITEM_COLLECTION_LIMIT_BYTES = io.basalt.engine.EngineSettings.DEFAULT_ITEM_COLLECTION_LIMIT_BYTES;

    public static BasaltConfig defaults() {
        return new Builder().build();
    }

    /** In memory on a free port of 127.0.0.1: what a unit test wants. */
    public static BasaltConfig inMemoryOnFreePort() {
        return defaults().withPort(0).withInMemory(true).withWorkerThreads(32);
    }

    /** On disk in {@code dir}, on a free port of 127.0.0.1. */
    public static BasaltConfig onDiskOnFreePort(Path dir) {
        return defaults().withPort(0).withDataDir(dir);
    }

    /** A builder holding this configuration's values, to change several at once. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public BasaltConfig withPort(int p) { return toBuilder().port(p).build(); }
    public BasaltConfig withHost(String h) { return toBuilder().host(h).build(); }
    public BasaltConfig withDataDir(Path d) { return toBuilder().dataDir(d).build(); }
    public BasaltConfig withInMemory(boolean m) { return toBuilder().inMemory(m).build(); }
    public BasaltConfig withWorkerThreads(int w) { return toBuilder().workerThreads(w).build(); }
    public BasaltConfig withCacheMb(int c) { return toBuilder().cacheMb(c).build(); }
    public BasaltConfig withTimes(TimeSettings t) { return toBuilder().times(t).build(); }
    public BasaltConfig withTtlSweepMillis(long t) { return withTimes(times.withTtlSweepMillis(t)); }
    public BasaltConfig withLogLevel(String l) { return toBuilder().logLevel(l).build(); }
    public BasaltConfig withCapacity(CapacityMode c) { return toBuilder().capacity(c).build(); }
    public BasaltConfig withAdminPort(int a) { return toBuilder().adminPort(a).build(); }
    public BasaltConfig withCapacityTimeRules(boolean r) { return toBuilder().capacityTimeRules(r).build(); }
    public BasaltConfig withClock(Clock c) { return toBuilder().clock(c).build(); }
    public BasaltConfig withExportRoot(Path d) { return toBuilder().exportRoot(d).build(); }
    public BasaltConfig withS3(String endpoint, String region) { return toBuilder().s3Endpoint(endpoint).s3Region(region).build(); }
    public BasaltConfig withAuthFile(Path f) { return toBuilder().authFile(f).build(); }
    public BasaltConfig withAuthMode(AuthMode m) { return toBuilder().authMode(m).build(); }
    public BasaltConfig withCassandra(io.basalt.storage.cassandra.CassandraSettings c) { return toBuilder().cassandra(c).build(); }
    public BasaltConfig withTls(int port, Path cert, Path key) { return toBuilder().tlsPort(port).tlsCert(cert).tlsKey(key).build(); }
    public BasaltConfig withHttp(HttpSettings h) { return toBuilder().http(h).build(); }

    /** The mode in force: as set, else verify when there is an auth file, else any. */
    public AuthMode effectiveAuthMode() {
        return authMode != null ? authMode : authFile != null ? AuthMode.VERIFY : AuthMode.ANY;
    }

    /** Builds a configuration; unset values are the defaults. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private Path dataDir = Path.of(DEFAULT_DATA_DIR);
        private boolean inMemory;
        private int workerThreads = DEFAULT_WORKERS;
        private int cacheMb = DEFAULT_CACHE_MB;
        private String logLevel = "info";
        private TimeSettings times = TimeSettings.defaults();
        private CapacityMode capacity = CapacityMode.REPORT;
        private int adminPort = -1;
        private boolean capacityTimeRules;
        private Clock clock = Clock.SYSTEM;
        private boolean inlineReads = true;
        private boolean inlineDiskReads = true;
        private int largeReadSlots;
        private boolean groupCommit = true;
        private long streamRetentionSeconds = DEFAULT_STREAM_RETENTION_SECONDS;
        private long itemCollectionLimitBytes = DEFAULT_ITEM_COLLECTION_LIMIT_BYTES;
        private String leakDetection = "disabled";
        private AuthMode authMode;
        private Path authFile;
        private int tlsPort = DEFAULT_TLS_PORT;
        private Path tlsCert;
        private Path tlsKey;
        private int maxConnections;
        private Path accessLog;
        private io.basalt.storage.cassandra.CassandraSettings cassandra;
        private Path exportRoot;
        private String s3Endpoint;
        private String s3Region;
        private io.basalt.model.Namespaces namespaces = io.basalt.model.Namespaces.SEPARATE;
        private HttpSettings http = HttpSettings.defaults();

        public Builder() {}

        Builder(BasaltConfig c) {
            host = c.host; port = c.port; dataDir = c.dataDir; inMemory = c.inMemory; workerThreads = c.workerThreads;
            cacheMb = c.cacheMb; logLevel = c.logLevel; times = c.times; capacity = c.capacity; adminPort = c.adminPort;
            capacityTimeRules = c.capacityTimeRules; clock = c.clock; inlineReads = c.inlineReads;
            inlineDiskReads = c.inlineDiskReads; largeReadSlots = c.largeReadSlots; groupCommit = c.groupCommit;
            streamRetentionSeconds = c.streamRetentionSeconds; itemCollectionLimitBytes = c.itemCollectionLimitBytes;
            leakDetection = c.leakDetection;
            authMode = c.authMode;
            authFile = c.authFile;
            tlsPort = c.tlsPort;
            tlsCert = c.tlsCert;
            tlsKey = c.tlsKey;
            maxConnections = c.maxConnections;
            accessLog = c.accessLog;
            cassandra = c.cassandra;
            exportRoot = c.exportRoot;
            s3Endpoint = c.s3Endpoint;
            s3Region = c.s3Region;
            namespaces = c.namespaces;
            http = c.http;
        }

        public Builder host(String v) { host = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder dataDir(Path v) { dataDir = v; return this; }
        public Builder inMemory(boolean v) { inMemory = v; return this; }
        public Builder workerThreads(int v) { workerThreads = v; return this; }
        public Builder cacheMb(int v) { cacheMb = v; return this; }
        public Builder logLevel(String v) { logLevel = v; return this; }
        public Builder times(TimeSettings v) { times = v; return this; }
        public Builder capacity(CapacityMode v) { capacity = v; return this; }
        public Builder adminPort(int v) { adminPort = v; return this; }
        public Builder capacityTimeRules(boolean v) { capacityTimeRules = v; return this; }
        public Builder clock(Clock v) { clock = v; return this; }
        public Builder inlineReads(boolean v) { inlineReads = v; return this; }
        public Builder inlineDiskReads(boolean v) { inlineDiskReads = v; return this; }
        public Builder largeReadSlots(int v) { largeReadSlots = v; return this; }
        public Builder groupCommit(boolean v) { groupCommit = v; return this; }
        public Builder streamRetentionSeconds(long v) { streamRetentionSeconds = v; return this; }
        public Builder itemCollectionLimitBytes(long v) { itemCollectionLimitBytes = v; return this; }
        public Builder leakDetection(String v) { leakDetection = v; return this; }
        public Builder authMode(AuthMode v) { authMode = v; return this; }
        public Builder authFile(Path v) { authFile = v; return this; }
        public Builder tlsPort(int v) { tlsPort = v; return this; }
        public Builder tlsCert(Path v) { tlsCert = v; return this; }
        public Builder tlsKey(Path v) { tlsKey = v; return this; }
        public Builder maxConnections(int v) { maxConnections = v; return this; }
        public Builder accessLog(Path v) { accessLog = v; return this; }
        public Builder cassandra(io.basalt.storage.cassandra.CassandraSettings v) { cassandra = v; return this; }
        public Builder exportRoot(Path v) { exportRoot = v; return this; }
        public Builder s3Endpoint(String v) { s3Endpoint = v; return this; }
        public Builder s3Region(String v) { s3Region = v; return this; }
        public Builder namespaces(io.basalt.model.Namespaces v) { namespaces = v; return this; }
        public Builder http(HttpSettings v) { http = v; return this; }

        public BasaltConfig build() {
            return new BasaltConfig(host, port, dataDir, inMemory, workerThreads, cacheMb, logLevel, times, capacity,
                    adminPort, capacityTimeRules, clock, inlineReads, inlineDiskReads, largeReadSlots, groupCommit,
                    streamRetentionSeconds, itemCollectionLimitBytes, leakDetection, authMode, authFile,
                    tlsPort, tlsCert, tlsKey, maxConnections, accessLog, cassandra, namespaces, exportRoot,
                    s3Endpoint, s3Region, http);
        }
    }
}
