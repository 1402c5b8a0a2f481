package io.basalt.protocol.json;

import io.basalt.error.DynamoException;
import java.util.Base64;

/** Base64 for B/BS values and blob members, with the service's error for invalid text. */
public final class Base64Blob {
    private Base64Blob() {}

    public static byte[] decode(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw DynamoException.serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + text.length());
        }
    }

    public static String encode(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
