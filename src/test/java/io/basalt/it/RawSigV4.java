package io.basalt.it;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SigV4 for attack tests: signs a POST to "/" with the choices a client (or someone who captured
 * its request) has and the SDKs do not offer: which headers are signed, which payload hash is
 * signed (e.g. "UNSIGNED-PAYLOAD"), the Authorization header or a pre-signed query string. The
 * request actually sent can then differ from the one signed (another body, another X-Amz-Target).
 */
final class RawSigV4 {
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final DateTimeFormatter BASIC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** What is signed: the headers (lower-case names, besides host and x-amz-date) and the payload hash. */
    record Signed(Map<String, String> headers, List<String> signedHeaders, String payloadHash, boolean inQuery) {}

    /** A signed request, ready to be sent as signed or with its target, headers and body changed. */
    record Prepared(URI uri, Map<String, String> headers) {
        HttpResponse<String> send(String body) throws Exception {
            return send(body, Map.of());
        }

        /** Sends {@code body} with the signed headers, {@code replaced} ones set to other values. */
        HttpResponse<String> send(String body, Map<String, String> replaced) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body));
            Map<String, String> all = new LinkedHashMap<>(headers);
            all.putAll(replaced);
            all.forEach(b::header);
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    private RawSigV4() {}

    static String sha256Hex(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    /** The headers a DynamoDB request carries (X-Amz-Target and Content-Type). */
    static Map<String, String> dynamoHeaders(String operation) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("x-amz-target", "DynamoDB_20120810." + operation);
        h.put("content-type", "application/x-amz-json-1.0");
        return h;
    }

    static Prepared sign(URI endpoint, String keyId, String secret, Signed s) throws Exception {
        Instant now = Instant.now();
        String amzDate = BASIC.format(now), day = amzDate.substring(0, 8), region = "us-east-1";
        String scope = day + "/" + region + "/dynamodb/aws4_request";
        String host = endpoint.getHost() + ":" + endpoint.getPort();
        TreeMap<String, String> signedValues = new TreeMap<>();
        signedValues.put("host", host);
        if (!s.inQuery()) signedValues.put("x-amz-date", amzDate);
        for (String name : s.signedHeaders()) {
            if (!name.equals("host") && !name.equals("x-amz-date")) signedValues.put(name, s.headers().get(name));
        }
        String signedNames = String.join(";", signedValues.keySet());
        TreeMap<String, String> query = new TreeMap<>();
        if (s.inQuery()) {
            query.put("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
            query.put("X-Amz-Credential", keyId + "/" + scope);
            query.put("X-Amz-Date", amzDate);
            query.put("X-Amz-Expires", "300");
            query.put("X-Amz-SignedHeaders", signedNames);
        }
        StringBuilder canonicalQuery = new StringBuilder();
        for (Map.Entry<String, String> q : query.entrySet()) {
            if (canonicalQuery.length() > 0) canonicalQuery.append('&');
            canonicalQuery.append(encode(q.getKey())).append('=').append(encode(q.getValue()));
        }
        StringBuilder canonical = new StringBuilder("POST\n/\n").append(canonicalQuery).append('\n');
        signedValues.forEach((k, v) -> canonical.append(k).append(':').append(v.trim()).append('\n'));
        canonical.append('\n').append(signedNames).append('\n').append(s.payloadHash());
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + sha256Hex(canonical.toString());
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), day);
        for (String part : List.of(region, "dynamodb", "aws4_request")) key = hmac(key, part);
        String signature = HexFormat.of().formatHex(hmac(key, toSign));
        Map<String, String> headers = new LinkedHashMap<>(s.headers());
        String uri = endpoint.resolve("/").toString();
        if (s.inQuery()) {
            uri += "?" + canonicalQuery + "&X-Amz-Signature=" + signature;
        } else {
            headers.put("x-amz-date", amzDate);
            headers.put("authorization", "AWS4-HMAC-SHA256 Credential=" + keyId + "/" + scope + ", SignedHeaders=" + signedNames
                    + ", Signature=" + signature);
        }
        return new Prepared(URI.create(uri), headers);
    }

    /** Signs as the SDKs do (every header given signed, the body's own hash), in the Authorization header. */
    static Prepared signAsSdk(URI endpoint, String keyId, String secret, String operation, String body) throws Exception {
        Map<String, String> h = dynamoHeaders(operation);
        return sign(endpoint, keyId, secret, new Signed(h, new ArrayList<>(h.keySet()), sha256Hex(body), false));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }
}
