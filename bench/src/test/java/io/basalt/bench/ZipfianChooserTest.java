package io.basalt.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianChooserTest {
    @Test
    void ranksFollowZipfWithThetaPointNineNine() {
        long n = 10_000;
        ZipfianChooser z = ZipfianChooser.forCount(n);
        SplittableRandom r = new SplittableRandom(1);
        long[] counts = new long[(int) n];
        int draws = 1_000_000;
        for (int i = 0; i < draws; i++) counts[(int) z.nextRank(r)]++;
        double zeta = ZipfianChooser.zeta(n, ZipfianChooser.THETA);
        // P(rank 0) = 1/zeta(n); rank 1 = 2^-theta / zeta(n)
        assertEquals(1 / zeta, counts[0] / (double) draws, 0.01);
        assertEquals(Math.pow(2, -ZipfianChooser.THETA) / zeta, counts[1] / (double) draws, 0.01);
        assertTrue(counts[0] > counts[10] && counts[10] > counts[1000]);
    }

    @Test
    void scrambledKeysStayInRangeAndSpreadTheHotKeys() {
        long n = 1_000;
        ZipfianChooser z = ZipfianChooser.forCount(n);
        SplittableRandom r = new SplittableRandom(2);
        long[] counts = new long[(int) n];
        for (int i = 0; i < 200_000; i++) {
            long k = z.next(r);
            assertTrue(k >= 0 && k < n);
            counts[(int) k]++;
        }
        long[] sorted = counts.clone();
        Arrays.sort(sorted);
        long hottest = sorted[sorted.length - 1];
        assertTrue(hottest > 200_000 / n * 20, "skewed: the hottest key is far above the mean");
        assertTrue(counts[0] < hottest, "the hottest key is not key 0 (scrambled)");
    }

    @Test
    void uniformChooserCoversTheRange() {
        KeyChooser u = KeyChooser.of("uniform", 100);
        SplittableRandom r = new SplittableRandom(3);
        boolean[] seen = new boolean[100];
        for (int i = 0; i < 10_000; i++) seen[(int) u.next(r)] = true;
        for (boolean s : seen) assertTrue(s);
    }
}
