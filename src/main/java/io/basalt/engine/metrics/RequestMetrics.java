package io.basalt.engine.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Request counts and latency histograms per operation: the server's (the admin service's
 * Prometheus metrics) and each table's (the console's latency charts, through
 * DescribeTableActivity). Recording is a map lookup on the operation's (interned) name and a few counter
 * increments: no locks, no allocation after an operation's first request.
 */
public final class RequestMetrics {
    /** Histogram bucket upper bounds, in seconds. */
    public static final double[] BOUNDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
    private static final long[] BOUNDS_NANOS = new long[BOUNDS.length];

    static {
        for (int i = 0; i < BOUNDS.length; i++) BOUNDS_NANOS[i] = (long) (BOUNDS[i] * 1e9);
    }

    /** Counters of one operation. */
    public static final class Operation {
        private final LongAdder ok = new LongAdder();
        private final LongAdder errors = new LongAdder();
        private final LongAdder sumNanos = new LongAdder();
        private final LongAdder[] buckets = new LongAdder[BOUNDS.length + 1];

        Operation() {
            for (int i = 0; i < buckets.length; i++) buckets[i] = new LongAdder();
        }

        void record(boolean success, long nanos) {
            (success ? ok : errors).increment();
            sumNanos.add(nanos);
            int i = 0;
            while (i < BOUNDS_NANOS.length && nanos > BOUNDS_NANOS[i]) i++;
            buckets[i].increment();
        }

        public long ok() { return ok.sum(); }
        public long errors() { return errors.sum(); }
        public double sumSeconds() { return sumNanos.sum() / 1e9; }

        /** Cumulative counts per bound (the last one is +Inf), as Prometheus histograms want them. */
        public long[] cumulative() {
            long[] out = new long[buckets.length];
            long running = 0;
            for (int i = 0; i < buckets.length; i++) {
                running += buckets[i].sum();
                out[i] = running;
            }
            return out;
        }
    }

    private final Map<String, Operation> operations = new ConcurrentHashMap<>();

    public void record(String operation, boolean success, long nanos) {
        Operation o = operations.get(operation);
        if (o == null) o = operations.computeIfAbsent(operation, k -> new Operation());
        o.record(success, nanos);
    }

    /** Every operation seen so far, by name. */
    public Map<String, Operation> snapshot() {
        return new TreeMap<>(operations);
    }
}
