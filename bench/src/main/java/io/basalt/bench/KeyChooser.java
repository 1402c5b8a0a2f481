package io.basalt.bench;

import java.util.SplittableRandom;

/** Picks key numbers in {@code [0, n)}. Implementations are immutable; each thread brings its own random source. */
interface KeyChooser {
    long next(SplittableRandom random);

    static KeyChooser of(String distribution, long n) {
        return switch (distribution) {
            case "uniform" -> random -> random.nextLong(n);
            case "zipfian" -> ZipfianChooser.forCount(n);
            default -> throw new IllegalArgumentException("unknown distribution: " + distribution);
        };
    }
}
