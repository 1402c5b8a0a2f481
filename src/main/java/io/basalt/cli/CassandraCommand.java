package io.basalt.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code basalt cassandra start|status|stop}: a local Apache Cassandra cluster for the Cassandra
 * storage engine (docs/scale-out.md). Exit codes: 0 done, 1 failed, 2 bad usage; status exits 1 when
 * some node is not up.
 */
final class CassandraCommand {
    static final String DEFAULT_DIR = "basalt-cassandra";
    private static final String USAGE = """
            usage: basalt cassandra start  [--nodes N] [--node K] [--dir DIR] [--native-port P] [--storage-port P]
                   basalt cassandra status [--dir DIR]
                   basalt cassandra stop   [--node K] [--dir DIR]
                   basalt cassandra baseline --contact-points HOST:PORT,... [--replication N] [--items N]
                                  [--threads T] [--seconds S] [--rate OPS] [--primitives LIST] [--cluster-pids PID,...]
              start    configures (first time) and starts N nodes (default 1) on 127.0.0.1..127.0.0.N, one after
                       another, waits until each serves CQL, prints the contact points; --node K restarts one node
              status   one line per node (UP, STARTING, DOWN); exit code 1 unless every node is up
              stop     stops every node, or node K
              baseline the storage primitives straight through the driver on a fresh keyspace of the
                       engine's table shape (docs/benchmarks-cassandra.md): read-one, read-quorum,
                       read-serial, slice-one, write, lwt; defaults 20000 items, 32 threads, 20 s, replication 3
              --dir    where the nodes keep their data, logs and configuration (default ./basalt-cassandra)
            """;

    private CassandraCommand() {}

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || args.contains("--help") || args.contains("-h")) {
            (args.isEmpty() ? err : out).print(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        String verb = args.get(0);
        if (verb.equals("baseline")) return baseline(args.subList(1, args.size()), out, err);
        String dir = DEFAULT_DIR;
        int nodes = 1, node = 0, nativePort = CassandraCluster.DEFAULT_NATIVE_PORT, storagePort = CassandraCluster.DEFAULT_STORAGE_PORT;
        try {
            for (int i = 1; i < args.size(); i++) {
                String a = args.get(i);
                if (i + 1 >= args.size()) throw new IllegalArgumentException("option " + a + " needs a value");
                String v = args.get(++i);
                switch (a) {
                    case "--dir" -> dir = v;
                    case "--nodes" -> nodes = number(a, v, 1, 9);
                    case "--node" -> node = number(a, v, 1, 9);
                    case "--native-port" -> nativePort = number(a, v, 1, 65535);
                    case "--storage-port" -> storagePort = number(a, v, 1, 65535);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("basalt cassandra: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        CassandraCluster cluster = new CassandraCluster(Path.of(dir), out);
        try {
            switch (verb) {
                case "start" -> {
                    if (node != 0) cluster.startNode(node);
                    else cluster.start(nodes, nativePort, storagePort);
                }
                case "status" -> {
                    return cluster.status() ? 0 : 1;
                }
                case "stop" -> cluster.stop(node);
                default -> {
                    err.println("basalt cassandra: unknown command '" + verb + "'");
                    err.print(USAGE);
                    return 2;
                }
            }
            return 0;
        } catch (CassandraCluster.ClusterException e) {
            err.println("basalt cassandra: " + e.getMessage());
            return 1;
        }
    }

    private static int baseline(List<String> args, PrintStream out, PrintStream err) {
        String points = null;
        int replication = 3, items = 20_000, threads = 32, seconds = 20, rate = 0;
        List<String> primitives = io.basalt.storage.cassandra.RawBaseline.PRIMITIVES;
        List<Long> pids = List.of();
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (i + 1 >= args.size()) throw new IllegalArgumentException("option " + a + " needs a value");
                String v = args.get(++i);
                switch (a) {
                    case "--contact-points" -> points = v;
                    case "--replication" -> replication = number(a, v, 1, 9);
                    case "--items" -> items = number(a, v, 10, 10_000_000);
                    case "--threads" -> threads = number(a, v, 1, 1024);
                    case "--seconds" -> seconds = number(a, v, 1, 3600);
                    case "--rate" -> rate = number(a, v, 1, 10_000_000);
                    case "--primitives" -> primitives = List.of(v.split(","));
                    case "--cluster-pids" -> pids = java.util.Arrays.stream(v.split(",")).filter(x -> !x.isBlank()).map(Long::parseLong).toList();
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (points == null) throw new IllegalArgumentException("baseline needs --contact-points");
            for (String p : primitives) {
                if (!io.basalt.storage.cassandra.RawBaseline.PRIMITIVES.contains(p)) throw new IllegalArgumentException("unknown primitive " + p);
            }
        } catch (IllegalArgumentException e) {
            err.println("basalt cassandra: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        var settings = new io.basalt.storage.cassandra.CassandraSettings(
                io.basalt.storage.cassandra.CassandraSettings.parseContactPoints(points), "baseline" + System.currentTimeMillis() / 1000,
                replication, io.basalt.storage.cassandra.CassandraSettings.DEFAULT_LOCAL_DC);
        return io.basalt.storage.cassandra.RawBaseline.run(settings, items, threads, java.time.Duration.ofSeconds(seconds), primitives, pids, rate, out);
    }

    private static int number(String option, String v, int min, int max) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be a number from " + min + " to " + max + " (got " + v + ")");
    }
}
