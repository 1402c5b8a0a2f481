package io.basalt.server.http;

import java.net.InetAddress;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a port lets web pages do. A server bound to loopback answers only requests whose Host header
 * names it by a loopback name (localhost, 127.0.0.0/8, [::1]) or a name given with --allowed-host:
 * a page that rebinds its own DNS name to 127.0.0.1 sends its own name and is refused (DNS
 * rebinding). And the origins (--cors) whose scripts may call it: any ("*", DynamoDB Local's default),
 * none, or a list; a request of another origin gets 403, as does one naming another host.
 * The page's own origin (the console served by the same port) is always allowed.
 */
public final class BrowserGuards {
    /** The body of the 403 for a Host header that is not allowed. */
    static final String HOST_REFUSED = "Forbidden: this server answers requests for localhost, 127.0.0.1 and [::1] "
            + "and the names given with --allowed-host, not for the host this request names.\n";
    /** The body of the 403 for an Origin that is not allowed. */
    static final String ORIGIN_REFUSED = "Forbidden: this origin is not among the server's --cors origins.\n";
    private static final Pattern LOOPBACK_V4 = Pattern.compile("127(\\.\\d{1,3}){3}");

    /** No Host check, every origin allowed (as before these guards, and for embedders that want it). */
    public static final BrowserGuards NONE = new BrowserGuards(false, Set.of(), null);

    private final boolean checkHost;
    private final Set<String> allowedHosts;
    /** Allowed origins in lower case; null = any. */
    private final Set<String> origins;

    private BrowserGuards(boolean checkHost, Set<String> allowedHosts, Set<String> origins) {
        this.checkHost = checkHost;
        this.allowedHosts = allowedHosts;
        this.origins = origins;
    }

    /**
     * The guards of a port bound to {@code bindHost}: the Host check when that is a loopback address.
     *
     * @param allowedHosts further names the Host header may give (without port)
     * @param cors "*" (any origin), "none", or origins separated by commas (scheme://host[:port])
     * @throws IllegalArgumentException for an origin that is not scheme://host[:port]
     */
    public static BrowserGuards of(String bindHost, List<String> allowedHosts, String cors) {
        Set<String> hosts = new TreeSet<>();
        for (String h : allowedHosts) if (!h.isBlank()) hosts.add(hostOnly(h.trim()));
        return new BrowserGuards(loopback(bindHost), Set.copyOf(hosts), parseOrigins(cors));
    }

    static Set<String> parseOrigins(String cors) {
        if (cors == null || cors.isBlank() || cors.trim().equals("*")) return null;
        if (cors.trim().equalsIgnoreCase("none")) return Set.of();
        Set<String> out = new TreeSet<>();
        for (String o : cors.split(",")) {
            String origin = o.trim().toLowerCase(Locale.ROOT);
            if (origin.isEmpty()) continue;
            if (!origin.matches("https?://[^/\\s]+")) {
                throw new IllegalArgumentException("--cors takes *, none or origins such as http://localhost:3000 separated by commas (got " + o.trim() + ")");
            }
            out.add(origin);
        }
        return Set.copyOf(out);
    }

    private static boolean loopback(String bindHost) {
        try {
            return bindHost.equalsIgnoreCase("localhost") || InetAddress.getByName(bindHost).isLoopbackAddress();
        } catch (java.io.IOException unknown) {
            return false;
        }
    }

    /** Whether a request with this Host header (null: none, as HTTP/1.0 allows) is answered. */
    boolean hostAllowed(String hostHeader) {
        if (!checkHost || hostHeader == null) return true;
        String host = hostOnly(hostHeader.trim());
        return host.equals("localhost") || host.equals("[::1]") || LOOPBACK_V4.matcher(host).matches()
                || allowedHosts.contains(host);
    }

    /** Whether a request with this Origin (null: none, not a browser's script) to this Host is answered. */
    boolean originAllowed(String origin, String hostHeader) {
        if (origin == null || origins == null) return true;
        String o = origin.trim().toLowerCase(Locale.ROOT);
        return origins.contains(o) || sameOrigin(o, hostHeader);
    }

    /** The Access-Control-Allow-Origin value for an allowed origin. */
    String allowOriginValue(String origin) {
        return origins == null ? "*" : origin.trim();
    }

    /** Whether answers vary by origin (then caches are told so). */
    boolean variesByOrigin() {
        return origins != null;
    }

    private static boolean sameOrigin(String origin, String hostHeader) {
        if (hostHeader == null) return false;
        int scheme = origin.indexOf("://");
        return scheme > 0 && origin.substring(scheme + 3).equals(hostHeader.trim().toLowerCase(Locale.ROOT));
    }

    /** The host of a Host header value, lower case, without its port. */
    private static String hostOnly(String hostAndPort) {
        String h = hostAndPort.toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close < 0 ? h : h.substring(0, close + 1);
        }
        int colon = h.lastIndexOf(':');
        return colon >= 0 && h.indexOf(':') == colon ? h.substring(0, colon) : h;
    }
}
