package io.basalt.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The benchmark harness's entry point: {@code run} drives one endpoint through a grid of cells,
 * {@code --compare} runs the grid against several servers side by side, {@code serve-ceiling} is the
 * fixed-answer server (normally started by the harness as a child process).
 */
public final class Bench {
    private Bench() {}

    public static void main(String[] args) throws Exception {
        BenchOptions o;
        try {
            o = BenchOptions.parse(args);
        } catch (BenchOptions.UsageError e) {
            System.err.println("bench: " + e.getMessage() + " (try: bench --help)");
            System.exit(2);
            return;
        }
        switch (o.mode) {
            case "help" -> System.out.print(BenchOptions.help());
            case "serve-ceiling" -> serveCeiling(o);
            case "compare" -> System.exit(new CompareRun(o).run());
            default -> System.exit(run(o));
        }
    }

    private static void serveCeiling(BenchOptions o) throws InterruptedException {
        CeilingServer server = CeilingServer.start(o.port, o.itemSize, o.ioThreads);
        System.out.println("ceiling server listening on http://127.0.0.1:" + server.port());
        System.out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "ceiling-shutdown"));
        stopped.await();
    }

    /** Drives one endpoint (or a ceiling server started for the purpose) through the grid. */
    static int run(BenchOptions o) throws IOException {
        ManagedServer ceiling = null;
        try {
            URI endpoint;
            long pid = o.serverPid;
            String serverName;
            if (o.ceiling) {
                ceiling = ManagedServer.startCeiling(o.itemSize, o.ioThreads);
                endpoint = ceiling.endpoint;
                pid = ceiling.pid;
                serverName = "ceiling";
                System.out.println("started the ceiling server on " + endpoint + " (pid " + pid + ", answered after "
                        + ceiling.startupMillis + " ms)");
            } else {
                endpoint = URI.create(o.endpoint);
                serverName = endpoint.getHost() + ":" + endpoint.getPort();
            }
            ProcessProbe probe = pid > 0 ? new ProcessProbe(pid) : null;
            if (probe != null && !probe.alive()) {
                System.err.println("bench: no process " + pid + " (--server-pid): CPU and RSS will not be reported");
                probe = null;
            }
            Instant when = Instant.now();
            List<CellResult> results = new ArrayList<>();
            try (ClientFactory.BenchClient client = ClientFactory.create(endpoint, o.httpClient, o.maxConnections)) {
                DataModel model = new DataModel(o.items);
                Workloads workloads = new Workloads(client.dynamo(), o.table, model, o.distribution, o.itemSize, o.batchItemSize);
                CellRunner runner = new CellRunner(workloads, client.retries(), probe, ProcessProbe.all(o.clusterPids));
                if (o.createTable && !TableSetup.exists(client.dynamo(), o.table)) {
                    System.out.println("creating table " + o.table + " and loading " + o.items + " items of "
                            + o.itemSize + " bytes...");
                    TableSetup.create(client.dynamo(), o.table);
                    CellResult load = runner.load(serverName, maxThreads(o));
                    progress(load);
                    results.add(load);
                }
                if (o.clientWarmupSeconds > 0) {
                    System.out.printf(Locale.ROOT, "warming up the client and the server for %.0f s...%n", o.clientWarmupSeconds);
                    runner.warm(mix(o.cells), maxThreads(o), o.clientWarmupSeconds);
                }
                for (CellSpec cell : o.cells) {
                    CellResult r = runner.timed(serverName, cell, o.warmupSeconds, o.durationSeconds);
                    progress(r);
                    results.add(r);
                }
            }
            System.out.println();
            ResultsWriter.printTable(System.out, results);
            Path json = ResultsWriter.writeFiles(resultsDir(o), o.ceiling ? "ceiling" : "run", o, MachineInfo.current(),
                    when, List.of(), results);
            System.out.println("\nresults: " + json + " (and .csv)");
            return 0;
        } catch (ManagedServer.StartFailure e) {
            System.err.println("bench: cannot start the ceiling server: " + e.getMessage());
            return 1;
        } finally {
            if (ceiling != null) ceiling.close();
        }
    }

    static void progress(CellResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "  %-14s %-12s %10s ops/s", r.server(), r.cell(), ResultsWriter.whole(r.opsPerSecond())));
        if (r.workload().countsItems()) sb.append(String.format(Locale.ROOT, " %10s items/s", ResultsWriter.whole(r.itemsPerSecond())));
        if (r.bytes() > 0) sb.append(String.format(Locale.ROOT, " %6.1f MB/s", r.megabytesPerSecond()));
        sb.append(String.format(Locale.ROOT, "  p50 %d µs  p99 %d µs  p99.9 %d µs", r.p50Micros(), r.p99Micros(), r.p999Micros()));
        if (!Double.isNaN(r.serverCpuMicrosPerOp())) sb.append(String.format(Locale.ROOT, "  server %.1f µs/op", r.serverCpuMicrosPerOp()));
        if (!Double.isNaN(r.clusterCpuMicrosPerOp())) sb.append(String.format(Locale.ROOT, "  cluster %.1f µs/op", r.clusterCpuMicrosPerOp()));
        if (!Double.isNaN(r.clientCpuMicrosPerOp())) sb.append(String.format(Locale.ROOT, "  client %.1f µs/op", r.clientCpuMicrosPerOp()));
        if (r.errorCount() > 0) sb.append("  errors: ").append(r.errorSummary());
        if (r.retries() > 0) sb.append("  retries: ").append(r.retries());
        if (r.workload() == Workload.GET && r.ops() > 0 && r.items() < r.ops() * 0.99) {
            sb.append(String.format(Locale.ROOT, "  WARNING: %.0f%% of GetItems found nothing (table not loaded?)",
                    100.0 * (r.ops() - r.items()) / r.ops()));
        }
        System.out.println(sb);
        System.out.flush();
    }

    static int maxThreads(BenchOptions o) {
        int t = o.threads;
        for (CellSpec c : o.cells) t = Math.max(t, c.threads());
        return t;
    }

    static List<Workload> mix(List<CellSpec> cells) {
        Set<Workload> set = new LinkedHashSet<>();
        for (CellSpec c : cells) set.add(c.workload());
        return new ArrayList<>(set);
    }

    /** The repository root: $BENCH_REPO_ROOT (set by bench/run), else the working directory. */
    static Path repoRoot() {
        String env = System.getenv("BENCH_REPO_ROOT");
        return Path.of(env != null && !env.isBlank() ? env : ".").toAbsolutePath().normalize();
    }

    static Path resultsDir(BenchOptions o) {
        if (o.resultsDir != null) return o.resultsDir;
        Path bench = repoRoot().resolve("bench");
        return Files.isDirectory(bench) ? bench.resolve("results") : Path.of("bench-results");
    }
}
