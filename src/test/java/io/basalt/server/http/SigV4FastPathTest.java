package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.error.DynamoException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one-pass check of the usual Authorization header never disagrees with the full check: for
 * every header it either answers exactly what the full check answers, or leaves it to the full check.
 */
class SigV4FastPathTest {
    private static final String SDK = "AWS4-HMAC-SHA256 Credential=AKID/20261123/eu-west-1/dynamodb/aws4_request, "
            + "SignedHeaders=amz-sdk-invocation-id;amz-sdk-request;content-length;content-type;host;x-amz-date;x-amz-target, "
            + "Signature=0123456789abcdef";

    private static final List<String> HEADERS = List.of(
            SDK,
            SDK.replace(", ", ","),
            SDK.replace(", ", " , "),
            SDK.replace("host;", "HOST;"),
            SDK.replace("host;", ""),
            SDK.replace("host;", "hostx;"),
            SDK.replace("Signature=0123456789abcdef", "Signature="),
            SDK.replace(", Signature=0123456789abcdef", ""),
            SDK.replace("Credential=AKID/20261123/eu-west-1/dynamodb/aws4_request", "Credential="),
            SDK.replace("aws4_request", "aws4_request/"),
            SDK.replace("aws4_request", "aws4_request//"),
            SDK.replace("aws4_request", "aws4_request/extra"),
            SDK.replace("/dynamodb/aws4_request", "/dynamodb"),
            SDK.replace("AKID/20261123", "AKID//20261123"),
            SDK.replace("Credential=AKID", "Credential=/"),
            SDK.replace("Credential=", "Credential=a=b/"),
            SDK.replace(", Signed", ",\tSigned"),
            SDK.replace("AWS4-HMAC-SHA256 ", "AWS4-HMAC-SHA256  "),
            SDK.replace("AWS4-HMAC-SHA256 ", "AWS4-HMAC-SHA256\t"),
            SDK.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA512"),
            SDK.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA2567"),
            SDK.replace("AWS4-HMAC-SHA256", " AWS4-HMAC-SHA256"),
            SDK + ", Credential=OTHER/20261123/us-west-2/dynamodb/aws4_request",
            SDK + ", SignedHeaders=x-amz-date",
            SDK + ",",
            "AWS4-HMAC-SHA256 Credential=k/d/r/s/t SignedHeaders=host Signature=s",
            "AWS4-HMAC-SHA256 Credential=k/d/r/s/t,SignedHeaders=host;,Signature=s",
            "AWS4-HMAC-SHA256 Credential=k/d/r/s/t,SignedHeaders=;host,Signature=s",
            "AWS4-HMAC-SHA256",
            "AWS4-HMAC-SHA256 ",
            "Basic abc");

    private static final List<String> DATES = List.of("20261123T101010Z", "2026-11-23T10:10:10Z", "20261123T101010", "２0261123T101010Z");

    @Test
    void fastPathAgreesWithTheFullCheck() {
        int fast = 0;
        for (String header : HEADERS) {
            for (String date : DATES) {
                for (Map<String, String> query : List.of(Map.<String, String>of(), Map.of("X-Amz-Algorithm", "x"), Map.of("a", "b"))) {
                    for (String httpDate : new String[] {null, "Mon, 23 Nov 2026 10:10:10 GMT"}) {
                        for (String amzDate : new String[] {date, null}) {
                            DynamoRequest r = new DynamoRequest("DynamoDB_20120810.GetItem", header, amzDate, httpDate, query);
                            SigV4Header quick = SigV4Header.wellFormedHeader(r);
                            String full = outcome(r);
                            if (quick != null) {
                                fast++;
                                assertEquals(full, quick.toString(), header + " / " + amzDate + " / " + query);
                            }
                            assertEquals(full, outcomeOfCheck(r), header);
                        }
                    }
                }
            }
        }
        assertTrue(fast > 20, "the fast path should take the usual headers, took " + fast);
    }

    private static String outcome(DynamoRequest r) {
        try {
            return SigV4Header.checkInFull(r).toString();
        } catch (DynamoException e) {
            return e.type() + ": " + e.getMessage();
        }
    }

    private static String outcomeOfCheck(DynamoRequest r) {
        try {
            return SigV4Header.check(r).toString();
        } catch (DynamoException e) {
            return e.type() + ": " + e.getMessage();
        }
    }
}
