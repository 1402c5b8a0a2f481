package io.basalt.server.admin;

import io.basalt.server.console.ConsoleAssets;
import io.basalt.server.http.RoutedHttpService.Answer;
import io.basalt.server.http.RoutedHttpService.Call;
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

    Answer answer(Call call) {
        String method = call.method();
        String path = call.rawPath();
        if (!method.equals("GET") && !method.equals("HEAD")) return Answer.text(405, "Method not allowed\n");
        if (path.equals("/console")) return Answer.of(301, null, null).with("Location", ConsoleAssets.PREFIX);
        Optional<ConsoleAssets.Asset> found = assets.find(path);
        if (found.isEmpty()) return Answer.text(404, "Not found\n");
        ConsoleAssets.Asset asset = found.get();
        String api = apiOrigin(call.header("Host"));
        byte[] body = asset.body();
        if (asset.contentType().startsWith("text/html") && api != null) {
            body = new String(body, StandardCharsets.UTF_8)
                    .replace("<head>", "<head>\n<meta name=\"basalt-api\" content=\"" + api + "\">")
                    .getBytes(StandardCharsets.UTF_8);
        }
        return Answer.of(200, asset.contentType(), body)
                .with("Cache-Control", "no-cache")
                .with("X-Content-Type-Options", "nosniff")
                .with("Content-Security-Policy", assets.contentSecurityPolicy(api));
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
