package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * The storage primitives a DynamoDB mapping needs, driven straight through the driver on a table of
 * the engine's own shape (docs/benchmarks-cassandra.md, "Raw baseline"): what a Basalt operation's
 * figures are compared with. Same session settings as the engine ({@link CassandraSchema#connect}),
 * prepared statements, token-aware routing; rows the LWT primitive writes are only ever written by
 * LWT (the load too), the plain writes go to partitions of their own.
 *
 * <p>Primitives: {@code read-one} (one row, LOCAL_ONE), {@code read-quorum}, {@code read-serial}
 * (LOCAL_SERIAL), {@code slice-one} (a partition of 10 rows, LOCAL_ONE), {@code write} (a plain
 * write, LOCAL_QUORUM), {@code lwt} ({@code UPDATE ... IF version < ?}). Each line is printed in
 * the benchmark harness's format, server "raw".
 */
public final class RawBaseline {
    public static final List<String> PRIMITIVES = List.of("read-one", "read-quorum", "read-serial", "slice-one", "write", "lwt");
    private static final int PER_PARTITION = 10;
    private static final int VALUE_BYTES = 1024;

    private final CqlSession session;
    private final int items, threads;
    private final Duration duration;
    private final List<Long> clusterPids;
    private final PrintStream out;
    private final PreparedStatement read, slice, plain, lwt, insert;
    private final AtomicLong versions = new AtomicLong(System.currentTimeMillis() * 1000);
    /** Operations per second all threads together keep to (0: as fast as they go). */
    private final int rate;
    private final AtomicLong issued = new AtomicLong();

    private RawBaseline(CqlSession session, String ks, int items, int threads, Duration duration, List<Long> clusterPids, int rate,
                        PrintStream out) {
        this.session = session;
        this.rate = rate;
        this.items = items;
        this.threads = threads;
        this.duration = duration;
        this.clusterPids = clusterPids;
        this.out = out;
        String kv = ks + ".kv";
        read = CassandraStorage.prepareRead(session, "SELECT value, version, txn FROM " + kv + " WHERE space = ? AND bucket = ? AND ck = ?");
        slice = CassandraStorage.prepareRead(session, "SELECT ck, value, version, txn FROM " + kv + " WHERE space = ? AND bucket = ?");
        plain = session.prepare("UPDATE " + kv + " SET value = ?, version = ? WHERE space = ? AND bucket = ? AND ck = ?");
        lwt = session.prepare("UPDATE " + kv + " SET value = ?, version = ? WHERE space = ? AND bucket = ? AND ck = ? IF version < ?");
        insert = session.prepare("INSERT INTO " + kv + " (space, bucket, ck, value, version) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS");
    }

    /**
     * Creates a fresh keyspace, loads {@code items} rows and runs each primitive, at most {@code rate}
     * operations a second when it is above 0 (a cluster's CPU per operation depends on its load: compare
     * at Basalt's rate too); returns 0, or 1 on a failure.
     */
    public static int run(CassandraSettings settings, int items, int threads, Duration duration, List<String> primitives,
                          List<Long> clusterPids, int rate, PrintStream out) {
        try (CqlSession session = CassandraSchema.connect(settings)) {
            CassandraSchema.create(session, settings);
            RawBaseline b = new RawBaseline(session, settings.keyspace(), items, threads, duration, clusterPids, rate, out);
            long t0 = System.nanoTime();
            b.drive(i -> b.insert.bind(0, bucket(i), ck(i), value(), 1L), items, Duration.ZERO);
            out.printf(Locale.ROOT, "raw: loaded %d rows (LWT inserts) in %.1f s%n", items, (System.nanoTime() - t0) / 1e9);
            for (String p : primitives) b.measure(p);
            session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + settings.keyspace()).setTimeout(Duration.ofSeconds(60)));
            return 0;
        } catch (RuntimeException e) {
            out.println("raw: failed: " + e);
            return 1;
        }
    }

    private void measure(String primitive) {
        IntFunction<BoundStatement> op = switch (primitive) {
            case "read-one" -> i -> read.bind(0, bucket(i), ck(i)).setConsistencyLevel(ConsistencyLevel.LOCAL_ONE);
            case "read-quorum" -> i -> read.bind(0, bucket(i), ck(i));
            case "read-serial" -> i -> read.bind(0, bucket(i), ck(i)).setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL);
            case "slice-one" -> i -> slice.bind(0, bucket(i)).setConsistencyLevel(ConsistencyLevel.LOCAL_ONE);
            case "write" -> i -> plain.bind(value(), versions.incrementAndGet(), 1, bucket(i), ck(i));
            case "lwt" -> i -> {
                long v = versions.incrementAndGet();
                return lwt.bind(value(), v, 0, bucket(i), ck(i), v);
            };
            default -> throw new IllegalArgumentException("unknown primitive " + primitive + " (" + PRIMITIVES + ")");
        };
        drive(op, 0, Duration.ofSeconds(3)); // warm-up
        issued.set(0);
        long cluster0 = clusterCpuMicros(), client0 = clientCpuMicros(), t0 = System.nanoTime();
        long[] latencies = drive(op, 0, duration);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long cluster = clusterCpuMicros() - cluster0, client = clientCpuMicros() - client0;
        int n = latencies.length;
        Arrays.sort(latencies);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-14s %-12s %10d ops/s  p50 %d µs  p99 %d µs",
                "raw", primitive + (rate > 0 ? "@" + rate + "/s" : "@" + threads), Math.round(n / seconds), n == 0 ? 0 : latencies[n / 2], n == 0 ? 0 : latencies[(int) (n * 0.99)]));
        if (!clusterPids.isEmpty() && n > 0) line.append(String.format(Locale.ROOT, "  cluster %.1f µs/op", cluster / (double) n));
        if (n > 0) line.append(String.format(Locale.ROOT, "  client %.1f µs/op", client / (double) n));
        out.println(line);
    }

    /**
     * Runs {@code op} on {@code threads} threads: over rows 0..count-1 once each when {@code count}
     * > 0, else on random rows for {@code time}. Returns every operation's latency in µs.
     */
    private long[] drive(IntFunction<BoundStatement> op, int count, Duration time) {
        AtomicLong next = new AtomicLong();
        AtomicBoolean failed = new AtomicBoolean();
        long begin = System.nanoTime(), end = begin + time.toNanos();
        List<long[]> perThread = new ArrayList<>();
        List<Thread> running = new ArrayList<>();
        int[] sizes = new int[threads];
        for (int t = 0; t < threads; t++) {
            long[][] mine = {new long[1024]};
            int me = t;
            perThread.add(null);
            running.add(Thread.ofPlatform().name("raw-baseline-" + t).start(() -> {
                int n = 0;
                while (!failed.get()) {
                    int row;
                    if (count > 0) {
                        long k = next.getAndIncrement();
                        if (k >= count) break;
                        row = (int) k;
                    } else {
                        if (System.nanoTime() >= end) break;
                        row = ThreadLocalRandom.current().nextInt(items);
                        if (rate > 0) { // the k-th operation not before begin + k / rate
                            long due = begin + issued.getAndIncrement() * 1_000_000_000L / rate, wait = due - System.nanoTime();
                            if (wait > 0) java.util.concurrent.locks.LockSupport.parkNanos(wait);
                            if (System.nanoTime() >= end) break;
                        }
                    }
                    long s = System.nanoTime();
                    try {
                        session.execute(op.apply(row));
                    } catch (RuntimeException e) {
                        if (count > 0) { // the load must be complete
                            failed.set(true);
                            throw e;
                        }
                        continue; // a timeout under load: not an operation done
                    }
                    if (n == mine[0].length) mine[0] = Arrays.copyOf(mine[0], n * 2);
                    mine[0][n++] = (System.nanoTime() - s) / 1000;
                }
                sizes[me] = n;
                synchronized (perThread) {
                    perThread.set(me, mine[0]);
                }
            }));
        }
        for (Thread t : running) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        if (failed.get()) throw new IllegalStateException("loading the baseline's rows failed");
        int total = 0;
        for (int s : sizes) total += s;
        long[] all = new long[total];
        int at = 0;
        synchronized (perThread) {
            for (int t = 0; t < threads; t++) {
                System.arraycopy(perThread.get(t), 0, all, at, sizes[t]);
                at += sizes[t];
            }
        }
        return all;
    }

    /** The partition of row i: 10 rows each, as the harness's data model. */
    private static ByteBuffer bucket(int i) {
        return ByteBuffer.allocate(17).put((byte) 1).putLong(0x6261736c74L).putLong(Long.rotateLeft((i / PER_PARTITION) * 0x9E3779B97F4A7C15L, 17)).flip();
    }

    private static ByteBuffer ck(int i) {
        return ByteBuffer.allocate(5).put((byte) 1).putInt(i % PER_PARTITION).flip();
    }

    private static ByteBuffer value() {
        byte[] v = new byte[VALUE_BYTES];
        ThreadLocalRandom.current().nextBytes(v);
        return ByteBuffer.wrap(v);
    }

    private long clusterCpuMicros() {
        long sum = 0;
        for (long pid : clusterPids) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
                sum += (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000L; // USER_HZ 100 (Linux's)
            } catch (java.io.IOException | RuntimeException e) {
                return 0;
            }
        }
        return sum;
    }

    private static long clientCpuMicros() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1000;
    }
}
