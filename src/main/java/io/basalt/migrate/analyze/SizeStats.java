package io.basalt.migrate.analyze;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The item-size distribution of a sample: mean with its 95% confidence interval, nearest-rank
 * quantiles with a distribution-free 95% interval (the sizes at ranks np ± 1.96·√(np(1−p))), the
 * maximum and a histogram. With every row read (no sampling) the figures are exact.
 */
public final class SizeStats {
    private static final double Z95 = 1.959964;

    private SizeStats() {}

    public static Map<String, Object> of(long[] sizes, boolean sampled, long limitBytes) {
        long[] s = sizes.clone();
        Arrays.sort(s);
        int n = s.length;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sampleSize", n);
        out.put("sampled", sampled);
        if (n == 0) return out;
        double sum = 0;
        for (long x : s) sum += x;
        double mean = sum / n;
        double var = 0;
        for (long x : s) var += (x - mean) * (x - mean);
        double sd = n > 1 ? Math.sqrt(var / (n - 1)) : 0;
        double half = Z95 * sd / Math.sqrt(n);
        out.put("mean", round(mean));
        out.put("meanCi95", sampled ? List.of(round(mean - half), round(mean + half)) : List.of(round(mean), round(mean)));
        for (double p : new double[] {0.5, 0.95, 0.99}) {
            String name = "p" + Math.round(p * 100);
            out.put(name, quantile(s, p));
            if (sampled) {
                double spread = Z95 * Math.sqrt(n * p * (1 - p));
                int lo = (int) Math.max(1, Math.floor(n * p - spread)), hi = (int) Math.min(n, Math.ceil(n * p + spread));
                out.put(name + "Ci95", List.of(s[lo - 1], s[hi - 1]));
                out.put(name + "RankError", round(spread / n)); // ± this fraction of the ranks
            }
        }
        out.put("max", s[n - 1]);
        out.put("min", s[0]);
        long over = Arrays.stream(s).filter(x -> x > limitBytes).count();
        out.put("overItemLimit", over);
        out.put("histogram", histogram(s));
        return out;
    }

    /** Nearest-rank quantile: the smallest size with at least p·n sizes at or below it. */
    public static long quantile(long[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    private static List<Object> histogram(long[] s) {
        long min = s[0], max = s[s.length - 1];
        int buckets = (int) Math.min(20, max - min + 1);
        double width = (double) (max - min + 1) / buckets;
        long[] counts = new long[buckets];
        for (long x : s) counts[(int) Math.min(buckets - 1, (x - min) / width)]++;
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("from", min + (long) Math.ceil(i * width));
            b.put("to", min + (long) Math.ceil((i + 1) * width) - 1);
            b.put("count", counts[i]);
            out.add(b);
        }
        return out;
    }

    private static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }
}
