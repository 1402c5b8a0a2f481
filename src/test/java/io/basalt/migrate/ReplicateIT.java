package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.model.ModelLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code migrate replicate} end to end, on a PostgreSQL (wal_level=logical) and a MariaDB (log_bin,
 * ROW) of the test's own ({@link PrivateDatabase}): the gaming example loaded with {@code run}
 * after {@code replicate --init}; then replicate (a child process) while a thread inserts, updates
 * and deletes association rows and renames games and players (denormalised into many items);
 * once the generator stops and replicate reports itself caught up (lag 0), {@code verify --all}
 * is clean with exact counts. Then replicate is killed (SIGKILL) mid-stream, more changes are
 * made, a new replicate resumes from the state file and converges again; a SIGINT or SIGTERM stops it
 * cleanly (exit 0) with its position saved.
 */
class ReplicateIT {
    private static final String MODEL = "examples/gaming/model.yaml";
    /** Association rows of the gaming example (BASALT_MIGRATE_ROWS=1000000 for the evidence run). */
    private static final int ROWS = Integer.parseInt(System.getenv().getOrDefault("BASALT_MIGRATE_ROWS", "3000"));
    private final List<Process> children = new ArrayList<>();

    /** A failed test leaves no replicate running (it would retry its vanished source forever). */
    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) if (p.isAlive()) p.destroyForcibly().waitFor();
    }

    @Test
    void postgresqlLogicalReplicationConverges(@TempDir Path dir) throws Exception {
        try (PrivateDatabase pg = PrivateDatabase.postgres()) {
            String position = converge(pg, dir);
            try (Connection c = pg.connect("gaming"); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = 'basalt_replicate'")) {
                assertTrue(rs.next(), "the slot was created");
                assertTrue(position.matches("[0-9A-F]+/[0-9A-F]+"), position);
            }
        }
    }

    @Test
    void mariadbBinlogConverges(@TempDir Path dir) throws Exception {
        try (PrivateDatabase maria = PrivateDatabase.mariadb()) {
            String position = converge(maria, dir);
            assertTrue(position.matches("binlog\\.\\d+:\\d+;gtid=0-1-\\d+"), position);
        }
    }

    /** Returns the position saved at the end. */
    private String converge(PrivateDatabase db, Path dir) throws Exception {
        try (Connection c = db.connect(db.adminDatabase())) {
            exec(c, "CREATE DATABASE gaming");
        }
        String url = db.url() + "gaming";
        String state = dir.resolve("state.json").toString();
        long t0 = System.nanoTime();
        java.util.function.Consumer<String> phase = what -> System.out.printf("replicate test %s: %s at %.1f s%n", url, what, (System.nanoTime() - t0) / 1e9);
        assertEquals(0, migrate("generate-example", "gaming", "--source", url, "--user", db.user(), "--rows", "" + ROWS).code());
        try (Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort()); Connection source = db.connect("gaming")) {
            String endpoint = basalt.endpoint().toString();
            var init = migrate("replicate", "--init", "--model", MODEL, "--source", url, "--user", db.user(), "--state", state);
            assertEquals(0, init.code(), init.err());
            var run = migrate("run", "--model", MODEL, "--source", url, "--user", db.user(), "--endpoint", endpoint);
            assertEquals(0, run.code(), run.err());
            Generator gen = new Generator(source);
            phase.accept("loaded");

            // 1. replicate under concurrent changes, then caught up: verify clean
            Child child = new Child(dir, "r1", url, db.user(), endpoint, state);
            child.awaitRunning();

            phase.accept("replicate running");            gen.runFor(6000);
            Map<String, Object> caughtUp = child.awaitCaughtUp();
            phase.accept("caught up");
            assertTrue(((Number) caughtUp.get("changes")).longValue() >= gen.changes.get() / 2, "changes applied: " + caughtUp + ", made " + gen.changes);
            verifyClean(url, db.user(), endpoint, basalt, source);
            phase.accept("verified");

            // 2. killed mid-stream (SIGKILL), more changes, resumed from the state file: converges again
            Thread background = new Thread(() -> gen.runFor(5000));
            background.start();
            Thread.sleep(2000);
            child.kill();
            phase.accept("killed");
            background.join();
            gen.runFor(1000);
            Child resumed = new Child(dir, "r2", url, db.user(), endpoint, state);
            resumed.awaitRunning();
            phase.accept("resumed");
            resumed.awaitCaughtUp();
            phase.accept("caught up again");
            verifyClean(url, db.user(), endpoint, basalt, source);
            phase.accept("verified");

            // 3. SIGINT (PostgreSQL) or SIGTERM (MariaDB): stops cleanly, exit 0, position saved
            Map<String, Object> last = resumed.terminate(url.startsWith("jdbc:postgresql") ? "INT" : "TERM");
            assertEquals("stopped", last.get("state"), "last status: " + last);
            assertEquals(last.get("position"), json(Path.of(state)).get("position"));
            System.out.printf("replicate %s: %s changes made by the generator; last status %s%n", url, gen.changes, last);
            return (String) last.get("position");
        }
    }

    private static void verifyClean(String url, String user, String endpoint, Basalt basalt, Connection source) throws Exception {
        var verify = migrate("verify", "--model", MODEL, "--source", url, "--user", user, "--endpoint", endpoint, "--all", "--format", "json");
        assertEquals(0, verify.code(), verify.out() + verify.err() + "\nitems without a source row: " + extraItems(basalt, source));
    }

    /** The target's items whose association row the source does not have (verify counts them, this names them). */
    private static List<String> extraItems(Basalt basalt, Connection source) throws Exception {
        java.util.Set<String> rows = new java.util.HashSet<>();
        try (Statement st = source.createStatement(); ResultSet rs = st.executeQuery("SELECT game_id, player_id FROM players_games")) {
            while (rs.next()) rows.add(rs.getString(1) + "/" + rs.getString(2));
        }
        List<String> extra = new ArrayList<>();
        try (var ddb = MigrateRunIT.client(basalt)) {
            ddb.scanPaginator(b -> b.tableName("Games")).items().forEach(i -> {
                String k = i.get("GameId").s() + "/" + i.get("PlayerId").s();
                if (!rows.contains(k)) extra.add(k);
            });
        }
        return extra;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) ModelLoader.readTree(Files.readString(file), file.toString());
    }

    /** Random inserts, score updates, deletes, game and player renames on the source, each its own transaction (some multi-row). */
    static final class Generator {
        private final Connection c;
        private final List<String> games = new ArrayList<>(), players = new ArrayList<>();
        private final Random random = new Random(42);
        final AtomicLong changes = new AtomicLong();
        private int renames;

        Generator(Connection c) throws SQLException {
            this.c = c;
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT game_id FROM games")) {
                    while (rs.next()) games.add(rs.getString(1));
                }
                try (ResultSet rs = st.executeQuery("SELECT player_id FROM players")) {
                    while (rs.next()) players.add(rs.getString(1));
                }
            }
        }

        synchronized void runFor(long millis) {
            long end = System.currentTimeMillis() + millis;
            try {
                while (System.currentTimeMillis() < end) {
                    step();
                    Thread.sleep(random.nextInt(8));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        private void step() throws SQLException {
            String game = games.get(random.nextInt(games.size())), player = players.get(random.nextInt(players.size()));
            int op = random.nextInt(100);
            if (op < 35) {
                try {
                    update("INSERT INTO players_games (game_id, player_id, registration_date, score) VALUES (?, ?, DATE '2024-06-01', ?)", game, player,
                            random.nextInt(1000));
                } catch (SQLException duplicate) {
                    // the pair exists already
                }
            } else if (op < 65) {
                update("UPDATE players_games SET score = ? WHERE game_id = ? AND player_id = ?", random.nextInt(100000), game, player);
            } else if (op < 90) {
                update("DELETE FROM players_games WHERE game_id = ? AND player_id = ?", game, player);
            } else if (op < 97) {
                update("UPDATE players SET player_name = ? WHERE player_id = ?", "renamed " + random.nextInt(1000), player);
            } else if (renames++ % 4 == 0) {
                update("UPDATE games SET game_name = ? WHERE game_id = ?", "game renamed " + random.nextInt(1000), game);
            } else { // several rows in one transaction: a player's scores reset and one association moved to another game
                c.setAutoCommit(false);
                try {
                    update("UPDATE players_games SET score = 0 WHERE player_id = ?", player);
                    update("DELETE FROM players_games WHERE game_id = ? AND player_id = ?", game, player);
                    c.commit();
                } catch (SQLException e) {
                    c.rollback();
                } finally {
                    c.setAutoCommit(true);
                }
            }
        }

        private void update(String sql, Object... args) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) ps.setObject(i + 1, args[i]);
                changes.addAndGet(ps.executeUpdate());
            }
        }
    }

    /** {@code basalt migrate replicate --format json} in a child JVM (so it can be killed and signalled), its status lines in a file. */
    final class Child {
        private final Process process;
        private final Path out;

        Child(Path dir, String name, String url, String user, String endpoint, String state) throws Exception {
            out = dir.resolve(name + ".jsonl");
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp",
                    System.getProperty("java.class.path"), "io.basalt.cli.Main", "migrate", "replicate", "--model", MODEL, "--source", url,
                    "--user", user, "--endpoint", endpoint, "--state", state, "--format", "json");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(dir.resolve(name + ".err").toFile());
            pb.environment().put("AWS_ACCESS_KEY_ID", "AKIDTEST");
            pb.environment().put("AWS_SECRET_ACCESS_KEY", "secret");
            process = pb.start();
            children.add(process);
        }

        @SuppressWarnings("unchecked")
        private List<Map<String, Object>> lines() throws Exception {
            List<Map<String, Object>> l = new ArrayList<>();
            for (String line : Files.readAllLines(out)) {
                if (line.startsWith("{") && line.endsWith("}")) l.add((Map<String, Object>) ModelLoader.readTree(line, out.toString()));
            }
            return l;
        }

        private String log() throws Exception {
            return Files.readString(out) + Files.readString(out.resolveSibling(out.getFileName().toString().replace(".jsonl", ".err")));
        }

        void awaitRunning() throws Exception {
            long deadline = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < deadline) {
                assertTrue(process.isAlive(), "replicate exited: " + log());
                if (!lines().isEmpty()) return;
                Thread.sleep(100);
            }
            throw new AssertionError("replicate reported nothing in 60 s: " + log());
        }

        /** The first status, after the changes stopped, that says caught up: nothing applied for 1.5 s (lag 0). */
        Map<String, Object> awaitCaughtUp() throws Exception {
            int from = lines().size();
            long deadline = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < deadline) {
                assertTrue(process.isAlive(), "replicate exited: " + log());
                List<Map<String, Object>> l = lines();
                for (int i = from; i < l.size(); i++) {
                    Map<String, Object> s = l.get(i);
                    if (Boolean.TRUE.equals(s.get("caughtUp")) && ((Number) s.get("lagMillis")).longValue() == 0
                            && ((Number) s.get("idleMillis")).longValue() >= 1500) {
                        assertEquals(0L, ((Number) s.get("writesFailed")).longValue(), "status " + s);
                        return s;
                    }
                }
                Thread.sleep(200);
            }
            throw new AssertionError("replicate did not catch up in 60 s: " + log());
        }

        void kill() throws Exception {
            process.destroyForcibly().waitFor();
        }

        /** Stops it with SIGINT or SIGTERM: a clean stop exits 0. */
        Map<String, Object> terminate(String signal) throws Exception {
            new ProcessBuilder("kill", "-" + signal, "" + process.pid()).inheritIO().start().waitFor();
            assertTrue(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "replicate did not stop on SIG" + signal);
            assertEquals(0, process.exitValue(), "exit code after SIG" + signal + ": " + log());
            List<Map<String, Object>> l = lines();
            return l.get(l.size() - 1);
        }
    }
}
