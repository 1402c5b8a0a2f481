package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.connect;
import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.MigrateRunIT.Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code migrate run} with a timestamp key on the machine's PostgreSQL (timestamptz: offsets, every
 * fraction length) and MariaDB (TIMESTAMP(6) and DATETIME(6)), four readers (so the key ranges are
 * bounded by timestamps), in a JVM whose zone is neither UTC nor the database's: every row loads,
 * keys are UTC with six fractional digits (they sort as the times do: a query in key order returns
 * the source's ORDER BY), a zone-less timestamp keeps its wall-clock time, and a refused row's error
 * line names the entity, the source key and the column.
 */
class MigrateTimestampsIT {
    private static final String MODEL = """
            entities:
              - name: Event
                query: SELECT k, local_at, amount FROM events
                table: Events
                key: {PK: "EVENTS", SK: "{k}"}
                attributes: {LocalAt: local_at, Amount: amount}
            tables:
              - name: Events
                partitionKey: PK
                sortKey: SK
            """;

    @Test
    void timestamptzKeysOnPostgresql(@TempDir Path dir) throws Exception {
        load(dir, Server.POSTGRESQL, "timestamptz", "timestamp", List.of(
                new String[] {"2024-01-01 10:00:00+00", "2024-01-01T10:00:00.000000Z"},
                new String[] {"2024-01-01 10:00:00.5+00", "2024-01-01T10:00:00.500000Z"},
                new String[] {"2024-01-01 10:00:00.25+05:30", "2024-01-01T04:30:00.250000Z"},
                new String[] {"2024-01-01 10:00:00.125-08", "2024-01-01T18:00:00.125000Z"},
                new String[] {"2024-01-01 10:00:00.1234+14", "2023-12-31T20:00:00.123400Z"},
                new String[] {"2024-01-01 10:00:00.12345-12", "2024-01-01T22:00:00.123450Z"},
                new String[] {"2024-01-01 10:00:00.123456+00", "2024-01-01T10:00:00.123456Z"},
                new String[] {"1900-01-01 00:00:00+00", "1900-01-01T00:00:00.000000Z"}));
    }

    @Test
    void timestampKeysOnMariadb(@TempDir Path dir) throws Exception {
        load(dir, Server.MARIADB, "TIMESTAMP(6)", "DATETIME(6)", List.of(
                new String[] {"2024-01-01 10:00:00", "2024-01-01T10:00:00.000000Z"},
                new String[] {"2024-01-01 10:00:00.5", "2024-01-01T10:00:00.500000Z"},
                new String[] {"2024-01-01 10:00:00.25", "2024-01-01T10:00:00.250000Z"},
                new String[] {"2024-01-01 10:00:00.123456", "2024-01-01T10:00:00.123456Z"},
                new String[] {"1971-01-01 00:00:00.1", "1971-01-01T00:00:00.100000Z"}));
    }

    /** Loads {@code cases} (source literal, expected key) and 1,000 more rows, one of them refused (a number of 60 significant digits). */
    private static void load(Path dir, Server server, String keyType, String localType, List<String[]> cases) throws Exception {
        String db = "basalt_ts_" + System.nanoTime();
        TimeZone jvmZone = TimeZone.getDefault();
        try (Connection admin = connect(server.prefix() + server.adminDb(), server.user()); Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort());
             DynamoDbClient ddb = MigrateRunIT.client(basalt)) {
            exec(admin, "CREATE DATABASE " + db);
            String url = server.prefix() + db;
            try (Connection c = connect(url, server.user())) {
                if (server == Server.MARIADB) exec(c, "SET time_zone = '+00:00'");
                exec(c, "CREATE TABLE events (k " + keyType + " NOT NULL PRIMARY KEY, local_at " + localType + " NOT NULL, amount DECIMAL(65, 0))");
                for (String[] x : cases) exec(c, "INSERT INTO events VALUES ('" + x[0] + "', '2024-06-01 12:00:00.5', 1)");
                for (int i = 0; i < 1000; i++) {
                    exec(c, "INSERT INTO events VALUES ('2030-01-01 00:00:" + String.format("%02d.%02d", i / 20, i % 20) + (server == Server.POSTGRESQL ? "+00" : "")
                            + "', '2024-06-01 12:00:00', " + (i == 500 ? "1" + "0".repeat(58) + "1" : "" + i) + ")");
                }
            }
            Path model = dir.resolve("model.yaml");
            Files.writeString(model, MODEL);
            TimeZone.setDefault(TimeZone.getTimeZone("America/St_Johns")); // -03:30: neither UTC nor the database's zone
            var run = migrate("run", "--model", model.toString(), "--source", url, "--user", server.user(), "--endpoint", basalt.endpoint().toString(),
                    "--readers", "4", "--report", dir.resolve("report").toString(), "--allow-errors", "1");
            TimeZone.setDefault(jvmZone);
            assertEquals(0, run.code(), run.out() + run.err());
            assertEquals(Map.of("read", cases.size() + 1000, "imported", cases.size() + 999, "skipped", 1, "withWarnings", 0, "withErrors", 0, "overwritten", 0),
                    MigrateRunIT.total(dir.resolve("report.json")));
            List<String> errors = Files.readAllLines(dir.resolve("report.errors.jsonl"));
            assertEquals(1, errors.size(), errors.toString());
            assertEquals("{\"entity\":\"Event\",\"range\":2,\"ordinal\":" + errors.get(0).replaceAll(".*\"ordinal\":(\\d+).*", "$1")
                    + ",\"key\":{\"k\":\"2030-01-01T00:00:25Z\"},\"level\":\"skipped\",\"reason\":\"number over 38 digits or out of range in Amount"
                    + " (column amount): 1" + "0".repeat(58) + "1\"}", errors.get(0).replaceAll("\"range\":\\d+", "\"range\":2"));

            List<String> keys = new ArrayList<>();
            ddb.queryPaginator(q -> q.tableName("Events").keyConditionExpression("PK = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("EVENTS"))))
                    .items().forEach(i -> keys.add(i.get("SK").s()));
            for (String[] x : cases) {
                var item = ddb.getItem(g -> g.tableName("Events").key(Map.of("PK", AttributeValue.fromS("EVENTS"), "SK", AttributeValue.fromS(x[1])))).item();
                assertEquals("2024-06-01T12:00:00.500000Z", item.get("LocalAt").s(), x[0] + " " + item);
            }
            List<String> ordered = new ArrayList<>();
            try (Connection c = connect(url, server.user()); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT k FROM events WHERE amount < 1000000 ORDER BY k")) {
                while (rs.next()) ordered.add(rs.getString(1));
            }
            assertEquals(ordered.size(), keys.size());
            List<String> expectedOrder = new ArrayList<>(keys);
            java.util.Collections.sort(expectedOrder);
            assertEquals(expectedOrder, keys, "a query returns keys in text order");
            assertEquals(cases.stream().map(x -> x[1]).sorted(java.util.Comparator.comparing(java.time.Instant::parse)).toList(),
                    keys.stream().filter(k -> !k.startsWith("2030")).toList(), "the keys sort as the times do");
        } finally {
            TimeZone.setDefault(jvmZone);
            try (Connection admin = connect(server.prefix() + server.adminDb(), server.user())) {
                exec(admin, "DROP DATABASE IF EXISTS " + db + server.dropSuffix());
            }
        }
    }
}
