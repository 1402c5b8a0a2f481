package io.basalt.migrate;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A database server of the test's own, on a free port in a temporary directory, configured for
 * change data capture (the machine's shared servers are left as they are): PostgreSQL 15 with
 * wal_level=logical (initdb + postgres, as the postgres user when the test runs as root, since
 * postgres refuses root), MariaDB with log_bin and binlog_format=ROW (mariadb-install-db +
 * mariadbd). When one cannot start here, the test is skipped with the reason.
 */
record PrivateDatabase(String url, String user, String adminDatabase, Path dir, Process server, List<String> stop) implements AutoCloseable {
    // url: the server's JDBC URL without a database name; adminDatabase: the one that always exists;
    // stop: a command that stops the server (null: a signal is enough)
    private static final Path PG_BIN = Path.of("/usr/lib/postgresql/15/bin");

    static PrivateDatabase postgres() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(PG_BIN.resolve("postgres")), "no PostgreSQL 15 server binaries in " + PG_BIN);
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("basalt-pg-");
        List<String> as = root ? List.of("runuser", "-u", "postgres", "--") : List.of();
        if (root) run(List.of("chown", "postgres", dir.toString()), dir);
        Path data = dir.resolve("data");
        run(with(as, PG_BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "--auth=trust", "-E", "UTF8"), dir);
        int port = freePort();
        Process p = start(with(as, PG_BIN.resolve("postgres").toString(), "-D", data.toString(), "-p", "" + port, "-c", "listen_addresses=127.0.0.1",
                "-c", "unix_socket_directories=" + dir, "-c", "wal_level=logical", "-c", "max_replication_slots=4", "-c", "max_wal_senders=4",
                "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "shared_buffers=32MB"), dir.resolve("server.log"));
        PrivateDatabase db = new PrivateDatabase("jdbc:postgresql://127.0.0.1:" + port + "/", "postgres", "postgres", dir, p,
                with(as, PG_BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "stop", "-m", "immediate"));
        db.awaitUp();
        return db;
    }

    static PrivateDatabase mariadb() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/mariadbd")) && Files.isExecutable(Path.of("/usr/bin/mariadb-install-db")),
                "no mariadbd / mariadb-install-db here");
        Path dir = Files.createTempDirectory("basalt-maria-");
        String user = System.getProperty("user.name");
        Path data = dir.resolve("data");
        run(List.of("mariadb-install-db", "--no-defaults", "--datadir=" + data, "--user=" + user, "--auth-root-authentication-method=normal",
                "--skip-test-db"), dir);
        int port = freePort();
        Process p = start(List.of("/usr/sbin/mariadbd", "--no-defaults", "--datadir=" + data, "--port=" + port, "--bind-address=127.0.0.1",
                "--socket=" + dir.resolve("sock"), "--pid-file=" + dir.resolve("pid"), "--log-bin=" + data.resolve("binlog"), "--binlog-format=ROW",
                "--server-id=1", "--user=" + user, "--innodb-buffer-pool-size=32M", "--innodb-flush-log-at-trx-commit=0",
                "--log-error=" + dir.resolve("error.log")), dir.resolve("server.log"));
        PrivateDatabase db = new PrivateDatabase("jdbc:mariadb://127.0.0.1:" + port + "/", "root", "mysql", dir, p, null);
        db.awaitUp();
        return db;
    }

    Connection connect(String database) throws Exception {
        Properties p = new Properties();
        p.setProperty("user", user);
        return DriverManager.getConnection(url + database, p);
    }

    private void awaitUp() throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        Exception last = null;
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) break;
            try (Connection c = connect(adminDatabase)) {
                return;
            } catch (Exception e) {
                last = e;
                Thread.sleep(200);
            }
        }
        String log = Files.exists(dir.resolve("server.log")) ? Files.readString(dir.resolve("server.log")) : "";
        close();
        Assumptions.abort("the private database server did not start: " + (last == null ? "" : last.getMessage()) + "\n" + tail(log));
    }

    private static String tail(String s) {
        return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    }

    private static List<String> with(List<String> prefix, String... args) {
        List<String> l = new ArrayList<>(prefix);
        l.addAll(List.of(args));
        return l;
    }

    private static void run(List<String> command, Path dir) throws Exception {
        Path log = dir.resolve("setup.log");
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            Assumptions.abort("cannot run " + command.get(0) + ": " + e.getMessage());
            return;
        }
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            Assumptions.abort(String.join(" ", command) + " failed:\n" + tail(Files.readString(log)));
        }
    }

    private static Process start(List<String> command, Path log) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        if (stop != null) {
            try {
                new ProcessBuilder(stop).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (IOException e) {
                // fall through to the kill
            }
        }
        server.destroy();
        if (!server.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) server.destroyForcibly().waitFor();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
