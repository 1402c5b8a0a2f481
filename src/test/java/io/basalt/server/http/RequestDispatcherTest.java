package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The order of the service's checks (well-formed JSON, target, signature, empty body, member types,
 * values) and its authentication texts, as recorded from the service by dynalite's test suite
 * (architect/dynalite, test/connection.js and index.js).
 */
class RequestDispatcherTest {
    private static final String TARGET = "DynamoDB_20120810." + ProbeOperation.NAME;
    private static final String AUTH = SerializationMessagesTest.AUTH;
    private static final String DATE = "20250101T000000Z";
    private static final String MALFORMED = "{\"__type\":\"com.amazon.coral.service#SerializationException\"}";
    private static final String UNKNOWN = "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}";
    private static final String MISSING = "{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\","
            + "\"message\":\"Request is missing Authentication Token\"}";

    private final ProbeOperation probe = new ProbeOperation();
    private final RequestDispatcher dispatcher = new RequestDispatcher(n -> n.equals(ProbeOperation.NAME) ? probe : null)
            .afterResponse(probe.largeReads::release);
    private int status;

    private String call(DynamoRequest request, String body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        status = dispatcher.dispatch(request, RequestDispatcher.Body.of(body.getBytes(StandardCharsets.UTF_8)), out, "REQ1");
        return out.toString(StandardCharsets.UTF_8);
    }

    private String call(String body) throws Exception {
        return call(DynamoRequest.signed(TARGET, AUTH, DATE), body);
    }

    private static String error(String type, String message) {
        return "{\"__type\":\"com.amazon.coral.service#" + type + "\",\"message\":\"" + message.replace("\n", "\\n") + "\"}";
    }

    @Test
    void malformedJsonComesFirst() throws Exception {
        for (String body : new String[] {"hi", "{", "{\"TableName\":\"x\"", "{} x", "{}{}", "[1,}", "   "}) {
            assertEquals(MALFORMED, call(DynamoRequest.signed("nope", null, null), body), body);
            assertEquals(MALFORMED, call(DynamoRequest.signed(TARGET, null, null), body), body);
            assertEquals(MALFORMED, call(body), body);
            assertEquals(400, status);
        }
    }

    @Test
    void thenTheTarget() throws Exception {
        for (String target : new String[] {null, "whatever", "DynamoDB_20120810.Nope", "DynamoDB_20111205.Probe", "Probe"}) {
            assertEquals(UNKNOWN, call(DynamoRequest.signed(target, null, null), "{}"), target);
            assertEquals(UNKNOWN, call(DynamoRequest.signed(target, null, null), ""), target);
        }
    }

    @Test
    void thenTheSignature() throws Exception {
        assertEquals(MISSING, call(DynamoRequest.signed(TARGET, null, null), "{}"));
        assertEquals(MISSING, call(DynamoRequest.signed(TARGET, "AWS4", null), "{}"));
        assertEquals(MISSING, call(DynamoRequest.signed(TARGET, "", null), "{}"));
        assertEquals(MISSING, call(new DynamoRequest(TARGET, null, null, null,
                Map.of("X-Amz-Credential", "a", "X-Amz-Signature", "b", "X-Amz-SignedHeaders", "c", "X-Amz-Date", "d")), "{}"));
        assertEquals(error("IncompleteSignatureException", "Authorization header requires 'Credential' parameter. "
                        + "Authorization header requires 'Signature' parameter. "
                        + "Authorization header requires 'SignedHeaders' parameter. "
                        + "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. Authorization=AWS4-"),
                call(DynamoRequest.signed(TARGET, "AWS4-", null), "{}"));
        for (String header : new String[] {"AWS4- Signature=b Credential=a", "AWS4- Signature=b,Credential=a", "AWS4- Signature=b, Credential=a"}) {
            assertEquals(error("IncompleteSignatureException", "Authorization header requires 'SignedHeaders' parameter. Authorization=" + header),
                    call(new DynamoRequest(TARGET, header, null, "a", Map.of()), "{}"));
        }
        assertEquals(error("InvalidSignatureException", "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header."),
                call(new DynamoRequest(TARGET, "X", null, null, Map.of("X-Amz-Algorithm", "")), "{}"));
        assertEquals(error("IncompleteSignatureException", "AWS query-string parameters must include 'X-Amz-Algorithm'. "
                        + "AWS query-string parameters must include 'X-Amz-Credential'. "
                        + "AWS query-string parameters must include 'X-Amz-Signature'. "
                        + "AWS query-string parameters must include 'X-Amz-SignedHeaders'. "
                        + "AWS query-string parameters must include 'X-Amz-Date'. Re-examine the query-string parameters."),
                call(new DynamoRequest(TARGET, null, null, null, Map.of("X-Amz-Algorithm", "")), "{}"));
        assertEquals(error("IncompleteSignatureException", "AWS query-string parameters must include 'X-Amz-SignedHeaders'. "
                        + "Re-examine the query-string parameters."),
                call(new DynamoRequest(TARGET, null, null, null,
                        Map.of("X-Amz-Algorithm", "a", "X-Amz-Credential", "b", "X-Amz-Signature", "c", "X-Amz-Date", "d")), "{}"));
    }

    @Test
    void signatureFormChecks() throws Exception {
        assertEquals(error("IncompleteSignatureException", "Date must be in ISO-8601 'basic format'. Got '201'. See http://en.wikipedia.org/wiki/ISO_8601"),
                call(DynamoRequest.signed(TARGET, AUTH, "201"), "{}"));
        assertEquals(error("InvalidSignatureException", "'Host' must be a 'SignedHeader' in the AWS Authorization."),
                call(DynamoRequest.signed(TARGET, AUTH.replace("host;", ""), DATE), "{}"));
        assertEquals(error("IncompleteSignatureException", "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only AWS4-HMAC-SHA256 for now). "),
                call(DynamoRequest.signed(TARGET, AUTH.replace("SHA256", "SHA25"), DATE), "{}"));
        assertEquals(error("IncompleteSignatureException", "Credential must have exactly 5 slash-delimited elements, "
                        + "e.g. keyid/date/region/service/term, got 'a/b/c/d'"),
                call(DynamoRequest.signed(TARGET, "AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=x", DATE), "{}"));
        // trailing slashes are ignored; a Date header stands in for X-Amz-Date
        assertEquals("{\"Region\":\"c\",\"AccessKeyId\":\"a\",\"TableName\":null}",
                call(new DynamoRequest(TARGET, "AWS4-HMAC-SHA256 Credential=a/b/c/d/e//, SignedHeaders=host, Signature=x", null,
                        "Wed, 01 Jan 2025 00:00:00 GMT", Map.of()), "{}"));
    }

    @Test
    void regionAndKeyComeFromTheCredentialScope() throws Exception {
        assertEquals("{\"Region\":\"us-east-1\",\"AccessKeyId\":\"AKID\",\"TableName\":\"t\"}", call("{\"TableName\":\"t\"}"));
        assertEquals(200, status);
        assertEquals("{\"Region\":\"eu-west-3\",\"AccessKeyId\":\"K\",\"TableName\":null}",
                call(new DynamoRequest(TARGET, null, null, null, Map.of("X-Amz-Algorithm", "AWS4-HMAC-SHA256",
                        "X-Amz-Credential", "K/20250101/eu-west-3/dynamodb/aws4_request", "X-Amz-Signature", "s",
                        "X-Amz-SignedHeaders", "host", "X-Amz-Date", DATE)), "{}"));
    }

    @Test
    void thenEmptyAndNonObjectBodies() throws Exception {
        for (String body : new String[] {"", "[]", "5", "\"x\"", "null"}) {
            assertEquals(MALFORMED, call(body), body);
        }
    }

    @Test
    void malformedJsonAfterATypeErrorStillWins() throws Exception {
        assertEquals("{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"NUMBER_VALUE cannot be converted to String\"}",
                call("{\"TableName\":5,\"Other\":[1,{\"a\":2}]}"));
        assertEquals(MALFORMED, call("{\"TableName\":5,\"Other\":[1,{\"a\":2}]"));
        assertEquals(MALFORMED, call("{\"TableName\":5} {}"));
        assertEquals(MALFORMED, call("{\"TableName\":5,\"Other\":tru}"));
    }

    @Test
    void deepNestingIsMalformedJsonNotACrash() throws Exception {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertEquals(MALFORMED, call("{\"Other\":" + deep + "}"));
        assertEquals(MALFORMED, call(DynamoRequest.signed("nope", null, null), deep));
    }

    @Test
    void largeResponsesGiveTheirSlotBackAnswerOrFail() throws Exception {
        int slots = probe.largeReads.slots();
        for (int i = 0; i < slots + 2; i++) {
            String big = call("{\"TableName\":\"big\"}");
            assertEquals(200, status);
            assertEquals("{\"Big\":\"" + "x".repeat(ProbeOperation.BIG_CHARS) + "\"}", big);
            assertEquals("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"Internal server error\"}",
                    call("{\"TableName\":\"bigboom\"}"));
            assertEquals(500, status);
            assertEquals(slots, probe.largeReads.available());
        }
        // the thread's response buffer is clean for the next, small answer
        assertEquals("{\"Region\":\"us-east-1\",\"AccessKeyId\":\"AKID\",\"TableName\":\"t\"}", call("{\"TableName\":\"t\"}"));
    }

    @Test
    void bugsAreInternalServerErrorsWithoutDetails() throws Exception {
        assertEquals("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"Internal server error\"}",
                call("{\"TableName\":\"boom\"}"));
        assertEquals(500, status);
    }
}
