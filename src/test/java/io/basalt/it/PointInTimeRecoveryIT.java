package io.basalt.it;

import static io.basalt.it.BackupsIT.createFullTable;
import static io.basalt.it.BackupsIT.scanAll;
import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.InvalidRestoreTimeException;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryDescription;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryUnavailableException;
import software.amazon.awssdk.services.dynamodb.model.TableAlreadyExistsException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Continuous backups and point-in-time recovery through the AWS SDK: writes at several seconds are
 * recorded (every item, every GSI and LSI entry), then restores at each second, between seconds
 * and at the latest restorable time are compared item by item with the record.
 */
class PointInTimeRecoveryIT extends ServerTestBase {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/";

    private static PointInTimeRecoveryDescription pitr(DynamoDbClient c, String table) {
        return c.describeContinuousBackups(b -> b.tableName(table)).continuousBackupsDescription().pointInTimeRecoveryDescription();
    }

    private static void enable(DynamoDbClient c, String table, Integer days) {
        c.updateContinuousBackups(b -> b.tableName(table).pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)
                .recoveryPeriodInDays(days)));
    }

    /** What a table shows: its items, and its GSI's and LSI's entries (each sorted). */
    private static Map<String, Object> state(DynamoDbClient c, String table) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Map<String, AttributeValue>> items = scanAll(c, table);
        m.put("items", items);
        m.put("gsi", gsiOnceApplied(c, table, items));
        m.put("lsi", sorted(c.scanPaginator(b -> b.tableName(table).indexName("bylsk")).items().stream().toList()));
        return m;
    }

    /**
     * The GSI's entries, sorted, once they show the items (within 30 s): GSIs are eventually
     * consistent, and on the Cassandra engine their entries follow the items by a moment. A GSI that
     * never matches is returned as it is, for the comparison to fail.
     */
    private static List<String> gsiOnceApplied(DynamoDbClient c, String table, List<Map<String, AttributeValue>> items) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (Map<String, AttributeValue> i : items) keys.add(Map.of("pk", i.get("pk"), "sk", i.get("sk"), "g", i.get("g")));
        List<String> expected = sorted(keys);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            List<String> gsi = sorted(c.scanPaginator(b -> b.tableName(table).indexName("byg")).items().stream().toList());
            if (gsi.equals(expected) || System.nanoTime() > deadline) return gsi;
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return gsi;
            }
        }
    }

    private static List<String> sorted(List<Map<String, AttributeValue>> items) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> i : items) out.add(new java.util.TreeMap<>(i).toString());
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static void put(DynamoDbClient c, String table, int i, String payload) {
        c.putItem(b -> b.tableName(table).item(item("pk", s("p" + i % 5), "sk", n(Integer.toString(i)),
                "lsk", s("l" + (99 - i)), "g", s("g" + i % 3), "payload", s(payload))));
    }

    private static void delete(DynamoDbClient c, String table, int i) {
        c.deleteItem(b -> b.tableName(table).key(item("pk", s("p" + i % 5), "sk", n(Integer.toString(i)))));
    }

    @Test
    @Covers(operation = "UpdateContinuousBackups", parameters = {"TableName", "PointInTimeRecoverySpecification"})
    @Covers(operation = "RestoreTableToPointInTime", parameters = {"SourceTableName", "TargetTableName", "RestoreDateTime",
            "UseLatestRestorableTime"})
    void restoresAtEachSecondHoldExactlyTheItemsAndIndexEntriesOfThatSecond() {
        createFullTable(ddb, "pitr_main", 20);
        enable(ddb, "pitr_main", null);
        Map<Instant, Map<String, Object>> recorded = new LinkedHashMap<>();
        recorded.put(Instant.ofEpochMilli(clock.millis()), state(ddb, "pitr_main"));
        for (int second = 1; second <= 6; second++) {
            clock.advanceMillis(1000);
            int s0 = second;
            for (int j = 0; j < 5; j++) put(ddb, "pitr_main", 20 + s0 * 5 + j, "new at " + s0);   // inserts
            put(ddb, "pitr_main", s0, "overwritten at " + s0);                                    // replace
            ddb.updateItem(b -> b.tableName("pitr_main").key(item("pk", s("p" + (s0 + 7) % 5), "sk", n(Integer.toString(s0 + 7))))
                    .updateExpression("SET g = :g, lsk = :l").expressionAttributeValues(Map.of(":g", s("moved" + s0), ":l", s("z" + s0))));
            delete(ddb, "pitr_main", 19 - s0);                                                    // delete
            if (s0 % 2 == 0) delete(ddb, "pitr_main", 20 + (s0 - 1) * 5);                         // delete a recent insert
            // several changes to one item inside one millisecond: the last one counts
            put(ddb, "pitr_main", 0, "first " + s0);
            put(ddb, "pitr_main", 0, "last " + s0);
            recorded.put(Instant.ofEpochMilli(clock.millis()), state(ddb, "pitr_main"));
        }
        clock.advanceMillis(1000);
        int n = 0;
        for (Map.Entry<Instant, Map<String, Object>> e : recorded.entrySet()) {
            String target = "pitr_main_r" + n++;
            TableDescription t = ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_main").targetTableName(target)
                    .restoreDateTime(e.getKey())).tableDescription();
            assertEquals(TableStatus.CREATING, t.tableStatus());
            assertEquals(ARN + "pitr_main", t.restoreSummary().sourceTableArn());
            assertNull(t.restoreSummary().sourceBackupArn());
            assertEquals(e.getKey(), t.restoreSummary().restoreDateTime());
            assertEquals(2, t.globalSecondaryIndexes().size() + t.localSecondaryIndexes().size());
            assertEquals(e.getValue(), state(ddb, target), "restored at " + e.getKey());
            assertEquals(TableStatus.ACTIVE, ddb.describeTable(b -> b.tableName(target)).table().tableStatus());
        }
        // half a second after a recorded moment is still that moment's state
        Instant third = new ArrayList<>(recorded.keySet()).get(3);
        ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_main").targetTableName("pitr_main_half")
                .restoreDateTime(third.plusMillis(500)));
        assertEquals(recorded.get(third), state(ddb, "pitr_main_half"));
        // the latest restorable time: what the table holds now (by ARN this time)
        ddb.restoreTableToPointInTime(b -> b.sourceTableArn(ARN + "pitr_main").targetTableName("pitr_main_latest")
                .useLatestRestorableTime(true));
        assertEquals(state(ddb, "pitr_main"), state(ddb, "pitr_main_latest"));
    }

    @Test
    @Covers(operation = "DescribeContinuousBackups", parameters = {"TableName"})
    @Covers(operation = "UpdateContinuousBackups", parameters = {"TableName", "PointInTimeRecoverySpecification"})
    void describeShowsTheWindowAndUpdateChangesThePeriodOrTurnsItOff() {
        createFullTable(ddb, "pitr_desc", 3);
        ContinuousBackupsDescription d = ddb.describeContinuousBackups(b -> b.tableName("pitr_desc")).continuousBackupsDescription();
        assertEquals(ContinuousBackupsStatus.ENABLED, d.continuousBackupsStatus());
        assertEquals(PointInTimeRecoveryStatus.DISABLED, d.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
        assertNull(d.pointInTimeRecoveryDescription().earliestRestorableDateTime());
        long enabledAt = clock.millis();
        ContinuousBackupsDescription u = ddb.updateContinuousBackups(b -> b.tableName("pitr_desc")
                .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true))).continuousBackupsDescription();
        assertEquals(PointInTimeRecoveryStatus.ENABLED, u.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
        assertEquals(35, u.pointInTimeRecoveryDescription().recoveryPeriodInDays());
        assertEquals(Instant.ofEpochMilli(enabledAt), u.pointInTimeRecoveryDescription().earliestRestorableDateTime());
        clock.advanceSeconds(90);
        PointInTimeRecoveryDescription p = pitr(ddb, ARN + "pitr_desc");
        assertEquals(Instant.ofEpochMilli(enabledAt), p.earliestRestorableDateTime());
        assertEquals(Instant.ofEpochMilli(clock.millis()), p.latestRestorableDateTime());
        enable(ddb, "pitr_desc", 7);
        assertEquals(7, pitr(ddb, "pitr_desc").recoveryPeriodInDays());
        assertEquals(Instant.ofEpochMilli(enabledAt), pitr(ddb, "pitr_desc").earliestRestorableDateTime(), "the window stays");
        ddb.updateContinuousBackups(b -> b.tableName("pitr_desc").pointInTimeRecoverySpecification(s -> s.pointInTimeRecoveryEnabled(false)));
        assertEquals(PointInTimeRecoveryStatus.DISABLED, pitr(ddb, "pitr_desc").pointInTimeRecoveryStatus());
        assertEquals(0, server.engine().continuousBackups().historyEntries(tableId("pitr_desc")), "history dropped");
        fails(PointInTimeRecoveryUnavailableException.class, "PointInTimeRecoveryUnavailableException",
                "Point in time recovery is not enabled for table 'pitr_desc'",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_desc").targetTableName("pitr_desc_r").useLatestRestorableTime(true)));
    }

    private static long tableId(String name) {
        return idOf(server, name);
    }

    /** The storage id of the (only) table of that name. */
    static long idOf(Basalt b, String name) {
        return b.engine().catalog().all().stream().filter(e -> e.definition().name().equals(name)).findFirst()
                .orElseThrow().definition().id();
    }

    @Test
    @Covers(operation = "RestoreTableToPointInTime", parameters = {"SourceTableName", "TargetTableName", "RestoreDateTime"})
    @Covers(operation = "UpdateContinuousBackups", parameters = {"PointInTimeRecoverySpecification"})
    @Covers(operation = "DescribeContinuousBackups", parameters = {"TableName"})
    void errorsAsTheServiceWordsThem() {
        createFullTable(ddb, "pitr_err", 2);
        fails(TableNotFoundException.class, "TableNotFoundException", "Table not found: pitr_missing",
                () -> ddb.describeContinuousBackups(b -> b.tableName("pitr_missing")));
        fails(TableNotFoundException.class, "TableNotFoundException", "Table not found: pitr_missing",
                () -> enable(ddb, "pitr_missing", null));
        fails(TableNotFoundException.class, "TableNotFoundException", "Table not found: pitr_missing",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_missing").targetTableName("pitr_x").useLatestRestorableTime(true)));
        fails(PointInTimeRecoveryUnavailableException.class, "PointInTimeRecoveryUnavailableException",
                "Point in time recovery is not enabled for table 'pitr_err'",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_x").useLatestRestorableTime(true)));
        validation("1 validation error detected: Value '0' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' "
                + "failed to satisfy constraint: Member must have value greater than or equal to 1", () -> enable(ddb, "pitr_err", 0));
        validation("1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' "
                + "failed to satisfy constraint: Member must have value less than or equal to 35", () -> enable(ddb, "pitr_err", 36));
        validation("1 validation error detected: Value null at 'pointInTimeRecoverySpecification' failed to satisfy constraint: "
                + "Member must not be null", () -> ddb.updateContinuousBackups(b -> b.tableName("pitr_err")));
        enable(ddb, "pitr_err", 1);
        long enabledAt = clock.millis();
        clock.advanceSeconds(10);
        // the service's words (live, 2026-10-08): the three times to the second
        fails(InvalidRestoreTimeException.class, "InvalidRestoreTimeException", outside("RestoreDateTime", enabledAt - 1000, enabledAt, clock.millis()),
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_x")
                        .restoreDateTime(Instant.ofEpochMilli(enabledAt - 1000))));
        fails(InvalidRestoreTimeException.class, "InvalidRestoreTimeException", outside("RestoreDateTime", clock.millis() + 1000, enabledAt, clock.millis()),
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_x")
                        .restoreDateTime(Instant.ofEpochMilli(clock.millis() + 1000))));
        fails(TableAlreadyExistsException.class, "TableAlreadyExistsException", "Table already exists: pitr_err",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_err").useLatestRestorableTime(true)));
        validation("Invalid Request: Both RestoreDateTime and UseLatestRestorableTime cannot be set for point-in-time restore "
                + "request. Please specify only one of them.",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_x")
                        .useLatestRestorableTime(true).restoreDateTime(Instant.ofEpochMilli(enabledAt))));
        validation("Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be specified, but not both",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").targetTableName("pitr_x")));
        validation("The parameter 'TableName' is required",
                () -> ddb.restoreTableToPointInTime(b -> b.targetTableName("pitr_x").useLatestRestorableTime(true)));
        validation("Must provide exactly one of: sourceTableArn, sourceTableName", () -> ddb.restoreTableToPointInTime(b -> b
                .sourceTableName("pitr_err").sourceTableArn("arn:aws:dynamodb:us-east-1:123456789012:table/pitr_err")
                .targetTableName("pitr_x").useLatestRestorableTime(true)));
        validation("This action is only supported by accounts that match the resource owner's account", () -> ddb.restoreTableToPointInTime(b -> b
                .sourceTableArn("arn:aws:dynamodb:us-east-1:111122223333:table/pitr_err").targetTableName("pitr_x").useLatestRestorableTime(true)));
        validation("1 validation error detected: Value null at 'targetTableName' failed to satisfy constraint: Member must not be null",
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_err").useLatestRestorableTime(true)));
    }

    @Test
    @Covers(operation = "RestoreTableToPointInTime", parameters = {"RestoreDateTime", "BillingModeOverride",
            "ProvisionedThroughputOverride", "GlobalSecondaryIndexOverride", "LocalSecondaryIndexOverride"})
    void retentionDropsHistoryOlderThanTheWindowAndKeepsTheStateAtItsStart() {
        createFullTable(ddb, "pitr_ret", 10);
        enable(ddb, "pitr_ret", 1);
        for (int i = 0; i < 10; i++) put(ddb, "pitr_ret", i, "v1");
        clock.advanceSeconds(3600);
        for (int i = 0; i < 5; i++) put(ddb, "pitr_ret", i, "v2");
        delete(ddb, "pitr_ret", 9);
        Map<String, Object> atTwoHours = null;
        clock.advanceSeconds(3600);
        atTwoHours = state(ddb, "pitr_ret");
        long twoHours = clock.millis();
        clock.advanceSeconds(25 * 3600);     // the window (1 day) now starts one hour after twoHours
        put(ddb, "pitr_ret", 0, "v3");
        long id = tableId("pitr_ret");
        long before = server.engine().continuousBackups().historyEntries(id);
        int removed = server.engine().continuousBackups().trimAll();
        assertTrue(removed > 0, "trimmed " + removed);
        assertEquals(before - removed, server.engine().continuousBackups().historyEntries(id));
        assertEquals(9 + 1, before - removed, "one entry per item at the window's start, plus the change after it");
        PointInTimeRecoveryDescription p = pitr(ddb, "pitr_ret");
        assertEquals(Instant.ofEpochMilli(clock.millis() - 24 * 3600_000L), p.earliestRestorableDateTime());
        fails(InvalidRestoreTimeException.class, "InvalidRestoreTimeException",
                outside("RestoreDateTime", twoHours, clock.millis() - 24 * 3600_000L, clock.millis()),
                () -> ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_ret").targetTableName("pitr_x")
                        .restoreDateTime(Instant.ofEpochMilli(twoHours))));
        // the window's start holds the state of two hours in (nothing changed in between)
        ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_ret").targetTableName("pitr_ret_start")
                .restoreDateTime(p.earliestRestorableDateTime()));
        assertEquals(atTwoHours, state(ddb, "pitr_ret_start"));
        // overrides as RestoreTableFromBackup takes them
        TableDescription t = ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_ret").targetTableName("pitr_ret_over")
                .useLatestRestorableTime(true).billingModeOverride(BillingMode.PROVISIONED)
                .provisionedThroughputOverride(x -> x.readCapacityUnits(3L).writeCapacityUnits(4L))
                .globalSecondaryIndexOverride(g -> g.indexName("byg").keySchema(k -> k.attributeName("g").keyType("HASH"),
                        k -> k.attributeName("sk").keyType("RANGE")).projection(x -> x.projectionType("KEYS_ONLY"))
                        .provisionedThroughput(x -> x.readCapacityUnits(5L).writeCapacityUnits(6L)))
                .localSecondaryIndexOverride(List.of())).tableDescription();
        assertEquals(3L, t.provisionedThroughput().readCapacityUnits());
        assertEquals(5L, t.globalSecondaryIndexes().get(0).provisionedThroughput().readCapacityUnits());
        assertTrue(t.localSecondaryIndexes().isEmpty());
        assertEquals(scanAll(ddb, "pitr_ret"), scanAll(ddb, "pitr_ret_over"));
    }

    @Test
    @Covers(operation = "RestoreTableToPointInTime", parameters = {"SourceTableName", "TargetTableName", "RestoreDateTime"})
    void theHistorySurvivesARestartOnDiskAndGoesWithItsTable() throws Exception {
        Path dir = Files.createTempDirectory("basalt-pitr-it");
        ManualClock diskClock = new ManualClock();
        try {
            Map<String, Object> first;
            long firstAt;
            try (Basalt disk = Basalt.start(BasaltConfig.onDiskOnFreePort(dir).withClock(diskClock)); DynamoDbClient c = client(disk.endpoint())) {
                createFullTable(c, "pitr_disk", 15);
                enable(c, "pitr_disk", 2);
                diskClock.advanceSeconds(1);
                for (int i = 0; i < 5; i++) put(c, "pitr_disk", i, "changed");
                first = state(c, "pitr_disk");
                firstAt = diskClock.millis();
                diskClock.advanceSeconds(1);
                for (int i = 5; i < 10; i++) delete(c, "pitr_disk", i);
            }
            diskClock.advanceSeconds(5);
            try (Basalt disk = Basalt.start(BasaltConfig.onDiskOnFreePort(dir).withClock(diskClock)); DynamoDbClient c = client(disk.endpoint())) {
                assertEquals(2, pitr(c, "pitr_disk").recoveryPeriodInDays());
                put(c, "pitr_disk", 0, "after restart");
                c.restoreTableToPointInTime(b -> b.sourceTableName("pitr_disk").targetTableName("pitr_disk_r")
                        .restoreDateTime(Instant.ofEpochMilli(firstAt)));
                assertEquals(first, state(c, "pitr_disk_r"));
                long id = idOf(disk, "pitr_disk");
                c.deleteTable(b -> b.tableName("pitr_disk"));
                assertEquals(0, disk.engine().continuousBackups().historyEntries(id), "the history went with the table");
                fails(TableNotFoundException.class, "TableNotFoundException", "Table not found: pitr_disk",
                        () -> c.describeContinuousBackups(b -> b.tableName("pitr_disk")));
            }
        } finally {
            deleteTree(dir);
        }
    }

    @Test
    @Covers(operation = "UpdateContinuousBackups", parameters = {"PointInTimeRecoverySpecification"})
    void writesRacingTheEnableAreInTheHistory() throws Exception {
        createFullTable(ddb, "pitr_race", 0);
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int base = w * 1000;
            writers.add(Thread.ofPlatform().start(() -> {
                try (DynamoDbClient c = client(server.endpoint())) {
                    for (int i = 0; i < 150; i++) put(c, "pitr_race", base + i, "w");
                }
            }));
        }
        Thread.sleep(50);
        enable(ddb, "pitr_race", null);
        for (Thread t : writers) t.join();
        ddb.restoreTableToPointInTime(b -> b.sourceTableName("pitr_race").targetTableName("pitr_race_r").useLatestRestorableTime(true));
        assertEquals(state(ddb, "pitr_race"), state(ddb, "pitr_race_r"));
        assertEquals(600, scanAll(ddb, "pitr_race_r").size());
    }

    /** InvalidRestoreTimeException's text (the service's, live 2026-10-08): times in UTC to the second. */
    static String outside(String what, long at, long earliest, long latest) {
        java.util.function.LongFunction<String> second = ms -> Instant.ofEpochMilli(ms).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        return what + " '" + second.apply(at) + "' must be within EarliestRestorableDateTime '" + second.apply(earliest)
                + "' and LatestRestorableDateTime '" + second.apply(latest) + "'";
    }
}
