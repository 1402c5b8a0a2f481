package io.basalt.storage.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.storage.Space;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The SPI key to (bucket, ck) mapping keeps unsigned byte order and round-trips, in every space. */
class RowKeyTest {
    private static final Random RANDOM = new Random(20);

    private static byte[] randomKey() {
        byte[] k = new byte[RANDOM.nextInt(24)];
        for (int i = 0; i < k.length; i++) k[i] = (byte) (RANDOM.nextInt(4) == 0 ? RANDOM.nextInt(256) : RANDOM.nextInt(3));
        return k;
    }

    @Test
    void orderAndRoundTrip() {
        for (Space space : Space.values()) {
            for (int n = 0; n < 20_000; n++) {
                byte[] a = randomKey(), b = randomKey();
                RowKey ra = RowKey.of(space, a), rb = RowKey.of(space, b);
                assertArrayEquals(a, RowKey.key(ra.bucket(), ra.ck()));
                int byKey = Integer.signum(Arrays.compareUnsigned(a, b));
                int byRow = ra.bucket().equals(rb.bucket())
                        ? Integer.signum(ra.ck().compareTo(rb.ck()) == 0 ? 0 : unsigned(ra.ck(), rb.ck()))
                        : Integer.signum(unsigned(ra.bucket(), rb.bucket()));
                assertEquals(byKey, byRow, () -> space + " " + Arrays.toString(a) + " vs " + Arrays.toString(b));
            }
        }
    }

    @Test
    void sliceBoundsKeepEveryKeyOfTheRange() {
        for (int n = 0; n < 20_000; n++) {
            byte[] k = randomKey(), from = randomKey(), to = randomKey();
            RowKey rk = RowKey.of(Space.ITEMS, k);
            ByteBuffer[] slice = RowKey.slice(Space.ITEMS, rk.bucket(), from, to);
            boolean inRange = Arrays.compareUnsigned(k, from) >= 0 && Arrays.compareUnsigned(k, to) < 0;
            boolean inSlice = unsigned(rk.ck(), slice[0]) >= 0 && unsigned(rk.ck(), slice[1]) < 0;
            if (inRange) assertEquals(true, inSlice, () -> Arrays.toString(k) + " in [" + Arrays.toString(from) + ", " + Arrays.toString(to) + ")");
        }
    }

    private static int unsigned(ByteBuffer a, ByteBuffer b) {
        byte[] x = new byte[a.remaining()], y = new byte[b.remaining()];
        a.duplicate().get(x);
        b.duplicate().get(y);
        return Arrays.compareUnsigned(x, y);
    }
}
