package io.basalt.server.http;

import io.basalt.server.auth.HttpRequestParts;
import java.util.Map;

/**
 * A path of the API port that another front end answers (MCP's {@code /mcp}). The HTTP handler
 * routes to it on a worker thread after its Host check and a strict Origin check (the request's
 * own origin or one listed in --cors; never "any", against DNS rebinding).
 */
public interface PathRoute {
    /** The path, e.g. "/mcp". */
    String path();

    Answer answer(HttpRequestParts request);

    /** @param contentType null for an empty body */
    record Answer(int status, String contentType, byte[] body, Map<String, String> headers) {}
}
