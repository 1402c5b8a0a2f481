package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class ProtocolIT extends ServerTestBase {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String target, String auth, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint())
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (target != null) b.header("X-Amz-Target", target);
        if (auth != null) b.header("Authorization", auth);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthCheck() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
    }

    @Test
    void unknownOperation() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.Nope", "AWS4-HMAC-SHA256 Credential=a/b/us-east-1/dynamodb/aws4_request", "{}");
        assertEquals(400, r.statusCode());
        assertEquals("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}", r.body());
        assertTrue(r.headers().firstValue("x-amz-crc32").isPresent());
        assertTrue(r.headers().firstValue("x-amzn-RequestId").isPresent());
    }
}
