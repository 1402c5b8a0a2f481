package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The chunked response buffer gives back exactly what was written, across chunk borders and reuse. */
class ResponseBufferTest {
    @Test
    void writesOfEverySizeComeBackInOrder() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        ResponseBuffer buffer = new ResponseBuffer();
        for (int round = 0; round < 40; round++) {
            buffer.reset();
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            int total = round % 4 == 0 ? r.nextInt(10) : r.nextInt(600_000);
            while (expected.size() < total) {
                if (r.nextInt(5) == 0) {
                    int b = r.nextInt(256);
                    buffer.write(b);
                    expected.write(b);
                } else {
                    byte[] chunk = new byte[r.nextInt(20_000) + 1];
                    r.nextBytes(chunk);
                    int off = r.nextInt(chunk.length);
                    buffer.write(chunk, off, chunk.length - off);
                    expected.write(chunk, off, chunk.length - off);
                }
            }
            assertEquals(expected.size(), buffer.size());
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            buffer.writeTo(got);
            assertArrayEquals(expected.toByteArray(), got.toByteArray(), "round " + round);
        }
    }

    @Test
    void exactChunkBoundaries() throws Exception {
        ResponseBuffer buffer = new ResponseBuffer();
        for (int size : new int[] {0, 1, 16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1, 80 * 1024, 80 * 1024 + 1, 144 * 1024}) {
            buffer.reset();
            byte[] data = new byte[size];
            for (int i = 0; i < size; i++) data[i] = (byte) (i * 31);
            buffer.write(data, 0, size);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            buffer.writeTo(got);
            assertArrayEquals(data, got.toByteArray(), "size " + size);
        }
    }
}
