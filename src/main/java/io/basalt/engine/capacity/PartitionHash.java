package io.basalt.engine.capacity;

import io.basalt.model.AttributeValue;
import io.basalt.model.KeyCodec;
import java.util.List;

/**
 * The partition hash of a key, the same the storage layout orders items by (so partitions are key
 * ranges of Scan order): FNV-1a 64 over the key's order-preserving encoding, then the fmix64
 * finalizer, exactly as {@link KeyCodec#hash}. String keys — the common case, on every request's
 * path — are hashed straight from their characters, without building the encoding.
 */
public final class PartitionHash {
    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private PartitionHash() {}

    public static long of(AttributeValue partitionKey) {
        if (partitionKey instanceof AttributeValue.S s) return KeyCodec.fmix64(string(OFFSET, s.value()));
        return KeyCodec.hash(KeyCodec.encode(partitionKey));
    }

    /** Hash of a (possibly multi-attribute) GSI partition key. */
    public static long of(List<AttributeValue> partitionValues) {
        if (partitionValues.size() == 1) return of(partitionValues.get(0));
        byte[] all = new byte[0];
        for (AttributeValue v : partitionValues) all = KeyCodec.concat(all, KeyCodec.encode(v));
        return KeyCodec.hash(all);
    }

    /** Feeds the escaped UTF-8 encoding of {@code s} and its terminator (0x00 0x01). */
    private static long string(long h, String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                h = utf8Byte(h, c);
            } else if (c < 0x800) {
                h = utf8Byte(h, 0xC0 | (c >> 6));
                h = utf8Byte(h, 0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                h = utf8Byte(h, 0xF0 | (cp >> 18));
                h = utf8Byte(h, 0x80 | ((cp >> 12) & 0x3F));
                h = utf8Byte(h, 0x80 | ((cp >> 6) & 0x3F));
                h = utf8Byte(h, 0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                h = utf8Byte(h, '?'); // what String.getBytes(UTF_8) writes for a lone surrogate
            } else {
                h = utf8Byte(h, 0xE0 | (c >> 12));
                h = utf8Byte(h, 0x80 | ((c >> 6) & 0x3F));
                h = utf8Byte(h, 0x80 | (c & 0x3F));
            }
        }
        return step(step(h, 0), 1);
    }

    /** One byte of the value, escaped as the key encoding escapes it (0x00 becomes 0x00 0xFF). */
    private static long utf8Byte(long h, int b) {
        h = step(h, b);
        return b == 0 ? step(h, 0xFF) : h;
    }

    private static long step(long h, int b) {
        return (h ^ (b & 0xFF)) * PRIME;
    }
}
