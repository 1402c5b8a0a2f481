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
    private final io.basalt.server.admin.AdminService admin;

    private Basalt(Engine engine, HttpService http, io.basalt.server.admin.AdminService admin) {
        this.engine = engine;
        this.http = http;
        this.admin = admin;
    }

    /** Opens the store and starts the DynamoDB endpoint. */
    public static Basalt start(BasaltConfig config) {
        io.basalt.server.auth.Authenticator authenticator = authenticator(config);
        StorageEngine storage = openStorage(config);
        Engine engine = new Engine(storage, new io.basalt.engine.EngineSettings(config.times(),
                io.basalt.engine.capacity.CapacitySettings.defaults().withMode(config.capacity())
                        .withTimeRules(config.capacityTimeRules()),
                config.clock(), config.streamRetentionSeconds(), config.itemCollectionLimitBytes(), config.largeReadSlots()));
        io.basalt.server.http.RequestMetrics metrics = new io.basalt.server.http.RequestMetrics();
        HttpService http = new HttpService(config.host(), config.port(),
                new RequestDispatcher(new OperationRegistry(engine), metrics).authenticator(authenticator), config.workerThreads());
        io.basalt.server.admin.AdminService admin = config.adminPort() < 0 ? null
                : new io.basalt.server.admin.AdminService(config.host(), config.adminPort(), engine, metrics);
        try {
            http.start();
            if (admin != null) admin.start();
        } catch (Exception e) {
            http.stop();
            if (admin != null) admin.stop();
            engine.close();
            throw new IllegalStateException("Cannot start Basalt on " + config.host() + ":" + config.port() + ": " + e, e);
        }
        return new Basalt(engine, http, admin);
    }

    /**
     * Who may send requests. Checked before anything is opened: a server that would be open to the
     * network without credentials refuses to start unless told so explicitly.
     */
    static io.basalt.server.auth.Authenticator authenticator(BasaltConfig config) {
        io.basalt.server.auth.AuthMode mode = config.effectiveAuthMode();
        if (mode.verifies()) {
            if (config.authFile() == null) {
                throw new IllegalStateException("--auth verify needs --auth-file FILE (create one with: basalt auth add-user NAME --account ID --auth-file FILE)");
            }
            try {
                return io.basalt.server.auth.Authenticator.verifying(new io.basalt.server.auth.SigV4Verifier(
                        io.basalt.server.auth.CredentialStore.open(config.authFile()), config.clock()));
            } catch (java.io.IOException e) {
                throw new IllegalStateException("Cannot read the auth file " + config.authFile() + ": " + e.getMessage(), e);
            }
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

    /** The storage engine the configuration asks for: the choice of engine belongs to the wiring. */
    static StorageEngine openStorage(BasaltConfig config) {
        if (config.inMemory()) return new MemoryStorage();
        return RocksStorage.open(config.dataDir(), config.cacheMb() * 1024L * 1024L);
    }

    /** Starts an in-memory server on a free port. */
    public static Basalt startInMemory() {
        return start(BasaltConfig.inMemoryOnFreePort());
    }

    public int port() {
        return http.port();
    }

    /** The endpoint URL to give an AWS SDK client, e.g. http://127.0.0.1:54321. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + http.port());
    }

    public Engine engine() {
        return engine;
    }

    /** The admin service's port (metrics, partitions), or -1 when it is not running. */
    public int adminPort() {
        return admin == null ? -1 : admin.port();
    }

    /** Stops the endpoint and closes the store. */
    @Override
    public void close() {
        http.stop();
        if (admin != null) admin.stop();
        engine.close();
    }
}
