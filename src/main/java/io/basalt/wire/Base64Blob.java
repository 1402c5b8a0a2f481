package io.basalt.wire;

import io.basalt.error.DynamoException;
import java.util.Base64;

/**
 * Base64 for B/BS values and blob members, strict as the service is: the length must be a multiple
 * of 4, padding only at the end, and the bits after the last encoded byte must be zero (so every
 * accepted text is the canonical encoding of its bytes).
 */
public final class Base64Blob {
    private static final String NON_CANONICAL = "Invalid last non-pad Base64 character dectected"; // sic, the service's spelling

    private Base64Blob() {}

    public static byte[] decode(String text) {
        int length = text.length();
        if (length % 4 != 0) {
            throw DynamoException.serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + length);
        }
        int padding = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == '=') {
                padding++;
            } else if (padding > 0) {
                throw DynamoException.serialization(NON_CANONICAL); // padding in the middle
            } else if (sextet(c) < 0) {
                throw DynamoException.serialization("Invalid Base64 character: '" + c + "'");
            }
        }
        if (padding > 2 || (padding > 0 && unusedBitsSet(text.charAt(length - padding - 1), padding))) {
            throw DynamoException.serialization(NON_CANONICAL);
        }
        return Base64.getDecoder().decode(text);
    }

    public static String encode(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** With one '=' the last character's low 2 bits are unused, with two its low 4 bits. */
    private static boolean unusedBitsSet(char lastNonPad, int padding) {
        int mask = padding == 1 ? 0b11 : 0b1111;
        return (sextet(lastNonPad) & mask) != 0;
    }

    private static int sextet(char c) {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    }
}
