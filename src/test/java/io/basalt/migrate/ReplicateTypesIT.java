package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.replicate.Replicator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every column type {@code run} reads, as a source key column, replicated from the binlog (MariaDB)
 * and from pgoutput (PostgreSQL): one table per type keyed by a column of that type, loaded with
 * {@code run}; then, while replicate runs, a row inserted, one updated, one moved to a new key and one
 * deleted per table (a transaction each); once replicate caught up, the target's items equal, item by
 * item, those a fresh {@code run} of the final source writes into an empty Basalt. A key the stream
 * gives in another form than JDBC (binlog microseconds, unsigned integers held signed, BINARY(n)
 * without its trailing zeros, ENUM indexes, pgoutput's {@code t}/{@code \x}/offset texts) would
 * leave an orphan or a missing item.
 */
class ReplicateTypesIT {
    /** A key column type, its literals (the last ones are inserted or moved to while replicating). */
    record Type(String name, String sql, List<String> values) {}

    static final List<Type> MARIADB = List.of(
            new Type("tinyint", "TINYINT", List.of("-128", "0", "127", "7")),
            new Type("tinyint_u", "TINYINT UNSIGNED", List.of("0", "200", "255", "128")),
            new Type("smallint_u", "SMALLINT UNSIGNED", List.of("65535", "1", "40000", "32768")),
            new Type("mediumint", "MEDIUMINT", List.of("-8388608", "8388607", "0", "-1")),
            new Type("mediumint_u", "MEDIUMINT UNSIGNED", List.of("16777215", "0", "8388608", "5")),
            new Type("int_s", "INT", List.of("-2147483648", "2147483647", "0", "12")),
            new Type("int_u", "INT UNSIGNED", List.of("4294967295", "2147483648", "0", "3000000000")),
            new Type("bigint_s", "BIGINT", List.of("-9223372036854775808", "9223372036854775807", "0", "42")),
            new Type("bigint_u", "BIGINT UNSIGNED", List.of("18446744073709551615", "9223372036854775808", "0", "1")),
            new Type("decimal", "DECIMAL(20,4)", List.of("-123.4500", "0.0001", "9999999999999999.9999", "1")),
            new Type("double", "DOUBLE", List.of("1.5", "-2.25", "1e100", "0")),
            new Type("char", "CHAR(10)", List.of("'ab'", "'x y'", "'z'", "'0123456789'")),
            new Type("varchar", "VARCHAR(40) CHARACTER SET utf8mb4", List.of("'héllo €'", "'日本語'", "'a'", "'emoji 😀'")),
            new Type("latin1", "VARCHAR(40) CHARACTER SET latin1", List.of("'café'", "'€uro'", "'plain'", "'ÿ'")),
            new Type("binary", "BINARY(6)", List.of("x'010200000000'", "x'000000000000'", "x'ffffffffffff'", "x'000000000001'")),
            new Type("varbinary", "VARBINARY(16)", List.of("x'00ff'", "x'deadbeef'", "x'00'", "x'0100'")),
            new Type("date", "DATE", List.of("'2024-02-29'", "'1969-12-31'", "'1000-01-01'", "'9999-12-31'")),
            new Type("time", "TIME(3)", List.of("'10:00:00.5'", "'838:59:59'", "'00:00:00'", "'23:59:59.999'")),
            new Type("datetime", "DATETIME", List.of("'2024-01-01 10:00:00'", "'1960-01-01 00:00:00'", "'2038-01-19 03:14:08'", "'2024-01-01 10:00:01'")),
            new Type("datetime3", "DATETIME(3)", List.of("'2024-01-01 10:00:00.5'", "'2024-01-01 10:00:00'", "'2024-01-01 10:00:00.05'", "'1999-12-31 23:59:59.999'")),
            new Type("datetime6", "DATETIME(6)", List.of("'2024-01-01 10:00:00.000001'", "'2024-01-01 10:00:00'", "'2024-01-01 09:59:59.999999'",
                    "'2024-01-01 10:00:00.5'")),
            new Type("timestamp6", "TIMESTAMP(6)", List.of("'2024-06-01 12:00:00.123456'", "'2024-06-01 12:00:00'", "'1970-01-02 00:00:00.5'",
                    "'2037-12-31 23:59:59.999999'")),
            new Type("year", "YEAR", List.of("2024", "1999", "2155", "1901")),
            new Type("bit12", "BIT(12)", List.of("b'101'", "b'111111111111'", "b'0'", "b'100000000000'")),
            new Type("enum", "ENUM('x','y','z','it''s')", List.of("'y'", "'z'", "'x'", "'it''s'")),
            new Type("set", "SET('p','q','r')", List.of("'p,r'", "'q'", "'r'", "'p,q,r'")),
            new Type("uuid", "UUID", List.of("'123e4567-e89b-12d3-a456-426614174000'", "'00000000-0000-0000-0000-000000000000'",
                    "'ffffffff-ffff-4fff-bfff-ffffffffffff'", "'123e4567-e89b-12d3-a456-426614174001'")),
            new Type("bool", "BOOLEAN", List.of("true", "false")),
            new Type("bit1", "BIT(1)", List.of("b'1'", "b'0'")));

    static final List<Type> POSTGRESQL = List.of(
            new Type("smallint", "smallint", List.of("-32768", "32767", "0", "7")),
            new Type("integer", "integer", List.of("-2147483648", "2147483647", "0", "5")),
            new Type("bigint", "bigint", List.of("-9223372036854775808", "9223372036854775807", "0", "42")),
            new Type("numeric", "numeric(12,3)", List.of("-123.450", "0.001", "99999.999", "1")),
            new Type("numeric_any", "numeric", List.of("0.00000000000000000001", "123456789012345678901234567890", "1.50", "-7")),
            new Type("real", "real", List.of("1.5", "-0.25", "0.1", "3.4e38")),
            new Type("double", "double precision", List.of("0.1", "1e100", "-2.5", "3")),
            new Type("text", "text", List.of("'a'", "'héllo €'", "'日本語'", "'trailing '")),
            new Type("varchar", "varchar(20)", List.of("'x'", "'y'", "'emoji 😀'", "'z z'")),
            new Type("char", "char(5)", List.of("'ab'", "'abcde'", "'x'", "'y z'")),
            new Type("uuid", "uuid", List.of("'123e4567-e89b-12d3-a456-426614174000'", "'00000000-0000-0000-0000-000000000000'",
                    "'ffffffff-ffff-4fff-bfff-ffffffffffff'", "'123e4567-e89b-12d3-a456-426614174001'")),
            new Type("bytea", "bytea", List.of("'\\x00'", "'\\xdeadbeef'", "'\\x01'", "'\\xff00'")),
            new Type("date", "date", List.of("'2024-02-29'", "'1969-12-31'", "'2000-01-01'", "'9999-12-31'")),
            new Type("time", "time", List.of("'10:00:00.000001'", "'23:59:59.999999'", "'00:00:00'", "'12:00:00.5'")),
            new Type("time3", "time(3)", List.of("'10:00:00.5'", "'23:59:59.999'", "'00:00:00'", "'12:00:00'")),
            new Type("timestamp", "timestamp", List.of("'2024-01-01 10:00:00'", "'2024-01-01 10:00:00.5'", "'1960-01-01 00:00:00.123456'",
                    "'2024-01-01 10:00:00.000001'")),
            new Type("timestamp0", "timestamp(0)", List.of("'2024-01-01 10:00:00'", "'1960-01-01 00:00:00'", "'2099-12-31 23:59:59'", "'2024-01-01 10:00:01'")),
            new Type("timestamp3", "timestamp(3)", List.of("'2024-01-01 10:00:00.5'", "'2024-01-01 10:00:00'", "'2024-01-01 10:00:00.05'",
                    "'1999-12-31 23:59:59.999'")),
            new Type("timestamptz", "timestamptz", List.of("'2024-01-01 10:00:00+00'", "'2024-01-01 10:00:00.5+05:30'", "'2024-01-01 10:00:00.123456-08'",
                    "'1900-01-01 00:00:00+00'")),
            new Type("timestamptz0", "timestamptz(0)", List.of("'2024-01-01 10:00:00+00'", "'2024-01-01 10:00:00+05:45'", "'2024-01-01 04:16:00Z'",
                    "'2024-03-10 02:30:00-03'")),
            new Type("timestamptz3", "timestamptz(3)", List.of("'2024-01-01 10:00:00.5+00'", "'2024-01-01 10:00:00.05+01'", "'2024-01-01 10:00:00.999-12'",
                    "'2024-01-01 10:00:00+14'")),
            new Type("mood", "mood", List.of("'sad'", "'ok'", "'happy'", "'meh'")),
            new Type("bool", "boolean", List.of("true", "false")));

    @Test
    void everyKeyTypeFromTheBinlogAsRunReadsIt(@TempDir Path dir) throws Exception {
        try (PrivateDatabase maria = PrivateDatabase.mariadb()) {
            replicateEveryType(maria, dir, MARIADB, "SET time_zone = '+02:00'"); // TIMESTAMP literals in another zone than the tool's UTC session
        }
    }

    @Test
    void everyKeyTypeFromPgoutputAsRunReadsIt(@TempDir Path dir) throws Exception {
        try (PrivateDatabase pg = PrivateDatabase.postgres()) {
            replicateEveryType(pg, dir, POSTGRESQL, "SET TimeZone = 'Asia/Kolkata'");
        }
    }

    /**
     * A change replicate cannot decode (a MariaDB zero date as a DATETIME key, which the binlog holds
     * and JDBC cannot read) is reported and skipped: the next changes are applied, and a resumed
     * replicate starts after it instead of replaying it and stopping again.
     */
    @Test
    void anUndecodableChangeIsReportedAndSkipped(@TempDir Path dir) throws Exception {
        try (PrivateDatabase maria = PrivateDatabase.mariadb()) {
            try (Connection c = maria.connect(maria.adminDatabase())) {
                exec(c, "CREATE DATABASE zero");
            }
            String url = maria.url() + "zero";
            try (Connection c = maria.connect("zero")) {
                exec(c, "CREATE TABLE t (k DATETIME PRIMARY KEY, v INT NOT NULL)");
            }
            Path model = dir.resolve("model.yaml");
            Files.writeString(model, "entities:\n  - name: T\n    query: SELECT k, v FROM t\n    table: Types\n    key: {PK: \"T\", SK: \"{k}\"}\n"
                    + "    attributes: {V: v}\ntables:\n  - name: Types\n    partitionKey: PK\n    sortKey: SK\n");
            String state = dir.resolve("state.json").toString();
            assertEquals(0, migrate("replicate", "--init", "--model", model.toString(), "--source", url, "--user", maria.user(), "--state", state).code());
            try (Basalt target = Basalt.start(BasaltConfig.inMemoryOnFreePort()); DynamoDbClient ddb = MigrateRunIT.client(target)) {
                assertEquals(0, migrate("run", "--model", model.toString(), "--source", url, "--user", maria.user(), "--endpoint",
                        target.endpoint().toString()).code());
                List<Object> warnings = java.util.Collections.synchronizedList(new ArrayList<>());
                for (int round = 0; round < 2; round++) {
                    Replicator r = new Replicator(new Replicator.Options(ModelLoader.load(model), url, maria.user(), null, List.of(), ddb, Path.of(state),
                            "basalt_replicate", "basalt_replicate", 50, false));
                    AtomicReference<Exception> crashed = new AtomicReference<>();
                    Thread loop = new Thread(() -> {
                        try {
                            r.run(s -> {
                                if (s.get("warnings") != null) warnings.addAll((List<?>) s.get("warnings"));
                            });
                        } catch (Exception e) {
                            crashed.set(e);
                        }
                    });
                    loop.start();
                    try (Connection c = maria.connect("zero")) {
                        if (round == 0) {
                            exec(c, "SET SESSION sql_mode = ''");
                            exec(c, "INSERT INTO t VALUES ('0000-00-00 00:00:00', 1)");
                        }
                        exec(c, "INSERT INTO t VALUES ('2024-01-0" + (round + 1) + " 10:00:00', 2)");
                    }
                    String expected = "2024-01-0" + (round + 1) + "T10:00:00Z";
                    long deadline = System.currentTimeMillis() + 30_000;
                    while (System.currentTimeMillis() < deadline && crashed.get() == null && ddb.getItem(g -> g.tableName("Types").key(Map.of(
                            "PK", AttributeValue.fromS("T"), "SK", AttributeValue.fromS(expected)))).item().isEmpty()) {
                        Thread.sleep(200);
                    }
                    Thread.sleep(1500); // a status with the warnings
                    r.stop();
                    loop.join(30_000);
                    if (crashed.get() != null) throw new AssertionError("replicate stopped in round " + round, crashed.get());
                    assertTrue(ddb.getItem(g -> g.tableName("Types").key(Map.of("PK", AttributeValue.fromS("T"), "SK", AttributeValue.fromS(expected))))
                            .hasItem(), "the change after the undecodable one was applied in round " + round);
                }
                assertEquals(1, warnings.size(), "reported once, not replayed on resume: " + warnings);
                assertTrue(warnings.get(0).toString().startsWith("entity T, insert of a row of t {k=-9223372036854775808, v=1} not applied: column k:"),
                        warnings.toString());
            }
        }
    }

    private static void replicateEveryType(PrivateDatabase db, Path dir, List<Type> types, String sessionZone) throws Exception {
        try (Connection c = db.connect(db.adminDatabase())) {
            exec(c, "CREATE DATABASE types");
        }
        String url = db.url() + "types";
        Path model = dir.resolve("model.yaml");
        StringBuilder yaml = new StringBuilder("entities:\n");
        try (Connection c = db.connect("types")) {
            exec(c, sessionZone);
            if (types == POSTGRESQL) exec(c, "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy', 'meh')");
            for (Type t : types) {
                exec(c, "CREATE TABLE t_" + t.name() + " (k " + t.sql() + " PRIMARY KEY, v INT NOT NULL)");
                List<String> seeds = t.values().size() == 2 ? t.values().subList(0, 1) : t.values().subList(0, 2);
                for (String v : seeds) exec(c, "INSERT INTO t_" + t.name() + " VALUES (" + v + ", 1)");
                yaml.append("  - name: ").append(t.name()).append("\n    query: SELECT k, v FROM t_").append(t.name())
                        .append("\n    table: Types\n    key:\n      PK: \"").append(t.name()).append("#{k}\"\n      SK: \"{k}\"\n    attributes:\n")
                        .append("      Copy: k\n      V: v\n");
            }
        }
        yaml.append("tables:\n  - name: Types\n    partitionKey: PK\n    sortKey: SK\n");
        Files.writeString(model, yaml);
        String state = dir.resolve("state.json").toString();
        var init = migrate("replicate", "--init", "--model", model.toString(), "--source", url, "--user", db.user(), "--state", state);
        assertEquals(0, init.code(), init.err());
        try (Basalt replicated = Basalt.start(BasaltConfig.inMemoryOnFreePort()); Basalt fresh = Basalt.start(BasaltConfig.inMemoryOnFreePort());
             DynamoDbClient ddb = MigrateRunIT.client(replicated); DynamoDbClient freshDdb = MigrateRunIT.client(fresh)) {
            var run = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", replicated.endpoint().toString(),
                    "--readers", "2");
            assertEquals(0, run.code(), run.out() + run.err());
            Replicator r = new Replicator(new Replicator.Options(ModelLoader.load(model), url, db.user(), null, List.of(), ddb, Path.of(state),
                    "basalt_replicate", "basalt_replicate", 50, false));
            int changes = replicateWhile(r, () -> {
                int made = 0;
                try (Connection c = db.connect("types")) {
                    exec(c, sessionZone);
                    for (Type t : types) {
                        List<String> v = t.values();
                        String table = "t_" + t.name();
                        if (v.size() == 2) {
                            exec(c, "INSERT INTO " + table + " VALUES (" + v.get(1) + ", 2)");
                            exec(c, "DELETE FROM " + table + " WHERE k = " + v.get(0));
                            made += 2;
                            continue;
                        }
                        exec(c, "INSERT INTO " + table + " VALUES (" + v.get(2) + ", 2)");
                        exec(c, "UPDATE " + table + " SET v = 3 WHERE k = " + v.get(0));
                        exec(c, "UPDATE " + table + " SET k = " + v.get(3) + " WHERE k = " + v.get(1)); // the item moves to a new key
                        exec(c, "DELETE FROM " + table + " WHERE k = " + v.get(0));
                        made += 4;
                    }
                }
                return made;
            });
            assertEquals(types.stream().mapToInt(t -> t.values().size() == 2 ? 2 : 4).sum(), changes);
            var again = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", fresh.endpoint().toString());
            assertEquals(0, again.code(), again.out() + again.err());
            Map<String, Map<String, AttributeValue>> expected = assertSameItems(freshDdb, ddb, "Types");
            long perType = types.stream().mapToLong(t -> t.values().size() == 2 ? 1 : 2).sum();
            assertEquals(perType, expected.size(), "items of the final source " + expected.keySet());
        }
    }

    /** Changes the source make, returning how many. */
    interface Changes {
        int make() throws Exception;
    }

    /**
     * Runs the replicator in a thread while {@code changes} are made, until it has caught up (nothing
     * received for 2 s after the changes); fails on a crash, a warning or a failed write. Returns the
     * number of changes made.
     */
    static int replicateWhile(Replicator r, Changes changes) throws Exception {
        AtomicReference<Exception> crashed = new AtomicReference<>();
        List<Object> warnings = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread loop = new Thread(() -> {
            try {
                r.run(s -> {
                    if (s.get("warnings") != null) warnings.add(s.get("warnings"));
                });
            } catch (Exception e) {
                crashed.set(e);
            }
        });
        loop.start();
        int made = changes.make();
        long deadline = System.currentTimeMillis() + 90_000;
        Map<String, Object> status = Map.of();
        while (System.currentTimeMillis() < deadline && crashed.get() == null) {
            status = r.status();
            if (Boolean.TRUE.equals(status.get("caughtUp")) && status.get("idleMillis") instanceof Number idle && idle.longValue() >= 2000
                    && ((Number) status.get("changes")).longValue() > 0) {
                break;
            }
            Thread.sleep(200);
        }
        r.stop();
        loop.join(30_000);
        if (crashed.get() != null) throw new AssertionError("replicate stopped", crashed.get());
        assertTrue(Boolean.TRUE.equals(status.get("caughtUp")), "replicate did not catch up: " + status);
        assertEquals(List.of(), warnings.stream().flatMap(w -> ((List<?>) w).stream()).filter(w -> !w.toString().startsWith("publication ")).toList(),
                "status " + status);
        assertEquals(0L, ((Number) status.get("writesFailed")).longValue(), "status " + status);
        return made;
    }

    /** Asserts that the table has the same items on both targets (returns them by key). */
    static Map<String, Map<String, AttributeValue>> assertSameItems(DynamoDbClient expectedDdb, DynamoDbClient actualDdb, String table) {
        Map<String, Map<String, AttributeValue>> expected = items(expectedDdb, table), actual = items(actualDdb, table);
        List<String> differences = new ArrayList<>();
        for (var e : expected.entrySet()) {
            if (!e.getValue().equals(actual.get(e.getKey()))) differences.add("run " + e.getValue() + " / replicate " + actual.get(e.getKey()));
        }
        for (var e : actual.entrySet()) if (!expected.containsKey(e.getKey())) differences.add("only replicated (an orphan): " + e.getValue());
        assertEquals(List.of(), differences, "items that differ");
        return expected;
    }

    /** Every item of the table (partition key PK, sort key SK), by its key. */
    private static Map<String, Map<String, AttributeValue>> items(DynamoDbClient ddb, String table) {
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        ddb.scanPaginator(b -> b.tableName(table)).items().forEach(i -> items.put(i.get("PK").s() + " | " + i.get("SK").s(), i));
        return items;
    }
}
