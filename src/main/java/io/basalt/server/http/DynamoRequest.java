package io.basalt.server.http;

import io.basalt.server.auth.HttpRequestParts;
import java.util.Map;

/**
 * The parts of an HTTP request the dispatcher judges, independent of the transport.
 *
 * @param target the X-Amz-Target header, e.g. "DynamoDB_20120810.PutItem" (null if absent)
 * @param authorization the Authorization header (null if absent)
 * @param amzDate the X-Amz-Date header (null if absent)
 * @param date the Date header (null if absent)
 * @param query the query-string parameters (pre-signed requests carry their signature there)
 * @param parts the whole request as it arrived, for signature verification (null without HTTP)
 */
public record DynamoRequest(String target, String authorization, String amzDate, String date, Map<String, String> query,
                            HttpRequestParts parts) {
    public DynamoRequest {
        query = query == null ? Map.of() : query;
    }

    public DynamoRequest(String target, String authorization, String amzDate, String date, Map<String, String> query) {
        this(target, authorization, amzDate, date, query, null);
    }

    /** A request signed in its Authorization header, as every SDK sends them. */
    public static DynamoRequest signed(String target, String authorization, String amzDate) {
        return new DynamoRequest(target, authorization, amzDate, null, Map.of());
    }
}
