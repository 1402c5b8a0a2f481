package io.basalt.cli;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Command-line entry point: {@code basalt serve [options]}, {@code basalt version}, {@code basalt --help}. */
public final class Main {
    private Main() {}

    /** migrate run/verify --data-dir: a Basalt over the directory on a free loopback port, quiet. */
    static io.basalt.migrate.EmbeddedStore embeddedStore(java.nio.file.Path dataDir) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        Basalt basalt = Basalt.start(BasaltConfig.onDiskOnFreePort(dataDir));
        return new io.basalt.migrate.EmbeddedStore() {
            @Override
            public java.net.URI endpoint() {
                return basalt.endpoint();
            }

            @Override
            public void close() {
                basalt.close();
            }
        };
    }

    public static void main(String[] args) {
        long started = System.nanoTime();
        List<String> list = Arrays.asList(args);
        String command = list.isEmpty() ? "serve" : list.get(0);
        if (command.equals("migrate")) { // the migration toolkit: its own commands and --help (docs/migration.md)
            System.exit(io.basalt.migrate.MigrateCommand.run(list.subList(1, list.size()), System.getenv(), System.out, System.err,
                    Main::embeddedStore));
            return;
        }
        if (command.equals("mcp") && !list.contains("--help") && !list.contains("-h")) { // MCP over stdio (docs/mcp.md)
            System.exit(McpCommand.run(list.subList(1, list.size()), System.getenv(), System.in, System.out, System.err));
            return;
        }
        if (command.equals("backup")) { // offline whole-store backup and its verification (docs/backups.md)
            System.exit(BackupCommand.backup(list.subList(1, list.size()), System.out, System.err));
            return;
        }
        if (command.equals("restore")) {
            System.exit(BackupCommand.restore(list.subList(1, list.size()), System.out, System.err));
            return;
        }
        if (command.equals("cassandra")) { // a local Cassandra cluster for the Cassandra engine (docs/scale-out.md)
            System.exit(CassandraCommand.run(list.subList(1, list.size()), System.out, System.err));
            return;
        }
        if (command.equals("auth") && !list.contains("--help") && !list.contains("-h")) {
            System.exit(AuthCommand.run(list.subList(1, list.size()), System.getenv(), System.out, System.err));
            return;
        }
        if (command.equals("--help") || command.equals("-h") || command.equals("help")
                || list.contains("--help") || list.contains("-h")) {
            System.out.print(Options.help());
            return;
        }
        if (command.equals("cds-training")) { // used by the launcher, see CdsTraining
            try {
                CdsTraining.run();
            } catch (java.io.IOException | RuntimeException e) {
                System.err.println("basalt: class-sharing training run failed: " + e);
                System.exit(1);
            }
            System.exit(0);
        }
        if (command.equals("version") || command.equals("--version")) {
            System.out.println("basalt " + version());
            return;
        }
        List<String> rest = command.startsWith("--") ? list : list.subList(1, list.size());
        if (command.equals("partitions")) {
            System.exit(PartitionsCommand.run(rest, System.getenv()));
            return;
        }
        if (!command.startsWith("--") && !command.equals("serve")) {
            System.err.println("basalt: unknown command '" + command + "' (try: basalt --help)");
            System.exit(2);
        }
        BasaltConfig config;
        try {
            config = Options.parse(rest, System.getenv());
        } catch (Options.UsageError e) {
            System.err.println("basalt: " + e.getMessage() + " (try: basalt --help)");
            System.exit(2);
            return;
        }
        // Must precede the first logger: slf4j-simple reads its level once.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", config.logLevel());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
        Basalt basalt;
        try {
            basalt = Basalt.start(config);
        } catch (RuntimeException e) {
            System.err.println("basalt: " + e.getMessage());
            System.exit(1);
            return;
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        String storage = config.inMemory() ? "in memory (nothing is kept)"
                : config.cassandra() != null ? "cassandra at " + config.cassandra().contactPoints().stream()
                        .map(a -> a.getHostString() + ":" + a.getPort()).toList() + ", keyspace " + config.cassandra().keyspace()
                : "rocksdb in " + config.dataDir().toAbsolutePath();
        String endpoints = (config.port() == BasaltConfig.NO_PORT ? "" : "http://" + config.host() + ":" + basalt.port())
                + (basalt.tlsPort() < 0 ? "" : (config.port() == BasaltConfig.NO_PORT ? "" : " and ") + "https://" + config.host() + ":" + basalt.tlsPort());
        System.out.println("Basalt " + version() + " listening on " + endpoints
                + " (storage: " + storage + ", auth: " + config.effectiveAuthMode().word() + ", started in " + ms + " ms)");
        if (basalt.adminPort() >= 0) {
            System.out.println("Admin service (console /console/, Prometheus /metrics, /partitions/TABLE) on http://" + config.host() + ":" + basalt.adminPort());
        }
        System.out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            basalt.close();
            stopped.countDown();
        }, "basalt-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
