package io.basalt.differential;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * One request of a generated sequence: its position, the operation, the X-Amz-Target prefix
 * (DynamoDB or DynamoDB Streams), the raw body (which may be malformed on purpose, and may hold
 * {@code @@NAME@@} placeholders that each endpoint fills from its own earlier answers, see
 * {@link Bindings}) and the generator family that made it.
 */
record GeneratedRequest(int index, String operation, boolean streams, String body, String family) {
    String target() {
        return (streams ? "DynamoDBStreams_20120810." : "DynamoDB_20120810.") + operation;
    }

    Map<String, Object> bodyTree() {
        return Json.parseObject(body);
    }

    /** A short digest of operation and body: a recorded answer belongs to exactly this request. */
    String digest() {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((target() + "\n" + body).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    Map<String, Object> toJson() {
        return Json.obj("index", index, "operation", (streams ? "Streams." : "") + operation, "family", family, "body", body);
    }
}
