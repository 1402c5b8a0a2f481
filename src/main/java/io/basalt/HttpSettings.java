package io.basalt;

import java.util.List;

/**
 * The network-facing settings of an instance's HTTP ports beyond host and port (docs/security.md).
 *
 * @param adminHost interface the admin port binds (default 127.0.0.1, whatever --host says)
 * @param allowedHosts names the Host header may give on a loopback-bound port, besides localhost, 127.0.0.1, [::1]
 * @param cors origins whose scripts may call the API: "*" (any, the default, as DynamoDB Local), "none", or a list
 * @param headerTimeoutMillis time a new connection has to send its request headers (default 5 s)
 * @param bodyTimeoutMillis longest pause inside a request body before it is answered 408 (default 10 s)
 * @param maxConnectionsPerSource open connections from one address per port; 0 = half of max-connections
 */
public record HttpSettings(String adminHost, List<String> allowedHosts, String cors, int headerTimeoutMillis,
                           int bodyTimeoutMillis, int maxConnectionsPerSource) {
    public static final String DEFAULT_ADMIN_HOST = "127.0.0.1";

    public HttpSettings {
        allowedHosts = List.copyOf(allowedHosts);
    }

    public static HttpSettings defaults() {
        return new HttpSettings(DEFAULT_ADMIN_HOST, List.of(), "*",
                (int) io.basalt.server.http.HttpLimits.DEFAULT_HEADER_TIMEOUT.toMillis(),
                (int) io.basalt.server.http.HttpLimits.DEFAULT_BODY_TIMEOUT.toMillis(), 0);
    }

    public HttpSettings withAdminHost(String h) {
        return new HttpSettings(h, allowedHosts, cors, headerTimeoutMillis, bodyTimeoutMillis, maxConnectionsPerSource);
    }

    public HttpSettings withAllowedHosts(List<String> h) {
        return new HttpSettings(adminHost, h, cors, headerTimeoutMillis, bodyTimeoutMillis, maxConnectionsPerSource);
    }

    public HttpSettings withCors(String c) {
        return new HttpSettings(adminHost, allowedHosts, c, headerTimeoutMillis, bodyTimeoutMillis, maxConnectionsPerSource);
    }

    public HttpSettings withDeadlines(int headerMillis, int bodyMillis) {
        return new HttpSettings(adminHost, allowedHosts, cors, headerMillis, bodyMillis, maxConnectionsPerSource);
    }

    public HttpSettings withMaxConnectionsPerSource(int n) {
        return new HttpSettings(adminHost, allowedHosts, cors, headerTimeoutMillis, bodyTimeoutMillis, n);
    }
}
