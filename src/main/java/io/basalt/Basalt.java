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
        StorageEngine storage = openStorage(config);
        Engine engine = new Engine(storage, new io.basalt.engine.EngineSettings(config.times(),
                io.basalt.engine.capacity.CapacitySettings.defaults().withMode(config.capacity())
                        .withTimeRules(config.capacityTimeRules()),
                config.clock(), config.streamRetentionSeconds(), config.itemCollectionLimitBytes(), config.largeReadSlots()));
        io.basalt.server.http.RequestMetrics metrics = new io.basalt.server.http.RequestMetrics();
        HttpService http = new HttpService(config.host(), config.port(),
                new RequestDispatcher(new OperationRegistry(engine), metrics), config.workerThreads());
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
