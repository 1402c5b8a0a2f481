package io.basalt.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bearer tokens for the admin port, tied to one access key of the auth file: {@code
 * basalt1.KEYID.EXPIRES.MAC}, EXPIRES in epoch seconds, MAC the HMAC-SHA256 of the key id and expiry
 * under the key's secret. Nothing is stored: a token stops working when it expires or when its key
 * leaves the auth file (or its secret changes). {@code basalt auth admin-token} issues them.
 */
public final class AdminTokens {
    static final String PREFIX = "basalt1.";

    private AdminTokens() {}

    /** A token for this key, valid until {@code expiresEpochSeconds}. */
    public static String issue(String accessKeyId, String secretAccessKey, long expiresEpochSeconds) {
        return PREFIX + accessKeyId + "." + expiresEpochSeconds + "." + HexFormat.of().formatHex(mac(secretAccessKey, accessKeyId, expiresEpochSeconds));
    }

    /** The caller a token names, or null when it is malformed, expired, forged or its key is gone. */
    public static Principal verify(String token, CredentialStore credentials, long nowMillis) {
        if (token == null || !token.startsWith(PREFIX)) return null;
        String[] parts = token.substring(PREFIX.length()).split("\\.", -1);
        if (parts.length != 3) return null;
        long expires;
        byte[] given;
        try {
            expires = Long.parseLong(parts[1]);
            given = HexFormat.of().parseHex(parts[2]);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
        if (expires * 1000 < nowMillis) return null;
        CredentialStore.Key key = credentials.find(parts[0]);
        if (key == null) return null;
        if (!MessageDigest.isEqual(mac(key.secretAccessKey(), parts[0], expires), given)) return null;
        return new Principal(key.accountId(), key.userName(), key.accessKeyId());
    }

    private static byte[] mac(String secret, String accessKeyId, long expires) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(("basalt-admin-token:" + secret).getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal((accessKeyId + "\n" + expires).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
