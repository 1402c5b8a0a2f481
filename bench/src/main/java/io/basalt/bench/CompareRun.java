package io.basalt.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --compare}: the same grid, in one run and from one client JVM, against each target server in
 * turn. For each server: start it (timing the first answered request), note its idle RSS, create the
 * table, load the items (the bulk-load figure), note the RSS, warm it up, run every cell, stop it. The
 * client JVM is warmed once, before the first server's load. Servers that cannot start are reported as
 * not available and the run goes on.
 */
final class CompareRun {
    static final String DDBLOCAL_VERSION = "2.6.1";

    private final BenchOptions o;
    private final Path repoRoot = Bench.repoRoot();
    private final List<ServerFacts> facts = new ArrayList<>();
    private final List<CellResult> results = new ArrayList<>();
    private boolean clientWarm;

    CompareRun(BenchOptions o) {
        this.o = o;
    }

    static String label(String id) {
        return switch (id) {
            case "ceiling" -> "ceiling (fixed answers)";
            case "basalt" -> "Basalt (disk, durable)";
            case "ddblocal-mem" -> "DynamoDB Local " + DDBLOCAL_VERSION + " (memory)";
            case "ddblocal-disk" -> "DynamoDB Local " + DDBLOCAL_VERSION + " (disk)";
            default -> id;
        };
    }

    int run() throws IOException {
        Instant when = Instant.now();
        MachineInfo machine = MachineInfo.current();
        System.out.println("compare: " + String.join(", ", o.targets) + " | cells: "
                + String.join(",", o.cells.stream().map(CellSpec::name).toList()));
        System.out.printf(Locale.ROOT, "about %.0f s of measurement (+ start-up and loading)%n", estimateSeconds());
        System.out.println("machine: " + machine.oneLine());
        primeDynamoDbLocal();
        for (String target : o.targets) runTarget(target);

        System.out.println();
        ResultsWriter.printFacts(System.out, facts);
        System.out.println();
        ResultsWriter.printTable(System.out, results);
        Path json = ResultsWriter.writeFiles(Bench.resultsDir(o), "compare", o, machine, when, facts, results);
        Path report = repoRoot.resolve(o.output);
        BenchmarksReport.write(report, o, machine, when, facts, results);
        System.out.println("\nresults: " + json + " (and .csv)\nreport:  " + report);
        return 0;
    }

    private double estimateSeconds() {
        double perServer = o.serverWarmupSeconds + o.cells.size() * (o.warmupSeconds + o.durationSeconds);
        return o.clientWarmupSeconds + perServer * o.targets.size();
    }

    private void runTarget(String id) {
        System.out.println("\n== " + label(id));
        ManagedServer server;
        try {
            server = start(id);
        } catch (ManagedServer.StartFailure e) {
            String why = e.getMessage();
            System.out.println("  not available: " + why);
            facts.add(ServerFacts.unavailable(id, label(id), why));
            return;
        }
        System.out.println("  started: " + server.endpoint + " pid " + server.pid + ", first answer after "
                + server.startupMillis + " ms");
        try (server; ClientFactory.BenchClient client = ClientFactory.create(server.endpoint, o.httpClient, o.maxConnections)) {
            ProcessProbe probe = server.probe();
            CellRunner.sleepMillis(1000);
            long idleRss = probe.rssKb();
            if (!TableSetup.exists(client.dynamo(), o.table)) TableSetup.create(client.dynamo(), o.table);
            DataModel model = new DataModel(o.items);
            Workloads workloads = new Workloads(client.dynamo(), o.table, model, o.distribution, o.itemSize, o.batchItemSize);
            CellRunner runner = new CellRunner(workloads, client.retries(), probe);
            int threads = Bench.maxThreads(o);
            if (!clientWarm) {
                System.out.printf(Locale.ROOT, "  warming the client JVM for %.0f s...%n", o.clientWarmupSeconds);
                runner.warm(Bench.mix(o.cells), threads, o.clientWarmupSeconds);
                clientWarm = true;
            }
            System.out.println("  loading " + o.items + " items of " + o.itemSize + " bytes with " + o.threads + " threads...");
            CellResult load = runner.load(id, o.threads);
            Bench.progress(load);
            results.add(load);
            long rssAfterLoad = probe.rssKb();
            System.out.printf(Locale.ROOT, "  warming the server for %.0f s...%n", o.serverWarmupSeconds);
            runner.warm(Bench.mix(o.cells), threads, o.serverWarmupSeconds);
            for (CellSpec cell : o.cells) {
                if (!probe.alive()) {
                    results.add(CellResult.unavailable(id, cell, "server exited"));
                    continue;
                }
                CellResult r = runner.timed(id, cell, o.warmupSeconds, o.durationSeconds);
                Bench.progress(r);
                results.add(r);
            }
            facts.add(new ServerFacts(id, label(id), null, server.startupMillis, idleRss, rssAfterLoad, probe.rssKb(), o.items));
        } catch (RuntimeException e) {
            String why = "failed during the run: " + ErrorCodes.of(e);
            System.out.println("  " + why);
            facts.add(new ServerFacts(id, label(id), why, server.startupMillis, -1, -1, -1, 0));
        }
    }

    private ManagedServer start(String id) throws ManagedServer.StartFailure {
        return switch (id) {
            case "ceiling" -> ManagedServer.startCeiling(o.itemSize, o.ioThreads);
            case "basalt" -> ManagedServer.startBasalt(
                    o.basaltCommand != null ? o.basaltCommand : repoRoot.resolve("basalt").toString(), repoRoot);
            case "ddblocal-mem" -> ManagedServer.startDynamoDbLocal(o.ddblocalScript, true);
            case "ddblocal-disk" -> ManagedServer.startDynamoDbLocal(o.ddblocalScript, false);
            default -> throw new ManagedServer.StartFailure("unknown target " + id);
        };
    }

    /** ddblocal.sh installs DynamoDB Local on first use; do that before anything is timed. */
    private void primeDynamoDbLocal() {
        if (o.targets.stream().noneMatch(t -> t.startsWith("ddblocal"))) return;
        String cache = System.getenv().getOrDefault("DDBLOCAL_CACHE", System.getProperty("user.home") + "/.cache/ddblocal");
        Path jar = Path.of(cache, DDBLOCAL_VERSION, "lib", "DynamoDBLocal-" + DDBLOCAL_VERSION + ".jar");
        if (Files.exists(jar)) return;
        System.out.println("installing DynamoDB Local (first use of ddblocal.sh; not timed)...");
        try (ManagedServer s = ManagedServer.startDynamoDbLocal(o.ddblocalScript, true)) {
            System.out.println("  installed (pid " + s.pid + " stopped again)");
        } catch (ManagedServer.StartFailure e) {
            System.out.println("  install failed: " + e.getMessage());
        }
    }
}
