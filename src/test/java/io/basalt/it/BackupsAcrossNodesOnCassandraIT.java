package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BackupNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.BackupStatus;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Backups and point-in-time recovery with two Basalt nodes on one keyspace (docs/scale-out.md,
 * "Backups and point-in-time recovery"): what one node backs up the other lists, restores and
 * deletes; a backup or restore made through one node while the other writes holds one moment of
 * the table. The nodes run on the wall clock (as separate machines would), not a manual one.
 */
@OnCassandra
class BackupsAcrossNodesOnCassandraIT {
    private static final int KEYS = 10;
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        BasaltConfig config = CassandraForTests.nodes(BackupsAcrossNodesOnCassandraIT.class);
        nodeA = Basalt.start(config);
        nodeB = Basalt.start(config);
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    private static void createTable(DynamoDbClient via, String name) {
        via.createTable(t -> t.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    /** pk to v of every item (a consistent scan). */
    private static Map<String, Integer> values(DynamoDbClient via, String table) {
        Map<String, Integer> out = new HashMap<>();
        for (Map<String, AttributeValue> m : via.scanPaginator(s -> s.tableName(table).consistentRead(true)).items()) {
            out.put(m.get("pk").s(), Integer.parseInt(m.get("v").n()));
        }
        return out;
    }

    /**
     * Writes k(i mod 10) = i for i = 0, 1, 2, ... through one node, one write after the other, until
     * stopped: any one moment of the table holds the last ten writes made before it.
     */
    private static final class Writer implements AutoCloseable {
        final AtomicInteger acknowledged = new AtomicInteger();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread thread;

        Writer(DynamoDbClient via, String table) {
            thread = Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; !stop.get(); i++) {
                        int v = i;
                        via.putItem(p -> p.tableName(table).item(item("pk", "k" + v % KEYS, "v", n(Integer.toString(v)))));
                        acknowledged.set(i + 1);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            Eventually.await(Duration.ofSeconds(60), "every key written", () -> acknowledged.get() >= 2 * KEYS || failure.get() != null);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            thread.join();
            assertNull(failure.get(), "the writer failed");
        }
    }

    /** The restored table is one moment: the last ten writes of some prefix, made after {@code before} and before {@code after}. */
    private static void assertOneMoment(Map<String, Integer> restored, int acknowledgedBefore, int acknowledgedAfter) {
        assertEquals(KEYS, restored.size(), restored.toString());
        int last = restored.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        for (int j = last - KEYS + 1; j <= last; j++) {
            assertEquals(j, restored.get("k" + j % KEYS), "not one moment: " + restored);
        }
        assertTrue(last >= acknowledgedBefore - 1, "lost a write acknowledged before: last " + last + ", acknowledged " + acknowledgedBefore);
        assertTrue(last <= acknowledgedAfter, "holds a write made after: last " + last + ", acknowledged " + acknowledgedAfter);
    }

    @Test
    @Covers(operation = "CreateBackup", parameters = {"TableName", "BackupName"})
    @Covers(operation = "DeleteBackup", parameters = {"BackupArn"})
    void aBackupMadeThroughOneNodeIsListedRestoredAndDeletedThroughTheOther() {
        createTable(a, "bx_shared");
        for (int i = 0; i < KEYS; i++) {
            int v = i;
            a.putItem(p -> p.tableName("bx_shared").item(item("pk", "k" + v, "v", n(Integer.toString(v)))));
        }
        String arn = a.createBackup(c -> c.tableName("bx_shared").backupName("across")).backupDetails().backupArn();
        assertEquals(arn, b.listBackups(l -> l.tableName("bx_shared")).backupSummaries().get(0).backupArn());
        assertEquals(BackupStatus.AVAILABLE, b.describeBackup(d -> d.backupArn(arn)).backupDescription().backupDetails().backupStatus());
        a.putItem(p -> p.tableName("bx_shared").item(item("pk", "k0", "v", n("100"))));
        b.restoreTableFromBackup(r -> r.backupArn(arn).targetTableName("bx_shared_copy"));
        Map<String, Integer> copy = values(a, "bx_shared_copy");
        assertEquals(KEYS, copy.size());
        assertEquals(0, copy.get("k0"));
        b.deleteBackup(d -> d.backupArn(arn));
        fails(BackupNotFoundException.class, "BackupNotFoundException", "Backup not found: " + arn,
                () -> a.describeBackup(d -> d.backupArn(arn)));
    }

    @Test
    @Covers(operation = "CreateBackup", parameters = {"TableName"})
    @Covers(operation = "RestoreTableFromBackup", parameters = {"BackupArn", "TargetTableName"})
    void aBackupMadeWhileTheOtherNodeWritesHoldsOneMoment() throws Exception {
        createTable(a, "bx_moving");
        String arn;
        int before, after;
        try (Writer w = new Writer(b, "bx_moving")) {
            before = w.acknowledged.get();
            arn = a.createBackup(c -> c.tableName("bx_moving").backupName("moving")).backupDetails().backupArn();
            after = w.acknowledged.get() + 1; // the write in flight may have been recorded
            assertTrue(after > before + KEYS, "the writer went on during the backup: " + before + " -> " + after);
        }
        a.restoreTableFromBackup(r -> r.backupArn(arn).targetTableName("bx_moving_copy"));
        assertOneMoment(values(a, "bx_moving_copy"), before, after);
    }

    @Test
    @Covers(operation = "UpdateContinuousBackups", parameters = {"PointInTimeRecoverySpecification"})
    @Covers(operation = "RestoreTableToPointInTime", parameters = {"UseLatestRestorableTime"})
    void pointInTimeRecoveryEnabledThroughOneNodeRestoresOneMomentOfTheOthersWrites() throws Exception {
        createTable(a, "bx_pitr");
        try (Writer w = new Writer(b, "bx_pitr")) {
            a.updateContinuousBackups(u -> u.tableName("bx_pitr").pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
            Eventually.await(Duration.ofSeconds(10), "node B sees recovery on", () -> b.describeContinuousBackups(d -> d.tableName("bx_pitr"))
                    .continuousBackupsDescription().pointInTimeRecoveryDescription().pointInTimeRecoveryStatus() == PointInTimeRecoveryStatus.ENABLED);
            int before = w.acknowledged.get();
            b.restoreTableToPointInTime(r -> r.sourceTableName("bx_pitr").targetTableName("bx_pitr_r").useLatestRestorableTime(true));
            int after = w.acknowledged.get() + 1;
            w.close();
            assertOneMoment(values(a, "bx_pitr_r"), before, after);
            // a time before any of the restore's: also one moment
            java.time.Instant earlier = a.describeContinuousBackups(d -> d.tableName("bx_pitr")).continuousBackupsDescription()
                    .pointInTimeRecoveryDescription().earliestRestorableDateTime();
            a.restoreTableToPointInTime(r -> r.sourceTableName("bx_pitr").targetTableName("bx_pitr_e").restoreDateTime(earlier.plusMillis(1)));
            assertOneMoment(values(a, "bx_pitr_e"), 0, before + 1);
        }
        b.updateContinuousBackups(u -> u.tableName("bx_pitr").pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(false)));
        Eventually.await(Duration.ofSeconds(10), "node A sees recovery off", () -> a.describeContinuousBackups(d -> d.tableName("bx_pitr"))
                .continuousBackupsDescription().pointInTimeRecoveryDescription().pointInTimeRecoveryStatus() == PointInTimeRecoveryStatus.DISABLED);
    }
}
