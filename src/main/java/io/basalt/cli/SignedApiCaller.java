package io.basalt.cli;

import io.basalt.server.mcp.ApiCaller;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Tool calls of {@code basalt mcp --endpoint URL}: DynamoDB API requests to that server, signed with
 * Signature Version 4 with the credentials of the environment (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN; region AWS_REGION or AWS_DEFAULT_REGION, else us-east-1),
 * so the server authorizes them as that key's user.
 */
final class SignedApiCaller {
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";

    private SignedApiCaller() {}

    static ApiCaller of(String endpoint, Map<String, String> env) {
        URI uri;
        try {
            uri = URI.create(endpoint.endsWith("/") ? endpoint : endpoint + "/");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--endpoint is not a URL: " + endpoint);
        }
        if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new IllegalArgumentException("--endpoint must be an http:// or https:// URL (got " + endpoint + ")");
        }
        String key = env.getOrDefault("AWS_ACCESS_KEY_ID", "basalt");
        String secret = env.getOrDefault("AWS_SECRET_ACCESS_KEY", "basalt");
        String token = env.get("AWS_SESSION_TOKEN");
        String region = env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
        String host = uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        return (operation, body) -> {
            String target = ApiCaller.target(operation);
            String amzDate = ZonedDateTime.now(ZoneOffset.UTC).format(AMZ_DATE);
            String day = amzDate.substring(0, 8);
            String signedHeaders = "content-type;host;x-amz-date" + (token == null ? "" : ";x-amz-security-token") + ";x-amz-target";
            String canonical = "POST\n" + uri.getRawPath() + "\n\n"
                    + "content-type:" + CONTENT_TYPE + "\nhost:" + host + "\nx-amz-date:" + amzDate + "\n"
                    + (token == null ? "" : "x-amz-security-token:" + token + "\n")
                    + "x-amz-target:" + target + "\n\n" + signedHeaders + "\n" + hex(sha256(body));
            String scope = day + "/" + region + "/dynamodb/aws4_request";
            String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex(sha256(canonical.getBytes(StandardCharsets.UTF_8)));
            byte[] k = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), day);
            k = hmac(k, region);
            k = hmac(k, "dynamodb");
            k = hmac(k, "aws4_request");
            String signature = hex(hmac(k, toSign));
            HttpRequest.Builder req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", CONTENT_TYPE).header("X-Amz-Date", amzDate).header("X-Amz-Target", target)
                    .header("Authorization", "AWS4-HMAC-SHA256 Credential=" + key + "/" + scope + ", SignedHeaders=" + signedHeaders
                            + ", Signature=" + signature)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            if (token != null) req.header("X-Amz-Security-Token", token);
            try {
                HttpResponse<byte[]> res = client.send(req.build(), HttpResponse.BodyHandlers.ofByteArray());
                return new ApiCaller.Answer(res.statusCode(), res.body());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.IOException("interrupted", e);
            }
        };
    }

    private static byte[] sha256(byte[] b) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(b);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
