package io.basalt.junit5;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * DynamoDB JSON requests to the extension's own server, with a well-formed signature that a server
 * without an auth file accepts: the set-up files are request bodies already, so they go as written.
 */
final class DynamoDbHttp {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=basalt/20260101/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0";

    private final URI endpoint;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    DynamoDbHttp(URI endpoint) {
        this.endpoint = endpoint;
    }

    /** Sends one operation; the parsed answer, or an exception naming the error the server gave. */
    @SuppressWarnings("unchecked")
    Map<String, Object> call(String operation, Object body) {
        HttpRequest request = HttpRequest.newBuilder(endpoint.resolve("/"))
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810." + operation)
                .header("X-Amz-Date", "20260101T000000Z")
                .header("Authorization", AUTH)
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : MiniJson.write(body)))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(operation + " to " + endpoint + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(operation + " interrupted", e);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("Basalt answered " + operation + " with " + response.statusCode() + ": " + response.body());
        }
        return (Map<String, Object>) MiniJson.parse(response.body());
    }
}
