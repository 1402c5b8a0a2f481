package io.basalt.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.StoredItemJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Writing a stored item straight from its bytes gives the same JSON and size as decoding it first. */
class StoredItemJsonTest {
    private final SplittableRandom random = new SplittableRandom(42);

    @Test
    void sameJsonAndSizeAsTheDecodedItem() throws IOException {
        for (int i = 0; i < 3000; i++) {
            Map<String, AttributeValue> item = map(0);
            byte[] stored = ItemCodec.encode(item);
            byte[] withHeader = new byte[stored.length + 8];
            System.arraycopy(stored, 0, withHeader, 8, stored.length);

            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            try (JsonGenerator g = Json.FACTORY.createGenerator(expected)) {
                AttributeValueJson.writeItem(g, ItemCodec.decode(stored));
            }
            ByteArrayOutputStream direct = new ByteArrayOutputStream();
            long size;
            try (JsonGenerator g = Json.FACTORY.createGenerator(direct)) {
                size = StoredItemJson.write(g, withHeader, 8);
            }
            assertEquals(expected.toString(StandardCharsets.UTF_8), direct.toString(StandardCharsets.UTF_8));
            assertEquals(ItemSize.of(item), size);
            assertEquals(ItemSize.of(item), ItemCodec.sizeOf(withHeader, 8));
        }
    }

    private Map<String, AttributeValue> map(int depth) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        int n = random.nextInt(depth == 0 ? 1 : 0, 6);
        for (int i = 0; i < n; i++) m.put(text(), value(depth + 1));
        return m;
    }

    private AttributeValue value(int depth) {
        int kind = random.nextInt(depth > 6 ? 8 : 11);
        return switch (kind) {
            case 0, 1 -> AttributeValue.s(text());
            case 2, 3 -> new AttributeValue.N(number());
            case 4 -> new AttributeValue.B(bytes());
            case 5 -> random.nextBoolean() ? AttributeValue.Bool.TRUE : AttributeValue.Bool.FALSE;
            case 6 -> AttributeValue.Null.INSTANCE;
            case 7 -> {
                int n = 1 + random.nextInt(4);
                if (random.nextBoolean()) {
                    List<String> ss = new ArrayList<>();
                    for (int i = 0; i < n; i++) ss.add(text() + i);
                    yield new AttributeValue.SS(ss);
                } else if (random.nextBoolean()) {
                    List<DNumber> ns = new ArrayList<>();
                    for (int i = 0; i < n; i++) ns.add(DNumber.of(random.nextLong(-1_000_000, 1_000_000) * 10 + i));
                    yield new AttributeValue.NS(ns);
                } else {
                    List<byte[]> bs = new ArrayList<>();
                    for (int i = 0; i < n; i++) bs.add(bytes());
                    yield new AttributeValue.BS(bs);
                }
            }
            case 8 -> new AttributeValue.M(map(depth));
            default -> {
                List<AttributeValue> l = new ArrayList<>();
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) l.add(value(depth + 1));
                yield new AttributeValue.L(l);
            }
        };
    }

    private String text() {
        String alphabet = "abcXYZ019 \"\\\n\t\u0001é€\uD83D\uDE00/<>&'";
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(1, 12);
        for (int i = 0; i < n; i++) {
            int at = random.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                b.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                b.append(c);
            }
        }
        return b.isEmpty() ? "x" : b.toString();
    }

    private DNumber number() {
        String[] samples = {"0", "1", "-1", "12.5", "-0.001", "1E+30", "123456789012345678901234567890", "1E-130", "9.99E+125"};
        return random.nextInt(3) == 0 ? DNumber.parse(samples[random.nextInt(samples.length)])
                : DNumber.parse(Long.toString(random.nextLong()) + (random.nextBoolean() ? "" : "." + random.nextInt(1, 1000)));
    }

    private byte[] bytes() {
        byte[] b = new byte[random.nextInt(1, 20)];
        random.nextBytes(b);
        return b;
    }
}
