package io.basalt.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.it.ServerTestBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Whole-store backups: the offline round trip (backup, verify also of a damaged copy, restore, the
 * refusal of a non-empty target); a backup taken from a running server under heavy writes (through
 * its control socket) holds every write acknowledged before it began; and a store killed with
 * kill -9 under heavy writes, backed up and restored, holds every acknowledged write.
 */
class BackupCommandIT {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream());
    private final PrintStream err = new PrintStream(errBytes);

    private static List<Map<String, AttributeValue>> items(DynamoDbClient c) {
        return c.scan(b -> b.tableName("offline")).items().stream()
                .sorted(java.util.Comparator.comparing(m -> m.get("pk").s())).toList();
    }

    @Test
    void backupVerifyRestoreRoundTrip() throws Exception {
        Path root = Files.createTempDirectory("basalt-offline");
        Path data = root.resolve("data"), copy = root.resolve("copy"), restored = root.resolve("restored");
        try {
            List<Map<String, AttributeValue>> before;
            String backupArn;
            try (Basalt s = Basalt.start(BasaltConfig.onDiskOnFreePort(data)); DynamoDbClient c = ServerTestBase.client(s.endpoint())) {
                c.createTable(b -> b.tableName("offline").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
                for (int i = 0; i < 30; i++) {
                    int n = i;
                    c.putItem(b -> b.tableName("offline").item(Map.of("pk", AttributeValue.fromS("k" + n), "v", AttributeValue.fromN("" + n))));
                }
                backupArn = c.createBackup(b -> b.tableName("offline").backupName("inside")).backupDetails().backupArn();
                before = items(c);
            }
            assertEquals(0, BackupCommand.backup(List.of("--data-dir", data.toString(), "--to", copy.toString()), out, err), errBytes.toString());
            assertTrue(Files.isRegularFile(copy.resolve(BackupCommand.MANIFEST)));
            assertEquals(0, BackupCommand.backup(List.of("verify", copy.toString()), out, err), errBytes.toString());
            assertEquals(0, BackupCommand.restore(List.of("--from", copy.toString(), "--data-dir", restored.toString()), out, err), errBytes.toString());
            // a non-empty data directory is refused without --force
            assertEquals(1, BackupCommand.restore(List.of("--from", copy.toString(), "--data-dir", restored.toString()), out, err));
            assertTrue(errBytes.toString().contains("is not empty"), errBytes.toString());
            try (Basalt s = Basalt.start(BasaltConfig.onDiskOnFreePort(restored)); DynamoDbClient c = ServerTestBase.client(s.endpoint())) {
                assertEquals(before, items(c));
                assertEquals("inside", c.describeBackup(b -> b.backupArn(backupArn)).backupDescription().backupDetails().backupName());
                c.restoreTableFromBackup(b -> b.backupArn(backupArn).targetTableName("offline2"));
                assertEquals(30, c.scan(b -> b.tableName("offline2")).count());
            }
            // a damaged file is found, and restore refuses the damaged copy
            Path manifestFirst = copy.resolve(Files.readAllLines(copy.resolve(BackupCommand.MANIFEST)).get(0).split("  ", 2)[1]);
            Files.write(manifestFirst, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
            assertEquals(1, BackupCommand.backup(List.of("verify", copy.toString()), out, err));
            assertTrue(errBytes.toString().contains("damaged: "), errBytes.toString());
            assertEquals(1, BackupCommand.restore(List.of("--from", copy.toString(), "--data-dir", restored.toString(), "--force"), out, err));
        } finally {
            ServerTestBase.deleteTree(root);
        }
    }

    @Test
    void aRunningServerUnderHeavyWritesIsBackedUpAndAStoreKilledMidWriteRestoresCompletely() throws Exception {
        Path root = Files.createTempDirectory("basalt-online");
        Path data = root.resolve("data"), online = root.resolve("online"), crashed = root.resolve("crashed");
        java.util.Set<String> acked = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.List<Thread> writers = new java.util.ArrayList<>();
        try (io.basalt.it.ServerProcess server = io.basalt.it.ServerProcess.start(data, "--log-level", "warn")) {
            try (DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
                c.createTable(b -> b.tableName("busy").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
            }
            for (int t = 0; t < 4; t++) {
                int thread = t;
                Thread w = new Thread(() -> {
                    try (DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
                        for (int i = 0; !stop.get(); i++) {
                            String id = thread + "-" + i;
                            c.putItem(b -> b.tableName("busy").item(Map.of("pk", AttributeValue.fromS(id), "v", AttributeValue.fromS("x".repeat(200)))));
                            acked.add(id);
                        }
                    } catch (RuntimeException killed) {
                        // the server was killed under this writer
                    }
                });
                w.start();
                writers.add(w);
            }
            while (acked.size() < 2000) Thread.sleep(50);
            java.util.Set<String> beforeBackup = java.util.Set.copyOf(acked);
            ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
            assertEquals(0, BackupCommand.backup(List.of("--data-dir", data.toString(), "--to", online.toString()),
                    new PrintStream(outBytes), err), errBytes.toString());
            assertTrue(outBytes.toString().contains("written by the running server"), outBytes.toString());
            while (acked.size() < beforeBackup.size() + 2000) Thread.sleep(50);
            server.kill9();
            stop.set(true);
            for (Thread w : writers) w.join(30_000);
            // the online backup: every write acknowledged before it began
            assertEquals(0, BackupCommand.backup(List.of("verify", online.toString()), out, err), errBytes.toString());
            java.util.Set<String> inOnline = restoredKeys(online, root.resolve("r1"));
            assertTrue(inOnline.containsAll(beforeBackup), "missing from the online backup: "
                    + beforeBackup.stream().filter(k -> !inOnline.contains(k)).limit(5).toList());
            assertTrue(inOnline.size() < acked.size() + 4, "the backup holds writes made after it: " + inOnline.size());
            // the killed store (its control socket is stale now): backed up offline, restored, every acknowledged write there
            assertEquals(0, BackupCommand.backup(List.of("--data-dir", data.toString(), "--to", crashed.toString()), out, err), errBytes.toString());
            java.util.Set<String> inCrashed = restoredKeys(crashed, root.resolve("r2"));
            assertTrue(inCrashed.containsAll(acked), "acknowledged but lost: " + acked.stream().filter(k -> !inCrashed.contains(k)).limit(5).toList());
        } finally {
            stop.set(true);
            ServerTestBase.deleteTree(root);
        }
    }

    /** A data directory too long for a socket path: the server still starts, and the offline backup still works once it stops. */
    @Test
    void aServerWhoseDataDirectoryIsTooLongForASocketStillStarts() throws Exception {
        Path root = Files.createTempDirectory("basalt-long");
        Path data = root.resolve("d".repeat(120));
        try {
            try (Basalt s = Basalt.start(BasaltConfig.onDiskOnFreePort(data)); DynamoDbClient c = ServerTestBase.client(s.endpoint())) {
                assertEquals(List.of(), c.listTables().tableNames());
            }
            assertEquals(0, BackupCommand.backup(List.of("--data-dir", data.toString(), "--to", root.resolve("copy").toString()), out, err),
                    errBytes.toString());
        } finally {
            ServerTestBase.deleteTree(root);
        }
    }

    /** Restores a backup into {@code dir} and reads back every key of table "busy". */
    private java.util.Set<String> restoredKeys(Path backup, Path dir) throws Exception {
        assertEquals(0, BackupCommand.restore(List.of("--from", backup.toString(), "--data-dir", dir.toString()), out, err), errBytes.toString());
        java.util.Set<String> keys = new java.util.HashSet<>();
        try (Basalt s = Basalt.start(BasaltConfig.onDiskOnFreePort(dir)); DynamoDbClient c = ServerTestBase.client(s.endpoint())) {
            Map<String, AttributeValue> start = null;
            do {
                Map<String, AttributeValue> from = start;
                var r = c.scan(b -> b.tableName("busy").exclusiveStartKey(from).consistentRead(true));
                r.items().forEach(i -> keys.add(i.get("pk").s()));
                start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            } while (start != null);
        }
        return keys;
    }
}
