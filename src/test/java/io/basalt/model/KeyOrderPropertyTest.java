package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Key encoding preserves DynamoDB's order (S by UTF-8 bytes, N numerically, B by unsigned bytes),
 * alone and as the sort key after a partition prefix, for random keys (seeded, so a failure repeats).
 */
class KeyOrderPropertyTest {
    private static final int PAIRS = 50_000;
    private final Random random = new Random(20261125L);

    @Test
    void stringsOrderByTheirUtf8Bytes() {
        for (int i = 0; i < PAIRS; i++) {
            String a = randomString(), b = randomString();
            int expected = Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
            check(AttributeValue.s(a), AttributeValue.s(b), expected);
        }
    }

    @Test
    void binariesOrderAsUnsignedBytes() {
        for (int i = 0; i < PAIRS; i++) {
            byte[] a = randomBytes(), b = randomBytes();
            check(new AttributeValue.B(a), new AttributeValue.B(b), Arrays.compareUnsigned(a, b));
        }
    }

    @Test
    void numbersOrderNumerically() {
        for (int i = 0; i < PAIRS; i++) {
            BigDecimal a = randomNumber(), b = randomNumber();
            check(new AttributeValue.N(DNumber.of(a)), new AttributeValue.N(DNumber.of(b)), a.compareTo(b));
        }
    }

    private void check(AttributeValue a, AttributeValue b, int expected) {
        assertEquals(Integer.signum(expected), Integer.signum(Arrays.compareUnsigned(KeyCodec.encode(a), KeyCodec.encode(b))),
                () -> a + " vs " + b);
        // as sort keys of one partition: the composite keys keep the order too
        byte[] partition = KeyCodec.partitionPrefix(7, AttributeValue.s("p"));
        assertEquals(Integer.signum(expected), Integer.signum(Arrays.compareUnsigned(
                KeyCodec.withSortKey(partition, a), KeyCodec.withSortKey(partition, b))), () -> "sort keys " + a + " vs " + b);
    }

    private String randomString() {
        int n = 1 + random.nextInt(6);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(5)) {
                case 0 -> b.append((char) random.nextInt(3)); // NUL and friends: the escape's own bytes
                case 1 -> b.append((char) (0x7f + random.nextInt(0x100)));
                case 2 -> b.appendCodePoint(0x10000 + random.nextInt(0x1000)); // 4-byte UTF-8
                default -> b.append((char) ('a' + random.nextInt(3)));
            }
        }
        return b.toString();
    }

    private byte[] randomBytes() {
        byte[] b = new byte[1 + random.nextInt(5)];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (random.nextBoolean() ? random.nextInt(3) - 1 : random.nextInt(256));
        return b;
    }

    private BigDecimal randomNumber() {
        // the service's range: 38 significant digits, magnitudes 1E-130 to 9.99...E+125
        int digits = 1 + random.nextInt(random.nextBoolean() ? 3 : 38);
        StringBuilder unscaled = new StringBuilder();
        unscaled.append(1 + random.nextInt(9));
        for (int i = 1; i < digits; i++) unscaled.append(random.nextInt(10));
        BigDecimal v = new BigDecimal(new java.math.BigInteger(unscaled.toString()), 0);
        int exponent = random.nextBoolean() ? random.nextInt(10) - 5 : -129 + random.nextInt(250);
        v = v.scaleByPowerOfTen(exponent - (digits - 1));
        if (random.nextInt(10) == 0) return BigDecimal.ZERO;
        return random.nextBoolean() ? v.negate() : v;
    }
}
