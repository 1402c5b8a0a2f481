package io.basalt.server.mcp;

import io.basalt.server.auth.AdminTokens;
import io.basalt.server.auth.CredentialStore;
import io.basalt.server.auth.HttpRequestParts;
import io.basalt.server.auth.Principal;
import io.basalt.server.http.PathRoute;
import io.basalt.server.http.RequestDispatcher;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * MCP's streamable HTTP transport at {@code /mcp}: a POST carries one JSON-RPC message and gets its
 * answer as application/json (202 for a notification); GET and DELETE get 405 (no server-initiated
 * stream, no sessions: the server is stateless). Under an auth file every request needs {@code
 * Authorization: Bearer TOKEN} ({@code basalt auth admin-token}), and its tool calls are that
 * user's API calls, authorized with its policies.
 */
public final class McpHttpRoute implements PathRoute {
    public static final String PATH = "/mcp";
    /** A POST larger than this is refused (the API's own request limit is far below it). */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    static final String JSON = "application/json";

    private final McpServer server;
    private final RequestDispatcher dispatcher;
    private final CredentialStore credentials;
    private final LongSupplier millis;

    /** @param credentials the auth file's keys (bearer tokens required), or null (no auth file: calls are the local user's) */
    public McpHttpRoute(McpServer server, RequestDispatcher dispatcher, CredentialStore credentials, LongSupplier millis) {
        this.server = server;
        this.dispatcher = dispatcher;
        this.credentials = credentials;
        this.millis = millis;
    }

    @Override
    public String path() {
        return PATH;
    }

    @Override
    public Answer answer(HttpRequestParts request) {
        String method = request.method();
        if (!method.equals("POST")) {
            return new Answer(405, JSON, rpcError(McpServer.INVALID_REQUEST, "Method not allowed: POST JSON-RPC messages to " + PATH), Map.of("Allow", "POST"));
        }
        Principal principal = null;
        if (credentials != null) {
            String authorization = first(request, "Authorization");
            String token = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                    ? authorization.substring(7).trim() : null;
            principal = token == null ? null : AdminTokens.verify(token, credentials, millis.getAsLong());
            if (principal == null) {
                String why = token == null ? "Unauthorized: send Authorization: Bearer TOKEN (basalt auth admin-token)."
                        : "Unauthorized: the bearer token is not valid (expired, forged, or its key is gone).";
                return new Answer(401, JSON, rpcError(McpServer.SERVICE_ERROR, why),
                        Map.of("WWW-Authenticate", "Bearer realm=\"basalt-mcp\""));
            }
        }
        String version = first(request, "MCP-Protocol-Version");
        if (version != null && !McpServer.PROTOCOL_VERSIONS.contains(version.trim())) {
            return new Answer(400, JSON, rpcError(McpServer.INVALID_REQUEST, "Unsupported MCP-Protocol-Version: " + version
                    + " (supported: " + String.join(", ", McpServer.PROTOCOL_VERSIONS) + ")"), Map.of());
        }
        byte[] body;
        try (InputStream in = request.body()) {
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        } catch (IOException e) {
            return new Answer(400, JSON, rpcError(McpServer.PARSE_ERROR, "Parse error"), Map.of());
        }
        if (body.length > MAX_BODY_BYTES) return new Answer(413, JSON, rpcError(McpServer.INVALID_REQUEST, "Request too large"), Map.of());
        byte[] answer = server.handle(body, InProcessApi.as(dispatcher, principal, request));
        if (answer == null) return new Answer(202, null, null, Map.of());
        return new Answer(200, JSON, answer, Map.of());
    }

    private static String first(HttpRequestParts request, String header) {
        List<String> values = request.header(header);
        return values.isEmpty() ? null : values.get(0);
    }

    private static byte[] rpcError(int code, String message) {
        return JsonValues.write(McpServer.error(null, code, message, null));
    }
}
