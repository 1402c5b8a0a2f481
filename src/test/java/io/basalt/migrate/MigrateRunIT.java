package io.basalt.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.model.ModelLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * {@code migrate run} and {@code verify} end to end on the machine's real PostgreSQL (127.0.0.1:5432,
 * postgres) and MariaDB (127.0.0.1:3306, root), each test in its own database: the gaming example
 * (BASALT_MIGRATE_ROWS association rows, default 5,000) into a Basalt started here, with exact
 * acceptance counts, a clean verify and the seven access patterns answered; bad rows reported
 * exactly; a run killed (destroyForcibly) mid-way and resumed from its checkpoint.
 */
class MigrateRunIT {
    private static final String PG = "jdbc:postgresql://127.0.0.1:5432/";
    private static final String MARIA = "jdbc:mariadb://127.0.0.1:3306/";
    private static final int ROWS = Integer.parseInt(System.getenv().getOrDefault("BASALT_MIGRATE_ROWS", "5000"));
    private static final Map<String, String> ENV = Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret");
    private static final String MODEL = "examples/gaming/model.yaml";

    record Outcome(int code, String out, String err) {}

    static Outcome migrate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = MigrateCommand.run(List.of(args), ENV, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Path file) throws Exception {
        return (Map<String, Object>) ModelLoader.readTree(Files.readString(file), file.toString());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> total(Path reportJson) throws Exception {
        return (Map<String, Object>) json(reportJson).get("total");
    }

    /** A relational server of the machine: JDBC URL prefix, the database to connect to for admin work, its user. */
    record Server(String prefix, String adminDb, String user, String dropSuffix) {
        static final Server POSTGRESQL = new Server(PG, "postgres", "postgres", " WITH (FORCE)");
        static final Server MARIADB = new Server(MARIA, "", "root", "");
    }

    /** The Basalt a test loads into: in memory for the default size, on disk for large runs (BASALT_MIGRATE_ROWS=1000000). */
    static Basalt target(Path dir) {
        return Basalt.start(ROWS > 100_000 ? BasaltConfig.onDiskOnFreePort(dir.resolve("store")) : BasaltConfig.inMemoryOnFreePort());
    }

    @Test
    void gamingEndToEndOnPostgresql(@TempDir Path dir) throws Exception {
        gamingEndToEnd(dir, Server.POSTGRESQL);
    }

    @Test
    void gamingEndToEndOnMariadb(@TempDir Path dir) throws Exception {
        gamingEndToEnd(dir, Server.MARIADB);
    }

    private void gamingEndToEnd(Path dir, Server server) throws Exception {
        String db = "basalt_run_" + System.nanoTime();
        try (Connection admin = connect(server.prefix() + server.adminDb(), server.user()); Basalt basalt = target(dir);
             DynamoDbClient ddb = client(basalt)) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = server.prefix() + db, endpoint = basalt.endpoint().toString(), user = server.user();
                assertEquals(0, migrate("generate-example", "gaming", "--source", url, "--user", user, "--rows", "" + ROWS).code());
                Outcome run = migrate("run", "--model", MODEL, "--source", url, "--user", user, "--endpoint", endpoint,
                        "--report", dir.resolve("report").toString(), "--checkpoint", dir.resolve("cp.json").toString());
                assertEquals(0, run.code(), run.err());
                Map<String, Object> t = total(dir.resolve("report.json"));
                assertEquals(Map.of("read", ROWS, "imported", ROWS, "skipped", 0, "withWarnings", 0, "withErrors", 0, "overwritten", 0), t);
                assertTrue(Files.readString(dir.resolve("report.md")).contains("| PlayerGame | " + String.format("%,d", ROWS)));
                assertEquals(0, Files.size(dir.resolve("report.errors.jsonl")));
                Outcome verify = migrate("verify", "--model", MODEL, "--source", url, "--user", user, "--endpoint", endpoint, "--all");
                assertEquals(0, verify.code(), verify.out() + verify.err());
                assertTrue(verify.out().contains("clean"), verify.out());
                accessPatterns(ddb, url, user);
            } finally {
                exec(admin, "DROP DATABASE " + db + server.dropSuffix());
            }
        }
    }

    /** The seven access patterns of the gaming example on the loaded table, against the source's answers. */
    private void accessPatterns(DynamoDbClient ddb, String url, String user) throws Exception {
        try (Connection c = connect(url, user); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT game_id, player_id, registration_date FROM players_games ORDER BY game_id, player_id LIMIT 1");
            rs.next();
            String game = rs.getString(1), player = rs.getString(2), date = rs.getString(3);
            rs = st.executeQuery("SELECT COUNT(*) FROM players_games WHERE game_id = '" + game + "'");
            rs.next();
            int gamePlayers = rs.getInt(1);
            rs = st.executeQuery("SELECT COUNT(*) FROM players_games WHERE player_id = '" + player + "'");
            rs.next();
            int playerGames = rs.getInt(1);
            // 1 get game, 2 get player
            assertEquals(1, ddb.query(q -> q.tableName("Games").keyConditionExpression("GameId = :g").limit(1)
                    .expressionAttributeValues(Map.of(":g", AttributeValue.fromS(game)))).count());
            QueryResponse p = ddb.query(q -> q.tableName("Games").indexName("GSI1").keyConditionExpression("PlayerId = :p").limit(1)
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(player))));
            assertEquals(player, p.items().get(0).get("PlayerId").s());
            // 3 a player's games in a date range, 4 all games of a player
            assertEquals(1, ddb.query(q -> q.tableName("Games").indexName("GSI2").keyConditionExpression("PlayerId = :p AND RegistrationDate BETWEEN :a AND :b")
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(player), ":a", AttributeValue.fromS(date), ":b", AttributeValue.fromS(date))))
                    .items().stream().filter(i -> i.get("GameId").s().equals(game)).count());
            assertEquals(playerGames, ddb.query(q -> q.tableName("Games").indexName("GSI1").keyConditionExpression("PlayerId = :p")
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(player)))).count());
            // 5 update score, 6 add an association (both by the full key)
            ddb.updateItem(u -> u.tableName("Games").key(Map.of("GameId", AttributeValue.fromS(game), "PlayerId", AttributeValue.fromS(player)))
                    .updateExpression("SET Score = :s").expressionAttributeValues(Map.of(":s", AttributeValue.fromN("12345"))));
            assertEquals("12345", ddb.getItem(g -> g.tableName("Games").key(Map.of("GameId", AttributeValue.fromS(game),
                    "PlayerId", AttributeValue.fromS(player)))).item().get("Score").n());
            ddb.putItem(u -> u.tableName("Games").item(Map.of("GameId", AttributeValue.fromS(game), "PlayerId", AttributeValue.fromS("P-new"),
                    "RegistrationDate", AttributeValue.fromS("2024-01-01"), "Score", AttributeValue.fromN("0"))));
            // 7 all players of a game (paged)
            int count = 0;
            Map<String, AttributeValue> start = null;
            do {
                Map<String, AttributeValue> from = start;
                QueryResponse r = ddb.query(q -> q.tableName("Games").keyConditionExpression("GameId = :g").exclusiveStartKey(from)
                        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS(game))));
                count += r.count();
                start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            } while (start != null);
            assertEquals(gamePlayers + 1, count);
        }
    }

    @Test
    void badRowsAreReportedExactlyOnMariadb(@TempDir Path dir) throws Exception {
        String db = "basalt_bad_" + System.nanoTime();
        try (Connection admin = connect(MARIA, "root"); Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort())) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = MARIA + db;
                try (Connection c = connect(url, "root")) {
                    exec(c, "CREATE TABLE notes (id INTEGER PRIMARY KEY, owner VARCHAR(20) NOT NULL, body LONGTEXT, amount DECIMAL(65,0))");
                    StringBuilder sql = new StringBuilder("INSERT INTO notes VALUES ");
                    for (int i = 1; i <= 300; i++) {
                        String owner = i == 17 ? "''" : "'u" + (i % 7) + "'";
                        String body = i == 42 ? "REPEAT('x', 420000)" : "'note " + i + "'";
                        String amount = i == 99 ? "12345678901234567890123456789012345678901" : "" + i;
                        sql.append(i == 1 ? "" : ",").append("(").append(i).append(",").append(owner).append(",").append(body).append(",").append(amount).append(")");
                    }
                    exec(c, sql.toString());
                }
                Path model = dir.resolve("model.yaml");
                Files.writeString(model, """
                        entities:
                          - name: Note
                            query: SELECT id, owner, body, amount FROM notes
                            table: Notes
                            key: {Owner: "{owner}", Id: "N#{id}"}
                            attributes: {Body: body, Amount: amount}
                        tables:
                          - {name: Notes, partitionKey: Owner, sortKey: Id}
                        """);
                String[] args = {"run", "--model", model.toString(), "--source", url, "--user", "root", "--endpoint", basalt.endpoint().toString(),
                        "--report", dir.resolve("r").toString(), "--readers", "3"};
                Outcome run = migrate(args);
                assertEquals(1, run.code(), run.err());
                assertTrue(run.err().contains("3 record(s) failed, 0 allowed"), run.err());
                assertEquals(Map.of("read", 300, "imported", 297, "skipped", 3, "withWarnings", 0, "withErrors", 0, "overwritten", 0), total(dir.resolve("r.json")));
                List<String> lines = Files.readAllLines(dir.resolve("r.errors.jsonl"));
                assertEquals(3, lines.size(), lines.toString());
                String all = String.join("\n", lines);
                assertTrue(all.contains("\"key\":{\"owner\":\"\",\"id\":\"17\"}") && all.contains("key attribute Owner is empty"), all);
                assertTrue(all.contains("\"id\":\"42\"}") && all.contains("exceeds DynamoDB's 400 KB"), all);
                assertTrue(all.contains("\"id\":\"99\"}") && all.contains("number over 38 digits"), all);
                List<String> allowed = new ArrayList<>(List.of(args));
                allowed.addAll(List.of("--allow-errors", "3"));
                assertEquals(0, migrate(allowed.toArray(String[]::new)).code());
                Outcome verify = migrate("verify", "--model", model.toString(), "--source", url, "--user", "root", "--endpoint",
                        basalt.endpoint().toString(), "--all");
                assertEquals(0, verify.code(), verify.out());
                assertTrue(verify.out().contains("300 source rows (3 refused by the mapping, 0 listed by the run's errors), 297 items expected, 297 in the target"), verify.out());
            } finally {
                exec(admin, "DROP DATABASE " + db);
            }
        }
    }

    @Test
    void killedRunResumesWithoutGapsOrDuplicates(@TempDir Path dir) throws Exception {
        killedRunResumes(dir, Server.POSTGRESQL);
    }

    @Test
    void killedRunResumesWithoutGapsOrDuplicatesOnMariadb(@TempDir Path dir) throws Exception {
        killedRunResumes(dir, Server.MARIADB);
    }

    private void killedRunResumes(Path dir, Server server) throws Exception {
        String db = "basalt_kill_" + System.nanoTime();
        try (Connection admin = connect(server.prefix() + server.adminDb(), server.user()); Basalt basalt = target(dir)) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = server.prefix() + db, endpoint = basalt.endpoint().toString(), user = server.user();
                assertEquals(0, migrate("generate-example", "gaming", "--source", url, "--user", user, "--rows", "" + ROWS).code());
                Path cp = dir.resolve("cp.json");
                List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp",
                        System.getProperty("java.class.path"), "io.basalt.cli.Main", "migrate", "run", "--model", MODEL, "--source", url,
                        "--user", user, "--endpoint", endpoint, "--checkpoint", cp.toString(), "--report", dir.resolve("r1").toString(),
                        "--rate-limit", "" + Math.max(200, ROWS / 10)));
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
                pb.environment().putAll(ENV);
                Process child = pb.start();
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                long committed = 0;
                while (System.nanoTime() < deadline && child.isAlive()) {
                    Thread.sleep(200);
                    committed = committedRows(cp);
                    if (committed >= ROWS / 10) break;
                }
                assertTrue(child.isAlive(), "the child finished before it could be killed: " + Files.readString(dir.resolve("child.log")));
                child.destroyForcibly().waitFor();
                committed = committedRows(cp);
                assertTrue(committed > 0 && committed < ROWS, "committed " + committed);
                Outcome resumed = migrate("run", "--model", MODEL, "--source", url, "--user", user, "--endpoint", endpoint,
                        "--checkpoint", cp.toString(), "--report", dir.resolve("r2").toString());
                assertEquals(0, resumed.code(), resumed.err());
                assertEquals(Map.of("read", ROWS, "imported", ROWS, "skipped", 0, "withWarnings", 0, "withErrors", 0, "overwritten", 0), total(dir.resolve("r2.json")));
                long again = ((Number) json(dir.resolve("r2.json")).get("recordsThisRun")).longValue();
                assertEquals(ROWS - committed, again, "the resumed run reads exactly the rows not committed");
                Outcome verify = migrate("verify", "--model", MODEL, "--source", url, "--user", user, "--endpoint", endpoint, "--all");
                assertEquals(0, verify.code(), verify.out());
            } finally {
                exec(admin, "DROP DATABASE " + db + server.dropSuffix());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static long committedRows(Path checkpoint) throws Exception {
        if (!Files.exists(checkpoint)) return 0;
        long n = 0;
        Map<String, Object> es = (Map<String, Object>) json(checkpoint).get("entities");
        for (Object e : es.values()) {
            for (Object r : (List<Object>) ((Map<String, Object>) e).get("ranges")) {
                n += ((Number) ((Map<String, Object>) ((Map<String, Object>) r).get("counts")).get("read")).longValue();
            }
        }
        return n;
    }

    static DynamoDbClient client(Basalt basalt) {
        return DynamoDbClient.builder().endpointOverride(basalt.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(UrlConnectionHttpClient.builder().build()).build();
    }

    static Connection connect(String url, String user) throws Exception {
        Properties p = new Properties();
        p.setProperty("user", user);
        try {
            return DriverManager.getConnection(url, p);
        } catch (Exception e) {
            Assumptions.abort("database not reachable at " + url + ": " + e.getMessage());
            return null;
        }
    }

    static void exec(Connection c, String sql) throws Exception {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
