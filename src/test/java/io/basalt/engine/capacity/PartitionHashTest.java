package io.basalt.engine.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.model.AttributeValue;
import io.basalt.model.KeyCodec;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The allocation-free string hash equals the storage layout's hash of the encoded key. */
class PartitionHashTest {
    @Test
    void matchesTheStorageHash() {
        Random r = new Random(42);
        String[] fixed = {"", "a", "\u0000", "a\u0000b", "é", "\u20ac", "\ud83d\ude00", "\ud800", "x\udc00y", "status#200"};
        for (String s : fixed) check(s);
        for (int i = 0; i < 5000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = r.nextInt(20);
            for (int j = 0; j < len; j++) sb.append((char) (r.nextInt(4) == 0 ? r.nextInt(0x10000) : r.nextInt(128)));
            check(sb.toString());
        }
    }

    private static void check(String s) {
        AttributeValue v = new AttributeValue.S(s);
        assertEquals(KeyCodec.hash(KeyCodec.encode(v)), PartitionHash.of(v), s);
    }
}
