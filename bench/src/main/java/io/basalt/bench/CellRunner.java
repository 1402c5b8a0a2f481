package io.basalt.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Runs one cell: a closed loop of client threads, each issuing one operation after the other. Only
 * operations that complete inside the measured window count (throughput by completion), so in-flight
 * operations at the window's edges neither inflate nor hide anything. Each thread keeps its own
 * histogram; they are merged at the end.
 */
final class CellRunner {
    private static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final long JOIN_MILLIS = 120_000;

    private final Workloads workloads;
    private final RetryCounter retries;
    private final ProcessProbe server; // may be null
    private final ProcessProbe cluster; // may be null: the storage cluster's processes
    private final ProcessProbe client = ProcessProbe.self();

    CellRunner(Workloads workloads, RetryCounter retries, ProcessProbe server) {
        this(workloads, retries, server, null);
    }

    CellRunner(Workloads workloads, RetryCounter retries, ProcessProbe server, ProcessProbe cluster) {
        this.workloads = workloads;
        this.retries = retries;
        this.server = server;
        this.cluster = cluster;
    }

    /** CPU time used so far by the server, the cluster behind it and the client (-1 where unknown), and the retries. */
    private record Mark(long server, long cluster, long client, long retries) {}

    private Mark mark() {
        return new Mark(server == null ? -1 : server.cpuMicros(), cluster == null ? -1 : cluster.cpuMicros(),
                client.cpuMicros(), retries.retries());
    }

    /** One client thread's counters. */
    private static final class Lane {
        final Histogram histogram = new Histogram(1, HIGHEST_MICROS, 3);
        final Map<String, Long> errors = new HashMap<>();
        long ops;
        long items;
        long bytes;
        long lastCompletion;
    }

    /** The shared state of one run: the window is [start, end] in System.nanoTime. */
    private static final class Window {
        volatile long start = Long.MAX_VALUE;
        volatile long end = Long.MAX_VALUE;
        volatile boolean stop;
    }

    /** Runs a timed cell: warm-up (not measured), then the measured window. */
    CellResult timed(String serverName, CellSpec cell, double warmupSeconds, double seconds) {
        if (cell.workload() == Workload.LOAD) return load(serverName, cell.threads());
        Window window = new Window();
        List<Lane> lanes = new ArrayList<>();
        List<Thread> threads = start(cell.threads(), r -> workloads.worker(cell.workload(), r), window, lanes, cell.name());
        sleepSeconds(warmupSeconds);
        Mark before = mark();
        window.start = System.nanoTime();
        sleepSeconds(seconds);
        window.end = System.nanoTime();
        Mark after = mark();
        window.stop = true;
        join(threads);
        return summarize(serverName, cell, lanes, (window.end - window.start) / 1e9, before, after);
    }

    /** Loads the table's items as fast as the threads can; the window is from the start to the last completion. */
    CellResult load(String serverName, int threadCount) {
        CellSpec cell = new CellSpec(Workload.LOAD, threadCount);
        workloads.resetLoad();
        Window window = new Window();
        Mark before = mark();
        List<Lane> lanes = new ArrayList<>();
        window.start = System.nanoTime();
        List<Thread> threads = start(threadCount, r -> workloads.worker(Workload.LOAD, r), window, lanes, cell.name());
        // a load ends when every item is in, however long that takes (10,000,000 items: minutes);
        // the cells after it must not run beside loaders still at work
        join(threads, Long.MAX_VALUE);
        long last = window.start;
        for (Lane l : lanes) last = Math.max(last, l.lastCompletion);
        return summarize(serverName, cell, lanes, (last - window.start) / 1e9, before, mark());
    }

    /** Runs a mix of workloads unmeasured, to warm the client's and the server's JIT. */
    void warm(List<Workload> mix, int threadCount, double seconds) {
        if (seconds <= 0) return;
        Window window = new Window();
        List<Thread> threads = start(threadCount, r -> workloads.cycling(mix, r), window, new ArrayList<>(), "warmup");
        sleepSeconds(seconds);
        window.stop = true;
        join(threads);
    }

    private List<Thread> start(int count, Function<SplittableRandom, Workloads.Worker> factory, Window window,
                               List<Lane> lanes, String name) {
        List<Thread> threads = new ArrayList<>(count);
        SplittableRandom seeds = new SplittableRandom(System.nanoTime());
        for (int i = 0; i < count; i++) {
            Lane lane = new Lane();
            lanes.add(lane);
            SplittableRandom random = seeds.split();
            Thread t = new Thread(() -> loop(factory.apply(random), lane, window), "bench-" + name + "-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        for (Thread t : threads) t.start();
        return threads;
    }

    private static void loop(Workloads.Worker worker, Lane lane, Window window) {
        while (!window.stop) {
            long t0 = System.nanoTime();
            Workloads.Outcome outcome;
            String error = null;
            try {
                outcome = worker.run();
                if (outcome == null) return; // finite workload done
            } catch (RuntimeException e) {
                outcome = null;
                error = ErrorCodes.of(e);
            }
            long t1 = System.nanoTime();
            if (t1 < window.start || t1 > window.end) continue;
            if (error != null) {
                lane.errors.merge(error, 1L, Long::sum);
                // A dead server fails at once; don't spin the shared CPUs on it.
                if (error.startsWith("client:")) sleepMillis(5);
                continue;
            }
            lane.histogram.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, (t1 - t0) / 1000)));
            lane.ops++;
            lane.items += outcome.items();
            lane.bytes += outcome.bytes();
            lane.lastCompletion = t1;
        }
    }

    private CellResult summarize(String serverName, CellSpec cell, List<Lane> lanes, double seconds, Mark before, Mark after) {
        Histogram all = new Histogram(1, HIGHEST_MICROS, 3);
        Map<String, Long> errors = new HashMap<>();
        long ops = 0;
        long items = 0;
        long bytes = 0;
        for (Lane l : lanes) {
            all.add(l.histogram);
            ops += l.ops;
            items += l.items;
            bytes += l.bytes;
            l.errors.forEach((k, v) -> errors.merge(k, v, Long::sum));
        }
        double serverCpuPerOp = perOp(before.server(), after.server(), ops);
        double clientCpuPerOp = perOp(before.client(), after.client(), ops);
        double clusterCpuPerOp = perOp(before.cluster(), after.cluster(), ops);
        boolean any = all.getTotalCount() > 0;
        return new CellResult(serverName, cell.name(), cell.workload(), cell.threads(), seconds, ops, items, bytes,
                any ? all.getValueAtPercentile(50) : 0,
                any ? all.getValueAtPercentile(99) : 0,
                any ? all.getValueAtPercentile(99.9) : 0,
                any ? all.getMaxValue() : 0,
                any ? all.getMean() : 0,
                errors, after.retries() - before.retries(), serverCpuPerOp, server == null ? -1 : server.rssKb(), clientCpuPerOp,
                clusterCpuPerOp);
    }

    private static double perOp(long cpu0, long cpu1, long ops) {
        return cpu0 >= 0 && cpu1 >= 0 && ops > 0 ? (cpu1 - cpu0) / (double) ops : Double.NaN;
    }

    private static void join(List<Thread> threads) {
        join(threads, JOIN_MILLIS);
    }

    private static void join(List<Thread> threads, long maxMillis) {
        long deadline = maxMillis == Long.MAX_VALUE ? Long.MAX_VALUE : System.currentTimeMillis() + maxMillis;
        for (Thread t : threads) {
            try {
                if (deadline == Long.MAX_VALUE) t.join();
                else t.join(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static void sleepSeconds(double seconds) {
        sleepMillis((long) (seconds * 1000));
    }

    static void sleepMillis(long ms) {
        if (ms <= 0) return;
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
