package io.basalt.server.http;

import java.time.Duration;

/**
 * Bounds of the HTTP endpoint, so no client can make it hold unbounded memory or connections.
 *
 * @param maxBodyBytes largest request body, after decompression (the service's: 16 MB; larger gets 413)
 * @param maxQueuedRequests requests waiting for a worker; beyond that, ThrottlingException
 * @param maxBufferedBytes request bodies held at once, being received or waiting; beyond that, ThrottlingException
 * @param requestTimeout time from a request's first byte to its last; slower connections are closed
 * @param idleTimeout a connection with nothing to do for this long is closed
 * @param maxPipelined requests one connection may send ahead of their responses; beyond that it is closed
 * @param maxConnections open connections at once; a connection beyond them gets 503 and is closed
 * @param headerTimeout time a new connection has to send a request's complete headers (and a request, from its first
 *                      byte); a connection that sends nothing or stalls in its headers is closed
 * @param bodyTimeout longest pause within a request's body; the request then gets 408 and the connection is closed
 * @param maxConnectionsPerSource open connections from one address at once; beyond them, 503 as beyond maxConnections
 */
public record HttpLimits(int maxBodyBytes, int maxQueuedRequests, long maxBufferedBytes, Duration requestTimeout,
                         Duration idleTimeout, int maxPipelined, int maxConnections, Duration headerTimeout,
                         Duration bodyTimeout, int maxConnectionsPerSource) {
    public static final int SERVICE_MAX_BODY_BYTES = 16 * 1024 * 1024;
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Limits for a server with this many workers: a queue of 16 requests per worker, a quarter of the
     * heap for bodies, connections up to 10,000 or what the process's file descriptor limit leaves
     * room for (half of it, so files and a second endpoint still open), half of them from one address.
     */
    public static HttpLimits defaults(int workers) {
        long heapQuarter = Runtime.getRuntime().maxMemory() / 4;
        long buffered = Math.max(2L * SERVICE_MAX_BODY_BYTES, Math.min(1L << 30, heapQuarter));
        int connections = defaultMaxConnections();
        return new HttpLimits(SERVICE_MAX_BODY_BYTES, Math.max(256, workers * 16), buffered,
                Duration.ofSeconds(60), Duration.ofMinutes(5), 32, connections, DEFAULT_HEADER_TIMEOUT,
                DEFAULT_BODY_TIMEOUT, perSource(connections));
    }

    /**
     * The bounds of the admin service: small GET requests (64 KB), few connections (64, 16 per address),
     * the API port's deadlines.
     */
    public static HttpLimits admin() {
        return new HttpLimits(64 * 1024, 64, 4L * 1024 * 1024, Duration.ofSeconds(30), Duration.ofMinutes(1), 4, 64,
                DEFAULT_HEADER_TIMEOUT, DEFAULT_BODY_TIMEOUT, 16);
    }

    /** These limits with another connection bound (and half of it per address). */
    public HttpLimits withMaxConnections(int n) {
        return new HttpLimits(maxBodyBytes, maxQueuedRequests, maxBufferedBytes, requestTimeout, idleTimeout, maxPipelined, n,
                headerTimeout, bodyTimeout, perSource(n));
    }

    /** These limits with other deadlines for headers and body pauses (null keeps a deadline as it is). */
    public HttpLimits withDeadlines(Duration header, Duration body) {
        return new HttpLimits(maxBodyBytes, maxQueuedRequests, maxBufferedBytes, requestTimeout, idleTimeout, maxPipelined,
                maxConnections, header == null ? headerTimeout : header, body == null ? bodyTimeout : body, maxConnectionsPerSource);
    }

    /** These limits with another bound on one address's connections. */
    public HttpLimits withMaxConnectionsPerSource(int n) {
        return new HttpLimits(maxBodyBytes, maxQueuedRequests, maxBufferedBytes, requestTimeout, idleTimeout, maxPipelined,
                maxConnections, headerTimeout, bodyTimeout, n);
    }

    private static int perSource(int connections) {
        return Math.max(1, connections / 2);
    }

    private static int defaultMaxConnections() {
        long fds = 4096;
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean u) {
            fds = u.getMaxFileDescriptorCount();
        }
        return (int) Math.max(64, Math.min(10_000, fds / 2));
    }
}
