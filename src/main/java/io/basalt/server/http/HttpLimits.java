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
 */
public record HttpLimits(int maxBodyBytes, int maxQueuedRequests, long maxBufferedBytes, Duration requestTimeout,
                         Duration idleTimeout, int maxPipelined, int maxConnections) {
    public static final int SERVICE_MAX_BODY_BYTES = 16 * 1024 * 1024;

    /**
     * Limits for a server with this many workers: a queue of 16 requests per worker, a quarter of the
     * heap for bodies, and connections up to 10,000 or what the process's file descriptor limit leaves
     * room for (half of it, so files and a second endpoint still open).
     */
    public static HttpLimits defaults(int workers) {
        long heapQuarter = Runtime.getRuntime().maxMemory() / 4;
        long buffered = Math.max(2L * SERVICE_MAX_BODY_BYTES, Math.min(1L << 30, heapQuarter));
        return new HttpLimits(SERVICE_MAX_BODY_BYTES, Math.max(256, workers * 16), buffered,
                Duration.ofSeconds(60), Duration.ofMinutes(5), 32, defaultMaxConnections());
    }

    /** These limits with another connection bound. */
    public HttpLimits withMaxConnections(int n) {
        return new HttpLimits(maxBodyBytes, maxQueuedRequests, maxBufferedBytes, requestTimeout, idleTimeout, maxPipelined, n);
    }

    private static int defaultMaxConnections() {
        long fds = 4096;
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean u) {
            fds = u.getMaxFileDescriptorCount();
        }
        return (int) Math.max(64, Math.min(10_000, fds / 2));
    }
}
