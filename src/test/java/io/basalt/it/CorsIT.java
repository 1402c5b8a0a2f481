package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * CORS as a browser meets it: the preflight echoes what was asked for, and answers to requests
 * with an Origin allow any origin and expose the headers the SDK for JavaScript reads. (The whole
 * path in a real browser: tests/browser, run by ./basalt test.)
 */
class CorsIT extends ServerTestBase {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void preflightEchoesTheRequestedMethodAndHeaders() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(server.endpoint())
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "http://app.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type,x-amz-date,x-amz-target,x-amz-user-agent")
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals("*", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        assertEquals("POST", r.headers().firstValue("Access-Control-Allow-Methods").orElse(null));
        assertEquals("authorization,content-type,x-amz-date,x-amz-target,x-amz-user-agent",
                r.headers().firstValue("Access-Control-Allow-Headers").orElse(null));
        assertEquals("172800", r.headers().firstValue("Access-Control-Max-Age").orElse(null));
    }

    @Test
    void answersToARequestWithAnOriginExposeTheSdksHeaders() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.endpoint() + "/"))
                .header("Origin", "http://app.example")
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode()); // unsigned: MissingAuthenticationToken, still with CORS headers
        assertEquals("*", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        // as the service answers (a recorded DynamoDB response: x-amz-crc32 is not exposed)
        assertEquals("x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date",
                r.headers().firstValue("Access-Control-Expose-Headers").orElse(null));
    }
}
