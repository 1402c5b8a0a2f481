package io.basalt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Every command-line option of the harness, parsed once. Unknown options are errors. */
final class BenchOptions {
    /** A bad command line; the message is shown to the user (exit code 2). */
    static final class UsageError extends Exception {
        UsageError(String message) {
            super(message);
        }
    }

    String mode = "run"; // run | compare | serve-ceiling | help
    String endpoint;
    List<CellSpec> cells = new ArrayList<>();
    int threads = 64;
    double durationSeconds = 30;
    double warmupSeconds = 5;
    double clientWarmupSeconds = -1; // -1 = mode default
    double serverWarmupSeconds = 10;
    long items = 100_000;
    int itemSize = 1000;
    int batchItemSize = -1; // -1 = mode default
    String distribution = "uniform";
    String table = "bench";
    boolean createTable;
    long serverPid = -1;
    List<Long> clusterPids = List.of();
    boolean ceiling;
    String httpClient = "apache";
    int maxConnections = -1; // -1 = max(64, threads + 16)
    Path resultsDir;
    String output = "docs/benchmarks.md";
    List<String> targets = new ArrayList<>(List.of("ceiling", "basalt", "ddblocal-mem", "ddblocal-disk"));
    String basaltCommand;
    // $BASALT_DDBLOCAL, else the shared tools beside the project (../shared/tools/ddblocal.sh)
    String ddblocalScript = System.getenv().getOrDefault("BASALT_DDBLOCAL", "../shared/tools/ddblocal.sh");
    int port = 0;
    int ioThreads = 2;
    String commandLine = "";

    static BenchOptions parse(String[] args) throws UsageError {
        BenchOptions o = new BenchOptions();
        o.commandLine = String.join(" ", args);
        int i = 0;
        if (args.length > 0 && !args[0].startsWith("-")) {
            o.mode = switch (args[0]) {
                case "run", "compare", "serve-ceiling", "help" -> args[0];
                default -> throw new UsageError("unknown command: " + args[0]);
            };
            i = 1;
        }
        String cellList = null;
        for (; i < args.length; i++) {
            String a = args[i];
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                value = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "--help", "-h" -> o.mode = "help";
                case "--compare" -> o.mode = "compare";
                case "--ceiling" -> o.ceiling = true;
                case "--create-table" -> o.createTable = true;
                case "--endpoint" -> o.endpoint = value != null ? value : next(args, ++i, a);
                case "--workload", "--workloads", "--cells" -> cellList = value != null ? value : next(args, ++i, a);
                case "--threads" -> o.threads = intIn(value != null ? value : next(args, ++i, a), a, 1, 4096);
                case "--duration" -> o.durationSeconds = seconds(value != null ? value : next(args, ++i, a), a);
                case "--warmup" -> o.warmupSeconds = seconds(value != null ? value : next(args, ++i, a), a);
                case "--client-warmup" -> o.clientWarmupSeconds = seconds(value != null ? value : next(args, ++i, a), a);
                case "--server-warmup" -> o.serverWarmupSeconds = seconds(value != null ? value : next(args, ++i, a), a);
                case "--items" -> o.items = longIn(value != null ? value : next(args, ++i, a), a, 10, 1_000_000_000L);
                case "--item-size" -> o.itemSize = intIn(value != null ? value : next(args, ++i, a), a, 1, 390_000);
                case "--batch-item-size" -> o.batchItemSize = intIn(value != null ? value : next(args, ++i, a), a, 1, 390_000);
                case "--distribution" -> {
                    o.distribution = (value != null ? value : next(args, ++i, a)).toLowerCase(Locale.ROOT);
                    if (!o.distribution.equals("uniform") && !o.distribution.equals("zipfian")) {
                        throw new UsageError("--distribution must be uniform or zipfian");
                    }
                }
                case "--table" -> o.table = value != null ? value : next(args, ++i, a);
                case "--cluster-pids" -> o.clusterPids = pids(value != null ? value : next(args, ++i, a), a);
                case "--server-pid" -> o.serverPid = longIn(value != null ? value : next(args, ++i, a), a, 1, Long.MAX_VALUE);
                case "--http-client" -> {
                    o.httpClient = (value != null ? value : next(args, ++i, a)).toLowerCase(Locale.ROOT);
                    if (!o.httpClient.equals("apache") && !o.httpClient.equals("urlconnection")) {
                        throw new UsageError("--http-client must be apache or urlconnection");
                    }
                }
                case "--max-connections" -> o.maxConnections = intIn(value != null ? value : next(args, ++i, a), a, 1, 10_000);
                case "--results-dir" -> o.resultsDir = Path.of(value != null ? value : next(args, ++i, a));
                case "--output" -> o.output = value != null ? value : next(args, ++i, a);
                case "--targets" -> o.targets = List.of((value != null ? value : next(args, ++i, a)).split(","));
                case "--basalt-cmd" -> o.basaltCommand = value != null ? value : next(args, ++i, a);
                case "--ddblocal" -> o.ddblocalScript = value != null ? value : next(args, ++i, a);
                case "--port" -> o.port = intIn(value != null ? value : next(args, ++i, a), a, 0, 65535);
                case "--io-threads" -> o.ioThreads = intIn(value != null ? value : next(args, ++i, a), a, 1, 64);
                default -> throw new UsageError("unknown option: " + a);
            }
        }
        for (String t : o.targets) {
            if (!List.of("ceiling", "basalt", "ddblocal-mem", "ddblocal-disk").contains(t)) {
                throw new UsageError("unknown target in --targets: " + t + " (ceiling, basalt, ddblocal-mem, ddblocal-disk)");
            }
        }
        String defaultCells = o.mode.equals("compare")
                ? "get,put,update,query,mixed50,mixed95,scan@1,transact,batchwrite,get@16"
                : "get";
        o.cells = CellSpec.parseList(cellList != null ? cellList : defaultCells, o.threads);
        if (o.clientWarmupSeconds < 0) o.clientWarmupSeconds = 30;
        if (o.batchItemSize < 0) o.batchItemSize = o.mode.equals("compare") ? 200 : o.itemSize;
        if (o.maxConnections < 0) {
            int most = o.threads;
            for (CellSpec c : o.cells) most = Math.max(most, c.threads());
            o.maxConnections = Math.max(64, most + 16);
        }
        if (o.mode.equals("run") && o.endpoint == null && !o.ceiling) {
            throw new UsageError("run needs --endpoint URL (or --ceiling to start the built-in ceiling server)");
        }
        return o;
    }

    private static String next(String[] args, int i, String name) throws UsageError {
        if (i >= args.length) throw new UsageError(name + " needs a value");
        return args[i];
    }

    private static int intIn(String s, String name, int min, int max) throws UsageError {
        long v = longIn(s, name, min, max);
        return (int) v;
    }

    private static List<Long> pids(String s, String name) throws UsageError {
        List<Long> out = new ArrayList<>();
        for (String p : s.split(",")) if (!p.isBlank()) out.add(longIn(p.trim(), name, 1, Long.MAX_VALUE));
        return List.copyOf(out);
    }

    private static long longIn(String s, String name, long min, long max) throws UsageError {
        long v;
        try {
            String t = s.replace("_", "").toLowerCase(Locale.ROOT);
            long mult = 1;
            if (t.endsWith("k")) { mult = 1_000; t = t.substring(0, t.length() - 1); }
            else if (t.endsWith("m")) { mult = 1_000_000; t = t.substring(0, t.length() - 1); }
            v = Math.multiplyExact(Long.parseLong(t), mult);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new UsageError(name + " must be a whole number (got " + s + ")");
        }
        if (v < min || v > max) throw new UsageError(name + " must be between " + min + " and " + max + " (got " + s + ")");
        return v;
    }

    private static double seconds(String s, String name) throws UsageError {
        String t = s.toLowerCase(Locale.ROOT);
        double scale = 1;
        if (t.endsWith("ms")) { scale = 0.001; t = t.substring(0, t.length() - 2); }
        else if (t.endsWith("s")) { t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("m")) { scale = 60; t = t.substring(0, t.length() - 1); }
        try {
            double v = Double.parseDouble(t) * scale;
            if (v < 0 || Double.isNaN(v)) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new UsageError(name + " must be a duration like 10, 10s, 500ms or 2m (got " + s + ")");
        }
    }

    static String help() {
        return """
                usage:
                  bench [run] --endpoint URL [options]     drive one DynamoDB-compatible endpoint
                  bench run --ceiling [options]            start the built-in ceiling server and drive it
                  bench --compare [options]                same grid against Basalt, DynamoDB Local (memory,
                                                           disk) and the ceiling server; writes docs/benchmarks.md
                  bench serve-ceiling [--port P]           run the fixed-answer ceiling server in the foreground

                workload options:
                  --workloads LIST      cells to run, comma separated: WORKLOAD[@THREADS]
                                        workloads: load get put update mixed50 mixed95 query scan batchwrite transact
                                        (run default: get; compare default:
                                         get,put,update,query,mixed50,mixed95,scan@1,transact,batchwrite,get@16)
                  --threads N           client threads for cells without @THREADS (default 64)
                  --duration T          measured time per cell (default 30s; units s, ms, m)
                  --warmup T            unmeasured time before each cell (default 5s)
                  --client-warmup T     once, before the first cell: warms the client JVM (default 30s)
                  --server-warmup T     compare: per server, after loading, before its cells (default 10s)
                  --items N             items in the table (default 100000; partitions of 10 items)
                  --item-size BYTES     payload bytes per item (default 1000)
                  --batch-item-size B   payload bytes for the batchwrite workload (compare default 200)
                  --distribution D      uniform (default) or zipfian (YCSB, theta 0.99, scrambled)
                  --table NAME          table name (default bench)
                  --create-table        create the table and load --items items when it does not exist

                measurement options:
                  --server-pid PID      report the server's CPU time per operation and RSS
                  --cluster-pids LIST   also report the CPU per operation of these processes together
                                        (the storage cluster behind the server, e.g. Cassandra nodes)
                  --http-client C       apache (default) or urlconnection
                  --max-connections N   HTTP connection pool size (default max(64, threads + 16))
                  --results-dir DIR     JSON and CSV results (default bench/results)

                compare options:
                  --targets LIST        any of ceiling,basalt,ddblocal-mem,ddblocal-disk (default all, in that order)
                  --basalt-cmd PATH     Basalt launcher (default <repo>/basalt), run as: PATH serve --port P --data-dir DIR
                  --ddblocal PATH       DynamoDB Local starter (default $BASALT_DDBLOCAL, else ../shared/tools/ddblocal.sh)
                  --output FILE         markdown report, relative to the repository root (default docs/benchmarks.md)

                serve-ceiling options:
                  --port P              (default 0 = a free port, printed)
                  --item-size BYTES     payload of the fixed item (default 1000)
                  --io-threads N        Netty event-loop threads (default 2)
                """;
    }
}
