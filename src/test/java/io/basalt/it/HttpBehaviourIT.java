package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The HTTP answers the service gives besides the API itself: response compression, the health
 * check, the Server header, and oversized request lines and headers. Evidence (captured against the
 * live service by a test suite that runs there): scylladb test/alternator test_compressed_response.py
 * (4 KB threshold, gzip and deflate, Accept-Encoding rules), test_health.py, test_http_headers.py,
 * scylladb issue #23438 and pull request #23442 (16 KB of headers, 400 Bad Request); the AWS SDK for
 * Go v2 documents that x-amz-crc32 covers the compressed bytes.
 */
class HttpBehaviourIT extends ServerTestBase {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc";
    private static final String BIG = "x".repeat(4096 - 25);
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, "http_items");
        ddb.putItem(b -> b.tableName("http_items").item(Sdk.item("pk", "big", "x", BIG)));
        for (int i = 0; i < 60; i++) {
            ddb.putItem(b -> b.tableName("http_items").item(Sdk.item("pk", "k" + Math.random(), "x", "y".repeat(900))));
        }
    }

    private HttpResponse<byte[]> post(String target, String body, String acceptEncoding, boolean chunked) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint())
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810." + target)
                .header("Authorization", AUTH).header("X-Amz-Date", "20250101T000000Z")
                .POST(chunked ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes))
                        : HttpRequest.BodyPublishers.ofByteArray(bytes));
        if (acceptEncoding != null) b.header("Accept-Encoding", acceptEncoding);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String crc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return Long.toString(crc.getValue());
    }

    private static String decode(HttpResponse<byte[]> r) throws Exception {
        String coding = r.headers().firstValue("Content-Encoding").orElse("");
        InputStream in = new ByteArrayInputStream(r.body());
        if (coding.equals("gzip")) in = new GZIPInputStream(in);
        if (coding.equals("deflate")) in = new InflaterInputStream(in);
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private static final String FULL_ITEM = "{\"TableName\":\"http_items\",\"Key\":{\"pk\":{\"S\":\"big\"}}}";
    /** Just under 4096 bytes: {"Item":{"x":{"S":"xxx..."}}} */
    private static final String SMALL_ITEM = "{\"TableName\":\"http_items\",\"Key\":{\"pk\":{\"S\":\"big\"}},\"ProjectionExpression\":\"x\"}";

    @Test
    @Covers(operation = "GetItem")
    void largeAnswersAreCompressedWhenTheClientAcceptsIt() throws Exception {
        for (String coding : List.of("gzip", "deflate")) {
            for (boolean chunked : new boolean[] {false, true}) {
                HttpResponse<byte[]> r = post("GetItem", FULL_ITEM, coding, chunked);
                assertEquals(200, r.statusCode());
                assertEquals(coding, r.headers().firstValue("Content-Encoding").orElse(null), coding + " chunked=" + chunked);
                // the checksum covers the bytes on the wire, as the service computes it
                assertEquals(crc(r.body()), r.headers().firstValue("x-amz-crc32").orElseThrow());
                assertEquals(Integer.toString(r.body().length), r.headers().firstValue("Content-Length").orElseThrow());
                String json = decode(r);
                assertTrue(json.length() >= 4096, json.length() + "");
                assertTrue(json.contains("\"x\":{\"S\":\"" + BIG + "\"}"));
                assertTrue(r.body().length * 30 < json.length(), "compressed to " + r.body().length);
            }
        }
    }

    @Test
    @Covers(operation = "GetItem")
    void smallAnswersAndClientsThatDoNotAskStayUncompressed() throws Exception {
        HttpResponse<byte[]> small = post("GetItem", SMALL_ITEM, "gzip, deflate", false);
        assertFalse(small.headers().firstValue("Content-Encoding").isPresent());
        assertEquals("{\"Item\":{\"x\":{\"S\":\"" + BIG + "\"}}}", new String(small.body(), StandardCharsets.UTF_8));
        assertTrue(small.body().length < 4096);
        for (String header : new String[] {null, "", "identity", "br", "zstd", "x-gzip", "gzip;q=0", "*;q=0", "\"gzip\"", "gzip br"}) {
            HttpResponse<byte[]> r = post("GetItem", FULL_ITEM, header, false);
            assertFalse(r.headers().firstValue("Content-Encoding").isPresent(), String.valueOf(header));
            assertEquals(crc(r.body()), r.headers().firstValue("x-amz-crc32").orElseThrow());
        }
        Map<String, String> chosen = Map.of("gzip, deflate", "gzip", "br, identity, deflate, gzip", "deflate",
                "GZIP, identity", "gzip", "*", "gzip", "*, deflate", "deflate", "*, gzip;q=0.5", "deflate",
                "deflate;q=0.5, gzip;q=0.2", "deflate", "deflate;q=0.5,gzip;q=0.x", "gzip");
        for (Map.Entry<String, String> e : chosen.entrySet()) {
            HttpResponse<byte[]> r = post("GetItem", FULL_ITEM, e.getKey(), false);
            assertEquals(e.getValue(), r.headers().firstValue("Content-Encoding").orElse(null), e.getKey());
        }
    }

    @Test
    @Covers(operation = "Scan")
    void theSdkParsesCompressedAnswers() {
        ExecutionInterceptor acceptGzip = new ExecutionInterceptor() {
            @Override
            public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
                return context.httpRequest().toBuilder().putHeader("Accept-Encoding", "gzip").build();
            }
        };
        try (DynamoDbClient gz = DynamoDbClient.builder().endpointOverride(server.endpoint())
                .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.addExecutionInterceptor(acceptGzip))
                .build()) {
            assertEquals(61, gz.scan(b -> b.tableName("http_items")).count());
            Map<String, AttributeValue> item = gz.getItem(b -> b.tableName("http_items").key(Sdk.item("pk", "big"))).item();
            assertEquals(BIG, item.get("x").s());
        }
    }

    @Test
    void healthCheckNamesTheHostOfTheRequest() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint()).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals("healthy: " + server.endpoint().getAuthority() + " ", r.body());
        assertEquals("healthy: dynamodb.eu-west-1.amazonaws.com ",
                body(raw("GET / HTTP/1.1\r\nHost: dynamodb.eu-west-1.amazonaws.com\r\nConnection: close\r\n\r\n")));
        assertTrue(raw("HEAD / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n").startsWith("HTTP/1.1 200 OK\r\n"));
    }

    @Test
    void otherPathsAndMethodsAreRefused() throws Exception {
        for (String path : new String[] {"/abc", "/-", "/index.htm", "/health"}) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint().resolve(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, r.statusCode(), path);
            assertEquals("<UnknownOperationException/>\n", r.body(), path);
        }
        for (String method : new String[] {"PUT", "DELETE", "PATCH"}) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint())
                    .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, r.statusCode(), method);
            assertEquals("<UnknownOperationException/>\n", r.body(), method);
        }
    }

    @Test
    @Covers(operation = "DescribeTable")
    void everyAnswerCarriesTheServerHeader() throws Exception {
        HttpResponse<byte[]> ok = post("ListTables", "{}", null, false);
        assertEquals("Server", ok.headers().firstValue("Server").orElse(null));
        HttpResponse<byte[]> error = post("DescribeTable", "{\"TableName\":\"no_such_table\"}", null, false);
        assertEquals(400, error.statusCode());
        assertEquals("Server", error.headers().firstValue("Server").orElse(null));
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(server.endpoint()).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals("Server", health.headers().firstValue("Server").orElse(null));
    }

    @Test
    void oversizedRequestLinesAndHeadersGetBadRequest() throws Exception {
        String longUrl = "POST /" + "x".repeat(17000) + " HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}";
        assertTrue(raw(longUrl).startsWith("HTTP/1.1 400 Bad Request\r\n"));
        String hugeHeader = "GET / HTTP/1.1\r\nHost: h\r\nX-Filler: " + "a".repeat(17 * 1024) + "\r\n\r\n";
        assertTrue(raw(hugeHeader).startsWith("HTTP/1.1 400 Bad Request\r\n"));
        String manyHeaders = "GET / HTTP/1.1\r\nHost: h\r\n" + ("X-Filler: " + "a".repeat(1000) + "\r\n").repeat(17) + "\r\n";
        assertTrue(raw(manyHeaders).startsWith("HTTP/1.1 400 Bad Request\r\n"));
        // just under the 16 KB of headers: served
        String fine = "GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\nX-Filler: " + "a".repeat(15 * 1024) + "\r\n\r\n";
        assertTrue(raw(fine).startsWith("HTTP/1.1 200 OK\r\n"));
    }

    /** Sends raw bytes and reads the answer until the server closes the connection. */
    private String raw(String request) throws Exception {
        try (Socket s = new Socket(server.endpoint().getHost(), server.endpoint().getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    got.write(buf, 0, n);
                    String text = got.toString(StandardCharsets.ISO_8859_1);
                    int end = text.indexOf("\r\n\r\n");
                    if (end >= 0 && (text.contains("content-length: 0\r\n") || text.startsWith("HTTP/1.1 200") && request.startsWith("HEAD"))) break;
                }
            } catch (java.net.SocketException reset) {
                // the server closed after answering; what arrived is the answer
            }
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private static String body(String response) {
        return response.substring(response.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void compressedBodiesDecodeToTheSameBytes() throws Exception {
        HttpResponse<byte[]> plain = post("GetItem", FULL_ITEM, null, false);
        HttpResponse<byte[]> packed = post("GetItem", FULL_ITEM, "gzip", false);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(packed.body()))) {
            assertArrayEquals(plain.body(), in.readAllBytes());
        }
    }
}
