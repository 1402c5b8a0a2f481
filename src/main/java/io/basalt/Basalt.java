package io.basalt;

import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.protocol.HttpService;
import io.basalt.protocol.RequestDispatcher;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.StorageEngines;
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

    private Basalt(Engine engine, HttpService http) {
        this.engine = engine;
        this.http = http;
    }

    /** Opens the store and starts the DynamoDB endpoint. */
    public static Basalt start(BasaltConfig config) {
        StorageEngine storage = StorageEngines.open(config);
        Engine engine = new Engine(storage, config.times());
        HttpService http = new HttpService(config.host(), config.port(),
                new RequestDispatcher(new OperationRegistry(engine)), config.workerThreads());
        try {
            http.start();
        } catch (Exception e) {
            http.stop();
            engine.close();
            throw new IllegalStateException("Cannot start Basalt on " + config.host() + ":" + config.port() + ": " + e, e);
        }
        return new Basalt(engine, http);
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

    /** Stops the endpoint and closes the store. */
    @Override
    public void close() {
        http.stop();
        engine.close();
    }
}
