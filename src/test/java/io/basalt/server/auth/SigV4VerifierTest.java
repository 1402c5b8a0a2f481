package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The canonical forms and key derivation of SigV4 against the worked example of AWS's documentation. */
class SigV4VerifierTest {
    /** AWS's example: GET https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08 at 20150830T123600Z. */
    private static final HttpRequestParts EXAMPLE = new HttpRequestParts() {
        private final Map<String, List<String>> headers = Map.of(
                "host", List.of("iam.amazonaws.com"),
                "content-type", List.of("application/x-www-form-urlencoded; charset=utf-8"),
                "x-amz-date", List.of("20150830T123600Z"));

        @Override public String method() { return "GET"; }
        @Override public String rawPath() { return "/"; }
        @Override public String rawQuery() { return "Action=ListUsers&Version=2010-05-08"; }
        @Override public List<String> header(String name) { return headers.getOrDefault(name.toLowerCase(), List.of()); }
        @Override public InputStream body() { return new ByteArrayInputStream(new byte[0]); }
    };

    @Test
    void signingKeyOfTheDocumentedExample() {
        byte[] k = SigV4Verifier.hmac(("AWS4" + "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY").getBytes(), "20150830");
        k = SigV4Verifier.hmac(k, "us-east-1");
        k = SigV4Verifier.hmac(k, "iam");
        k = SigV4Verifier.hmac(k, "aws4_request");
        assertEquals("c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9", SigV4Verifier.hex(k));
    }

    @Test
    void canonicalRequestAndSignatureOfTheDocumentedExample() throws Exception {
        SigV4Verifier.Signature s = new SigV4Verifier.Signature("AKIDEXAMPLE", "20150830", "us-east-1", "iam", "aws4_request",
                List.of("content-type", "host", "x-amz-date"), null, "20150830T123600Z", false, -1, null);
        String canonical = SigV4Verifier.canonicalRequest(EXAMPLE, s);
        assertEquals("GET\n/\nAction=ListUsers&Version=2010-05-08\n"
                + "content-type:application/x-www-form-urlencoded; charset=utf-8\nhost:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
                + "content-type;host;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", canonical);
        assertEquals("f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59", SigV4Verifier.hex(SigV4Verifier.sha256(canonical)));
        String stringToSign = "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/iam/aws4_request\n"
                + SigV4Verifier.hex(SigV4Verifier.sha256(canonical));
        byte[] key = SigV4Verifier.hmac(SigV4Verifier.hmac(SigV4Verifier.hmac(SigV4Verifier.hmac(
                ("AWS4" + "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY").getBytes(), "20150830"), "us-east-1"), "iam"), "aws4_request");
        assertEquals("5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7", SigV4Verifier.hex(SigV4Verifier.hmac(key, stringToSign)));
    }

    @Test
    void theCanonicalRequestCarriesTheHashOfTheBodyReceivedWhateverTheClientClaims() throws Exception {
        for (String claimed : new String[] {"UNSIGNED-PAYLOAD", "0".repeat(64)}) {
            HttpRequestParts claiming = new HttpRequestParts() {
                @Override public String method() { return "POST"; }
                @Override public String rawPath() { return "/"; }
                @Override public String rawQuery() { return ""; }
                @Override public List<String> header(String name) {
                    return name.equalsIgnoreCase("x-amz-content-sha256") ? List.of(claimed) : List.of();
                }
                @Override public InputStream body() { return new ByteArrayInputStream("{}".getBytes()); }
            };
            SigV4Verifier.Signature s = new SigV4Verifier.Signature("AKID", "20261206", "us-east-1", "dynamodb", "aws4_request",
                    List.of("x-amz-content-sha256"), null, "20261206T000000Z", false, -1, null);
            String canonical = SigV4Verifier.canonicalRequest(claiming, s);
            assertEquals("POST\n/\n\nx-amz-content-sha256:" + claimed + "\n\nx-amz-content-sha256\n"
                    + "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", canonical);
        }
    }

    @Test
    void pathsAndQueriesAreEncodedAsSigV4Wants() {
        assertEquals("/", SigV4Verifier.canonicalUri(""));
        assertEquals("/", SigV4Verifier.canonicalUri("/"));
        assertEquals("/a/b", SigV4Verifier.canonicalUri("/a/./c/../b"));
        assertEquals("/a%2520b", SigV4Verifier.canonicalUri("/a%20b")); // every service but S3 encodes the path twice
        assertEquals("a=1&b=%20x&b=y", SigV4Verifier.canonicalQuery("b=y&a=1&b=%20x", false));
        assertEquals("X-Amz-Date=1", SigV4Verifier.canonicalQuery("X-Amz-Signature=abc&X-Amz-Date=1", true));
        assertEquals("k=%2B%2F", SigV4Verifier.canonicalQuery("k=%2b/", false));
    }
}
