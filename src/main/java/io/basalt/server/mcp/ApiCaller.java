package io.basalt.server.mcp;

import java.io.IOException;

/**
 * Runs one DynamoDB API call for a tool: through the server's own dispatch path in-process (so the
 * caller's policies, capacity and validation apply as to any API call) or as a signed request to
 * another endpoint.
 */
@FunctionalInterface
public interface ApiCaller {
    /** The response of {@code operation} (e.g. "GetItem") to this request body: HTTP status and JSON body. */
    Answer call(String operation, byte[] body) throws IOException;

    record Answer(int status, byte[] body) {}
}
