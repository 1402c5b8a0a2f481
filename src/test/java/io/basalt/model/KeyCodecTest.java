package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyCodecTest {
    private final Random random = new Random(42);

    private DNumber randomNumber() {
        int digits = 1 + random.nextInt(38);
        BigInteger unscaled = new BigInteger(digits * 4, random);
        if (unscaled.signum() == 0) return DNumber.ZERO;
        int scale = random.nextInt(60) - 30;
        if (random.nextInt(10) == 0) scale = random.nextInt(250) - 125;
        BigDecimal v = new BigDecimal(unscaled, scale);
        if (random.nextBoolean()) v = v.negate();
        try {
            return DNumber.of(v.round(new java.math.MathContext(38)));
        } catch (NumberFormatError e) {
            return DNumber.of(random.nextLong());
        }
    }

    private static int sign(int x) {
        return Integer.signum(x);
    }

    @Test
    void numberEncodingPreservesOrderAndRoundTrips() {
        for (int i = 0; i < 20_000; i++) {
            DNumber a = randomNumber(), b = random.nextInt(5) == 0 ? a : randomNumber();
            byte[] ea = KeyCodec.encode(new AttributeValue.N(a)), eb = KeyCodec.encode(new AttributeValue.N(b));
            assertEquals(sign(a.compareTo(b)), sign(Arrays.compareUnsigned(ea, eb)), a + " vs " + b);
            byte[] key = KeyCodec.itemKey(7, new AttributeValue.N(a), new AttributeValue.N(b));
            KeyCodec.Decoded d = KeyCodec.decodeItemKey(key, AttrType.N, AttrType.N);
            assertEquals(a, ((AttributeValue.N) d.pk()).value());
            assertEquals(b, ((AttributeValue.N) d.sk()).value());
        }
    }

    @Test
    void extremeNumbers() {
        String[] ordered = {"-9.9999999999999999999999999999999999999E+125", "-1", "-1E-130", "0", "1E-130",
                "0.1", "0.12", "0.123", "1", "10", "100", "9.9999999999999999999999999999999999999E+125"};
        for (int i = 0; i + 1 < ordered.length; i++) {
            byte[] a = KeyCodec.encode(AttributeValue.n(ordered[i])), b = KeyCodec.encode(AttributeValue.n(ordered[i + 1]));
            assertTrue(Arrays.compareUnsigned(a, b) < 0, ordered[i] + " < " + ordered[i + 1]);
        }
    }

    @Test
    void stringsAndBinariesOrderByUnsignedBytesInComposites() {
        for (int i = 0; i < 20_000; i++) {
            byte[] a = new byte[random.nextInt(6)], b = new byte[random.nextInt(6)];
            for (int j = 0; j < a.length; j++) a[j] = (byte) (random.nextInt(4) - 1);
            for (int j = 0; j < b.length; j++) b[j] = (byte) (random.nextInt(4) - 1);
            AttributeValue sk = AttributeValue.n(Integer.toString(random.nextInt(3)));
            AttributeValue sk2 = AttributeValue.n(Integer.toString(random.nextInt(3)));
            byte[] ka = KeyCodec.withSortKey(KeyCodec.tablePrefix(1), new AttributeValue.B(a));
            byte[] kb = KeyCodec.withSortKey(KeyCodec.tablePrefix(1), new AttributeValue.B(b));
            ka = KeyCodec.withSortKey(ka, sk);
            kb = KeyCodec.withSortKey(kb, sk2);
            int expected = Arrays.compareUnsigned(a, b);
            if (expected == 0) expected = sk.equals(sk2) ? 0 : ((AttributeValue.N) sk).value().compareTo(((AttributeValue.N) sk2).value());
            assertEquals(sign(expected), sign(Arrays.compareUnsigned(ka, kb)));
        }
        String[] strings = {"", "a", "a\u0000", "a\u0000b", "ab", "b", "\u00e9", "\uffff", "\ud83d\ude00"};
        for (int i = 0; i + 1 < strings.length; i++) {
            byte[] a = KeyCodec.encode(AttributeValue.s(strings[i])), b = KeyCodec.encode(AttributeValue.s(strings[i + 1]));
            assertTrue(Arrays.compareUnsigned(a, b) < 0, i + ": " + strings[i] + " < " + strings[i + 1]);
            assertTrue(Values.compareStrings(strings[i], strings[i + 1]) < 0);
        }
    }

    @Test
    void partitionPrefixCoversExactlyItsItems() {
        byte[] p = KeyCodec.partitionPrefix(3, AttributeValue.s("a"));
        byte[] end = KeyCodec.prefixEnd(p);
        byte[] inside = KeyCodec.itemKey(3, AttributeValue.s("a"), AttributeValue.s("zzz"));
        byte[] other = KeyCodec.itemKey(3, AttributeValue.s("a\u0000"), AttributeValue.s(""));
        assertTrue(Arrays.compareUnsigned(inside, p) >= 0 && Arrays.compareUnsigned(inside, end) < 0);
        boolean otherInside = Arrays.compareUnsigned(other, p) >= 0 && Arrays.compareUnsigned(other, end) < 0;
        assertTrue(!otherInside);
        KeyCodec.Decoded d = KeyCodec.decodeItemKey(other, AttrType.S, AttrType.S);
        assertEquals(AttributeValue.s("a\u0000"), d.pk());
        assertEquals(AttributeValue.s(""), d.sk());
    }
}
