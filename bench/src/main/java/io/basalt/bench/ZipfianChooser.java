package io.basalt.bench;

import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * YCSB-style Zipfian key choice (the "quickly generating billion-record synthetic databases" method of
 * Gray et al.), constant theta 0.99. Rank 0 is the most popular; ranks are then scrambled with a 64-bit
 * FNV-1a hash so that the popular keys are spread over the key space (and over hash partitions) instead
 * of being the lowest key numbers — what YCSB calls the scrambled Zipfian distribution.
 */
final class ZipfianChooser implements KeyChooser {
    static final double THETA = 0.99;
    private static final ConcurrentHashMap<Long, ZipfianChooser> CACHE = new ConcurrentHashMap<>();

    private final long n;
    private final double zetaN;
    private final double alpha;
    private final double eta;
    private final double halfPowTheta;

    private ZipfianChooser(long n) {
        this.n = n;
        this.zetaN = zeta(n, THETA);
        double zeta2 = zeta(2, THETA);
        this.alpha = 1.0 / (1.0 - THETA);
        this.eta = (1 - Math.pow(2.0 / n, 1 - THETA)) / (1 - zeta2 / zetaN);
        this.halfPowTheta = 1 + Math.pow(0.5, THETA);
    }

    /** Zeta is a sum over all n ranks (about 30 ms per million), so choosers are cached per n. */
    static ZipfianChooser forCount(long n) {
        if (n < 2) throw new IllegalArgumentException("zipfian needs at least 2 keys");
        return CACHE.computeIfAbsent(n, ZipfianChooser::new);
    }

    static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) sum += 1.0 / Math.pow(i, theta);
        return sum;
    }

    /** The unscrambled rank: 0 is the most frequent. */
    long nextRank(SplittableRandom random) {
        double u = random.nextDouble();
        double uz = u * zetaN;
        if (uz < 1.0) return 0;
        if (uz < halfPowTheta) return 1;
        long rank = (long) (n * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(rank, n - 1);
    }

    @Override
    public long next(SplittableRandom random) {
        return Long.remainderUnsigned(fnv1a64(nextRank(random)), n);
    }

    static long fnv1a64(long value) {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < 8; i++) {
            hash ^= (value >>> (i * 8)) & 0xFF;
            hash *= 0x100000001B3L;
        }
        return hash;
    }
}
