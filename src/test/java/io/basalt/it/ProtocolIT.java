package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The wire protocol with raw HTTP: headers, error bodies, gzip, bounds. */
class ProtocolIT extends ServerTestBase {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/eu-central-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc";
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String target, String auth, byte[] body, String encoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint())
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (target != null) b.header("X-Amz-Target", target);
        if (auth != null) b.header("Authorization", auth).header("X-Amz-Date", "20250101T000000Z");
        if (encoding != null) b.header("Content-Encoding", encoding);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String target, String body) throws Exception {
        return post(target, AUTH, body.getBytes(StandardCharsets.UTF_8), null);
    }

    @Test
    void healthCheck() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint()).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
    }

    @Test
    void responsesCarryRequestIdAndCrc() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.ListTables", "{}");
        assertEquals(200, r.statusCode());
        CRC32 crc = new CRC32();
        crc.update(r.body().getBytes(StandardCharsets.UTF_8));
        assertEquals(Long.toString(crc.getValue()), r.headers().firstValue("x-amz-crc32").orElseThrow());
        assertEquals(52, r.headers().firstValue("x-amzn-RequestId").orElseThrow().length());
        assertEquals("application/x-amz-json-1.0", r.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void unknownOperation() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.Nope", "{}");
        assertEquals(400, r.statusCode());
        assertEquals("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}", r.body());
    }

    @Test
    void missingAuthentication() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.ListTables", null, "{}".getBytes(), null);
        assertEquals(400, r.statusCode());
        assertEquals("{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\",\"message\":\"Request is missing Authentication Token\"}", r.body());
    }

    @Test
    void malformedJsonIsASerializationError() throws Exception {
        for (String body : new String[] {"{", "[]", "nope", "{\"TableName\":\"x\"} trailing"}) {
            HttpResponse<String> r = post("DynamoDB_20120810.ListTables", body);
            assertEquals(400, r.statusCode(), body);
            assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\"}", r.body(), body);
        }
    }

    @Test
    void wrongMemberTypesAreSerializationErrors() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.DescribeTable", "{\"TableName\":5}");
        assertEquals(400, r.statusCode());
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"NUMBER_VALUE cannot be converted to String\"}", r.body());
        r = post("DynamoDB_20120810.DescribeTable", "{\"TableName\":{}}");
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"Start of structure or map found where not expected\"}", r.body());
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"TableName"})
    void regionFromCredentialScopeGoesIntoArns() throws Exception {
        HttpResponse<String> r = post("DynamoDB_20120810.CreateTable", "{\"TableName\":\"region_tbl\",\"BillingMode\":\"PAY_PER_REQUEST\","
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}]}");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"TableArn\":\"arn:aws:dynamodb:eu-central-1:123456789012:table/region_tbl\""), r.body());
    }

    @Test
    void gzipRequestBodies() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write("{\"Limit\":1}".getBytes(StandardCharsets.UTF_8));
        }
        HttpResponse<String> r = post("DynamoDB_20120810.ListTables", AUTH, bytes.toByteArray(), "gzip");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().startsWith("{\"TableNames\":"));
    }

    @Test
    void deepNestingIsRefusedCleanly() throws Exception {
        String deep = "{\"M\":".repeat(5000) + "{}" + "}".repeat(5000);
        HttpResponse<String> r = post("DynamoDB_20120810.PutItem", "{\"TableName\":\"xyz\",\"Item\":{\"a\":" + deep + "}}");
        assertEquals(400, r.statusCode(), r.body());
        // the server is still healthy
        assertEquals(200, post("DynamoDB_20120810.ListTables", "{}").statusCode());
    }

    @Test
    void oversizedBodiesAreRefused() throws Exception {
        byte[] big = new byte[21 * 1024 * 1024];
        java.util.Arrays.fill(big, (byte) ' ');
        big[0] = '{';
        big[big.length - 1] = '}';
        HttpResponse<String> r;
        try {
            r = post("DynamoDB_20120810.ListTables", AUTH, big, null);
            assertEquals(413, r.statusCode());
        } catch (java.io.IOException closed) {
            // the server may close the connection while the client is still sending: also a refusal
        }
        assertEquals(200, post("DynamoDB_20120810.ListTables", "{}").statusCode());
    }
}
