package io.basalt;

import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.server.http.HttpService;
import io.basalt.server.http.RequestDispatcher;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.memory.MemoryStorage;
import io.basalt.storage.rocksdb.RocksStorage;
import java.net.URI;

/**
 * A running Basalt server. Embedders (for example a user's JUnit tests) start one in-process:
 * <pre>{@code
 * try (Basalt db = Basalt.start(BasaltConfig.inMemoryOnFreePort())) {
 *     DynamoDbClient client = DynamoDbClient.builder().endpointOverride(db.endpoint())...
 * }
 * }</pre>
 */
public final class Basalt implements AutoCloseable {
    private final Engine engine;
    private final HttpService http;
    private final HttpService https;
    private final io.basalt.server.admin.AdminService admin;
    /** Every front end, in start order; stopped in reverse. */
    private final java.util.List<io.basalt.server.Service> services;
    private final AutoCloseable accessLog;
    /** The RocksDB data directory, made private again when the server stops; null for other stores. */
    private java.nio.file.Path dataDir;

    private Basalt(Engine engine, HttpService http, HttpService https, io.basalt.server.admin.AdminService admin,
                   java.util.List<io.basalt.server.Service> services, AutoCloseable accessLog) {
        this.accessLog = accessLog;
        this.engine = engine;
        this.http = http;
        this.https = https;
        this.admin = admin;
        this.services = services;
    }

    /** Opens the store and starts the DynamoDB endpoint(s). */
    public static Basalt start(BasaltConfig config) {
        io.basalt.server.auth.CredentialStore credentials = credentials(config);
        io.basalt.server.auth.Authenticator authenticator = authenticator(config, credentials);
        if (config.adminPort() >= 0 && credentials == null && config.effectiveAuthMode() == io.basalt.server.auth.AuthMode.ANY
                && !loopback(config.http().adminHost())) {
            throw new IllegalStateException("Refusing to serve the admin port on " + config.http().adminHost() + " without credentials:"
                    + " anyone who reaches it could list every account's tables. Give --auth-file FILE, or --auth none-i-know.");
        }
        io.basalt.server.http.BrowserGuards apiGuards, adminGuards;
        try {
            apiGuards = io.basalt.server.http.BrowserGuards.of(config.host(), config.http().allowedHosts(), config.http().cors());
            adminGuards = io.basalt.server.http.BrowserGuards.of(config.http().adminHost(), config.http().allowedHosts(), config.http().cors());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        boolean tls = config.tlsCert() != null || config.tlsKey() != null;
        if (tls && (config.tlsCert() == null || config.tlsKey() == null)) {
            throw new IllegalStateException("TLS needs both --tls-cert and --tls-key");
        }
        if (config.port() == BasaltConfig.NO_PORT && !tls) {
            throw new IllegalStateException("No endpoint to serve: the plain port is off and no TLS certificate is given");
        }
        StorageEngine storage = openStorage(config);
        Engine engine = new Engine(storage, new io.basalt.engine.EngineSettings(config.times(),
                io.basalt.engine.capacity.CapacitySettings.defaults().withMode(config.capacity())
                        .withTimeRules(config.capacityTimeRules()),
                config.clock(), config.streamRetentionSeconds(), config.itemCollectionLimitBytes(), config.largeReadSlots(),
                config.inMemory() || config.cassandra() != null ? null : config.dataDir().resolve(BACKUPS_DIR), config.exportRoot(),
                config.s3Endpoint() == null ? null : new S3ObjectStore(config.s3Endpoint(), config.s3Region())));
        io.basalt.engine.metrics.RequestMetrics metrics = new io.basalt.engine.metrics.RequestMetrics();
        io.basalt.server.auth.AccessLog accessLog = null;
        if (config.accessLog() != null) {
            try {
                accessLog = io.basalt.server.auth.AccessLog.open(config.accessLog());
            } catch (java.io.IOException e) {
                engine.close();
                throw new IllegalStateException("Cannot write the access log " + config.accessLog() + ": " + e.getMessage(), e);
            }
        }
        RequestDispatcher dispatcher = new RequestDispatcher(
                new OperationRegistry(engine, io.basalt.server.auth.ResourcePolicyGrammar.INSTANCE), metrics)
                .authenticator(authenticator).accessLog(accessLog);
        // policies are evaluated only where signatures are verified (--auth verify)
        dispatcher.namespaces(config.namespaces());
        io.basalt.server.auth.Authorizer dispatcherAuthorizer = credentials == null ? null
                : new io.basalt.server.auth.Authorizer(credentials, engine::catalog, config.clock(), config.namespaces());
        if (dispatcherAuthorizer != null) dispatcher.authorizer(dispatcherAuthorizer);
        io.basalt.server.http.HttpLimits limits = io.basalt.server.http.HttpLimits.defaults(config.workerThreads());
        if (config.maxConnections() > 0) limits = limits.withMaxConnections(config.maxConnections());
        limits = limits.withDeadlines(java.time.Duration.ofMillis(config.http().headerTimeoutMillis()),
                java.time.Duration.ofMillis(config.http().bodyTimeoutMillis()));
        if (config.http().maxConnectionsPerSource() > 0) limits = limits.withMaxConnectionsPerSource(config.http().maxConnectionsPerSource());
        HttpService http = config.port() == BasaltConfig.NO_PORT ? null
                : new HttpService(config.host(), config.port(), dispatcher, config.workerThreads(), limits)
                        .inlineReads(config.inlineReads()).leakDetection(config.leakDetection()).browserGuards(apiGuards);
        HttpService https = null;
        if (tls) {
            try {
                https = new HttpService(config.host(), config.tlsPort(), dispatcher, config.workerThreads(), limits)
                        .inlineReads(config.inlineReads()).leakDetection(config.leakDetection()).browserGuards(apiGuards)
                        .tls(config.tlsCert(), config.tlsKey());
            } catch (IllegalStateException unusable) {
                engine.close();
                throw unusable;
            }
        }
        io.basalt.server.http.HttpLimits adminLimits = io.basalt.server.http.HttpLimits.admin()
                .withDeadlines(limits.headerTimeout(), limits.bodyTimeout());
        io.basalt.server.admin.AdminService admin = config.adminPort() < 0 ? null
                : new io.basalt.server.admin.AdminService(config.http().adminHost(), config.adminPort(), engine, metrics,
                        http == null ? () -> -1 : http::port, adminLimits, adminGuards, credentials,
                        dispatcherAuthorizer, config.namespaces(), config.clock());
        java.util.List<io.basalt.server.Service> services = new java.util.ArrayList<>();
        for (io.basalt.server.Service s : new io.basalt.server.Service[] {http, https, admin}) if (s != null) services.add(s);
        if (storage instanceof RocksStorage rocks) services.add(control(rocks, config.dataDir()));
        java.util.List<io.basalt.server.Service> started = new java.util.ArrayList<>();
        try {
            for (io.basalt.server.Service s : services) {
                s.start();
                started.add(0, s);
            }
        } catch (Exception e) {
            for (io.basalt.server.Service s : started) s.stop();
            if (accessLog != null) accessLog.close();
            engine.close();
            throw new IllegalStateException("Cannot start Basalt on " + config.host() + ": " + e, e);
        }
        Basalt basalt = new Basalt(engine, http, https, admin, java.util.List.copyOf(started), accessLog);
        if (storage instanceof RocksStorage) basalt.dataDir = config.dataDir();
        return basalt;
    }

    /**
     * Who may send requests. Checked before anything is opened: a server that would be open to the
     * network without credentials refuses to start unless told so explicitly.
     */
    /** The auth file's keys and policies when signatures are verified, else null. */
    static io.basalt.server.auth.CredentialStore credentials(BasaltConfig config) {
        if (!config.effectiveAuthMode().verifies()) return null;
        if (config.authFile() == null) {
            throw new IllegalStateException("--auth verify needs --auth-file FILE (create one with: basalt auth add-user NAME --account ID --auth-file FILE)");
        }
        try {
            return io.basalt.server.auth.CredentialStore.open(config.authFile());
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Cannot read the auth file " + config.authFile() + ": " + e.getMessage(), e);
        }
    }

    private static io.basalt.server.auth.Authenticator authenticator(BasaltConfig config, io.basalt.server.auth.CredentialStore credentials) {
        io.basalt.server.auth.AuthMode mode = config.effectiveAuthMode();
        if (mode.verifies()) {
            return io.basalt.server.auth.Authenticator.verifying(new io.basalt.server.auth.SigV4Verifier(credentials, config.clock()));
        }
        if (mode == io.basalt.server.auth.AuthMode.ANY && !loopback(config.host())) {
            throw new IllegalStateException("Refusing to listen on " + config.host() + " without credentials: anyone who reaches it could"
                    + " read and delete every table. Give --auth-file FILE (basalt auth add-user ...), or --auth none-i-know"
                    + " to accept any signature on the network anyway.");
        }
        return io.basalt.server.auth.Authenticator.ANY_SIGNATURE;
    }

    private static boolean loopback(String host) {
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /**
     * The control socket of a store on disk: {@code backup DIR} writes a whole-store backup of the
     * open store (what {@code basalt backup} asks for while this server holds the store).
     */
    private static io.basalt.server.control.ControlService control(RocksStorage rocks, java.nio.file.Path dataDir) {
        return new io.basalt.server.control.ControlService(dataDir, line -> {
            if (!line.startsWith("backup ")) return "error unknown command: " + line;
            java.nio.file.Path to = java.nio.file.Path.of(line.substring("backup ".length()).strip());
            if (!to.isAbsolute()) return "error the backup directory must be an absolute path";
            try {
                StoreBackup.Written w = StoreBackup.write(rocks::checkpoint, dataDir, to);
                return "ok " + w.files() + " files, " + w.bytes() + " bytes";
            } catch (java.io.IOException | RuntimeException e) {
                return "error " + e.getMessage();
            }
        });
    }

    /** The storage engine the configuration asks for: the choice of engine belongs to the wiring. */
    /** The directory of on-demand backups inside the data directory (RocksDB leaves foreign directories alone). */
    public static final String BACKUPS_DIR = "backups";

    static StorageEngine openStorage(BasaltConfig config) {
        if (config.inMemory()) return new MemoryStorage();
        if (config.cassandra() != null) return io.basalt.storage.cassandra.CassandraStorage.open(config.cassandra());
        privateDataDir(config.dataDir());
        RocksStorage rocks = RocksStorage.open(config.dataDir(), new RocksStorage.Settings(config.cacheMb() * 1024L * 1024L,
                config.groupCommit(), config.inlineDiskReads()));
        privateDataDir(config.dataDir());
        return rocks;
    }

    /**
     * Makes the data directory and everything in it private (directories 0700, files 0600) whatever
     * the umask: at start (before and after RocksDB opens it) and when the server stops, so the files
     * RocksDB made meanwhile with the umask's mode are private too (the 0700 directory keeps them from
     * other users while the server runs).
     */
    static void privateDataDir(java.nio.file.Path dir) {
        try {
            io.basalt.engine.PrivateFiles.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Cannot create the data directory " + dir + ": " + e.getMessage(), e);
        }
        try {
            io.basalt.engine.PrivateFiles.restrictTree(dir);
        } catch (java.io.IOException | RuntimeException e) {
            // e.g. a data directory another user owns (a mounted volume): the server still runs, the operator is told
            org.slf4j.LoggerFactory.getLogger(Basalt.class).warn("Could not make the data directory {} private (0700/0600): {}", dir, e.toString());
        }
    }

    /** Starts an in-memory server on a free port. */
    public static Basalt startInMemory() {
        return start(BasaltConfig.inMemoryOnFreePort());
    }

    /** The plain HTTP port, or the HTTPS port when there is no plain endpoint. */
    public int port() {
        return http != null ? http.port() : https.port();
    }

    /** The HTTPS port, or -1 when TLS is not configured. */
    public int tlsPort() {
        return https == null ? -1 : https.port();
    }

    /**
     * The endpoint URL to give an AWS SDK client, on the address the server listens on, e.g.
     * http://127.0.0.2:54321 (https when only TLS is served). A server listening on every interface
     * (0.0.0.0, ::) is reached through the loopback address of that family: a wildcard is not an
     * address a client can connect to.
     */
    public URI endpoint() {
        return http != null ? URI.create("http://" + hostOf(http) + ":" + http.port()) : tlsEndpoint();
    }

    /** The HTTPS endpoint URL, or null when TLS is not configured ("localhost" for loopback, as certificates name it). */
    public URI tlsEndpoint() {
        if (https == null) return null;
        java.net.InetAddress a = https.address().getAddress();
        String host = a.isAnyLocalAddress() || a.isLoopbackAddress() ? "localhost" : hostOf(https);
        return URI.create("https://" + host + ":" + https.port());
    }

    private static String hostOf(HttpService service) {
        java.net.InetAddress a = service.address().getAddress();
        if (a.isAnyLocalAddress()) return a instanceof java.net.Inet6Address ? "[::1]" : "127.0.0.1";
        String text = a.getHostAddress();
        int zone = text.indexOf('%');
        if (zone >= 0) text = text.substring(0, zone);
        return a instanceof java.net.Inet6Address ? "[" + text + "]" : text;
    }

    public Engine engine() {
        return engine;
    }

    /** The admin service's port (metrics, partitions), or -1 when it is not running. */
    public int adminPort() {
        return admin == null ? -1 : admin.port();
    }

    /** Stops the front ends (last started first), then closes the store. */
    @Override
    public void close() {
        for (io.basalt.server.Service s : services) s.stop();
        if (accessLog != null) {
            try {
                accessLog.close();
            } catch (Exception e) {
                // AccessLog.close reports its own trouble
            }
        }
        engine.close();
        if (dataDir != null) privateDataDir(dataDir);
    }
}
