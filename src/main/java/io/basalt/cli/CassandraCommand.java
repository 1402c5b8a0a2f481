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
              start    configures (first time) and starts N nodes (default 1) on 127.0.0.1..127.0.0.N, one after
                       another, waits until each serves CQL, prints the contact points; --node K restarts one node
              status   one line per node (UP, STARTING, DOWN); exit code 1 unless every node is up
              stop     stops every node, or node K
              --dir    where the nodes keep their data, logs and configuration (default ./basalt-cassandra)
            """;

    private CassandraCommand() {}

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || args.contains("--help") || args.contains("-h")) {
            (args.isEmpty() ? err : out).print(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        String verb = args.get(0);
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
