package io.basalt.server;

/**
 * A front end of the server (DynamoDB endpoint, later Streams, console, metrics). Every service has
 * the same life cycle, so the server starts and stops them uniformly.
 */
public interface Service extends AutoCloseable {
    /** Short name for logs, e.g. "dynamodb". */
    String name();

    /** Binds and starts serving; returns once the service accepts requests. */
    void start() throws Exception;

    /** The bound port (valid after start). */
    int port();

    /** Stops accepting, finishes or aborts in-flight requests, releases resources. Idempotent. */
    void stop();

    @Override
    default void close() {
        stop();
    }
}
