package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.connect;
import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.MigrateRunIT.Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows that would overwrite each other, on the machine's PostgreSQL and MariaDB: an event table
 * without a primary key (100 rows over 20 orders, 3 of them exact duplicates). {@code analyze} warns
 * about it with counts from the data; {@code model check --source} refuses a model keyed by the order
 * alone (naming how many rows share keys, with an example); {@code run} reports the overwritten rows
 * apart from the imported ones and is not accepted. Besides (issue #36.8): NULL is no hot partition
 * value, a later column of a composite primary key is no partition key, empty strings in a key
 * column are flagged.
 */
class KeylessTablesIT {
    private static final String MODEL = """
            entities:
              - name: Event
                query: SELECT order_id, at, what FROM order_events
                table: Events
                key: {PK: "ORDER_EVENTS#{order_id}", SK: "root"}
                attributes: {What: what}
            tables:
              - {name: Events, partitionKey: PK, sortKey: SK}
            """;

    @Test
    void postgresql(@TempDir Path dir) throws Exception {
        keyless(dir, Server.POSTGRESQL);
    }

    @Test
    void mariadb(@TempDir Path dir) throws Exception {
        keyless(dir, Server.MARIADB);
    }

    @SuppressWarnings("unchecked")
    private static void keyless(Path dir, Server server) throws Exception {
        String db = "basalt_keyless_" + System.nanoTime();
        try (Connection admin = connect(server.prefix() + server.adminDb(), server.user()); Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort())) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = server.prefix() + db;
                try (Connection c = connect(url, server.user())) {
                    exec(c, "CREATE TABLE orders (order_id INT PRIMARY KEY)");
                    exec(c, "CREATE TABLE order_events (order_id INT NOT NULL REFERENCES orders (order_id), at VARCHAR(30) NOT NULL,"
                            + " what VARCHAR(20), tag VARCHAR(10))");
                    exec(c, "CREATE INDEX events_tag ON order_events (tag)");
                    exec(c, "CREATE TABLE order_lines (order_id INT NOT NULL, line_no INT NOT NULL, PRIMARY KEY (order_id, line_no))");
                    for (int i = 1; i <= 20; i++) exec(c, "INSERT INTO orders VALUES (" + i + ")");
                    for (int i = 0; i < 97; i++) {
                        exec(c, "INSERT INTO order_events VALUES (" + (1 + i % 20) + ", '2024-01-01 00:00:" + String.format("%02d", i % 60) + "', 'e" + i
                                + "', " + (i < 60 ? "NULL" : i < 63 ? "''" : "'t" + i + "'") + ")");
                    }
                    for (int i = 0; i < 3; i++) exec(c, "INSERT INTO order_events VALUES (1, 'same', 'same', 'x')"); // exact duplicates
                    for (int i = 1; i <= 30; i++) exec(c, "INSERT INTO order_lines VALUES (" + i + ", " + (i <= 25 ? 1 : i) + ")");
                }
                EstimateTest.run(0, "analyze", "--source", url, "--user", server.user(), "--table", "order_events", "--table", "order_lines",
                        "--out", dir.toString());
                Map<String, Object> analysis = (Map<String, Object>) io.basalt.migrate.model.ModelLoader.readTree(
                        Files.readString(dir.resolve("analysis.json")), "analysis.json");
                List<Map<String, Object>> entities = (List<Map<String, Object>>) analysis.get("entities");
                List<String> events = (List<String>) entities.get(0).get("warnings");
                assertTrue(events.contains("table order_events has no primary key; keyed by order_id alone, 100 of its 100 rows share their key with"
                        + " another row (they would overwrite each other); even all its columns together repeat in 2 rows. Choose an item key that is"
                        + " unique (model check --source verifies it); replicate on PostgreSQL needs ALTER TABLE order_events REPLICA IDENTITY FULL"),
                        events.toString());
                assertTrue(events.contains("key column tag holds the empty string in 3 rows: DynamoDB refuses an empty string as a key value (such"
                        + " rows are skipped as table keys; as an index key the attribute must be left out)"), events.toString());
                assertTrue(events.stream().noneMatch(w -> w.startsWith("hot partition: as a partition key, tag")), "NULL is no partition: " + events);
                List<String> lines = (List<String>) entities.get(1).get("warnings");
                assertTrue(lines.stream().noneMatch(w -> w.contains("line_no")), "line_no is a sort key: " + lines);

                Path model = dir.resolve("model.yaml");
                Files.writeString(model, MODEL);
                String check = EstimateTest.run(1, "model", "check", "--model", model.toString(), "--source", url, "--user", server.user());
                assertTrue(check.contains("error: entity Event: its item key is not unique on the source: 100 rows share 20 keys of order_id"
                        + " (e.g. order_id=1 (8 rows)), so 80 of them would be overwritten; add a column that makes the key unique\n"), check);

                var run = migrate("run", "--model", model.toString(), "--source", url, "--user", server.user(), "--endpoint", basalt.endpoint().toString(),
                        "--report", dir.resolve("report").toString());
                assertEquals(1, run.code(), run.out() + run.err());
                assertEquals(Map.of("read", 100, "imported", 20, "skipped", 0, "withWarnings", 0, "withErrors", 0, "overwritten", 80),
                        MigrateRunIT.total(dir.resolve("report.json")));
                assertEquals("basalt migrate run: 80 record(s) failed, 0 allowed (--allow-errors)\n", run.err().lines()
                        .filter(l -> l.startsWith("basalt migrate run:")).findFirst().orElse("") + "\n");
            } finally {
                exec(admin, "DROP DATABASE " + db + server.dropSuffix());
            }
        }
    }
}
