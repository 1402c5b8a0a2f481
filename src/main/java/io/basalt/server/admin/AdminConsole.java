package io.basalt.server.admin;

import com.sun.net.httpserver.HttpExchange;
import io.basalt.server.console.ConsoleAssets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;

/**
 * The web console on the admin port: the same files as on the API port, the page naming the API's
 * origin (a {@code basalt-api} meta element; the console signs and sends its calls there, and the
 * API answers the browser's CORS checks) and the Content-Security-Policy allowing connections to it.
 * The API's host is the one the browser used for the admin page, at the API's port.
 */
final class AdminConsole {
    /** A host name or IP address as a Host header may carry it (anything else falls back to the bind address). */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+]");

    private final ConsoleAssets assets;
    private final String bindHost;
    private final IntSupplier apiPort;

    AdminConsole(ConsoleAssets assets, String bindHost, IntSupplier apiPort) {
        this.assets = assets;
        this.bindHost = bindHost;
        this.apiPort = apiPort;
    }

    void answer(HttpExchange x) throws IOException {
        String method = x.getRequestMethod();
        String path = x.getRequestURI().getRawPath();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            AdminService.respond(x, 405, "text/plain; charset=utf-8", "Method not allowed\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (path.equals("/console")) {
            x.getResponseHeaders().set("Location", ConsoleAssets.PREFIX);
            x.sendResponseHeaders(301, -1);
            x.close();
            return;
        }
        Optional<ConsoleAssets.Asset> found = assets.find(path);
        if (found.isEmpty()) {
            AdminService.respond(x, 404, "text/plain; charset=utf-8", "Not found\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        ConsoleAssets.Asset asset = found.get();
        String api = apiOrigin(x.getRequestHeaders().getFirst("Host"));
        byte[] body = asset.body();
        if (asset.contentType().startsWith("text/html") && api != null) {
            body = new String(body, StandardCharsets.UTF_8)
                    .replace("<head>", "<head>\n<meta name=\"basalt-api\" content=\"" + api + "\">")
                    .getBytes(StandardCharsets.UTF_8);
        }
        x.getResponseHeaders().set("Cache-Control", "no-cache");
        x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        x.getResponseHeaders().set("Content-Security-Policy", assets.contentSecurityPolicy(api));
        if (method.equals("HEAD")) {
            x.getResponseHeaders().set("Content-Type", asset.contentType());
            x.sendResponseHeaders(200, -1);
            x.close();
            return;
        }
        AdminService.respond(x, 200, asset.contentType(), body);
    }

    /** The API's origin as the browser reaches it: the admin page's host name at the API port; null without an API port. */
    private String apiOrigin(String hostHeader) {
        int port = apiPort.getAsInt();
        if (port < 0) return null;
        String host = hostHeader == null ? "" : hostHeader.replaceFirst(":\\d+$", "");
        if (!HOST.matcher(host).matches()) host = bindHost.contains(":") ? "[" + bindHost + "]" : bindHost;
        return "http://" + host + ":" + port;
    }
}
