package io.basalt.server.mcp;

import java.io.IOException;

/**
 * Runs one DynamoDB API call for a tool: through the server's own dispatch path in-process (so the
 * caller's policies, capacity and validation apply as to any API call) or as a signed request to
 * another endpoint.
 */
@FunctionalInterface
public interface ApiCaller {
    /**
     * The response of {@code operation} to this request body: HTTP status and JSON body. The
     * operation is DynamoDB's ("GetItem") or another API's with its target prefix
     * ("DynamoDBStreams_20120810.GetRecords").
     */
    Answer call(String operation, byte[] body) throws IOException;

    String STREAMS = "DynamoDBStreams_20120810.";

    /** The X-Amz-Target of an operation as {@link #call} names it. */
    static String target(String operation) {
        return operation.indexOf('.') >= 0 ? operation : "DynamoDB_20120810." + operation;
    }

    record Answer(int status, byte[] body) {}
}
