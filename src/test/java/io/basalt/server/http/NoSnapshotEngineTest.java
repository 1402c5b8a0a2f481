package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.memory.MemoryStorage;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * On a storage engine without snapshots (Cassandra: {@code StorageEngine.snapshots()} is false)
 * on-demand backups are made from the item history (ContinuousBackups.itemsNow), so they hold the
 * table as it was and restore as on the other engines; point-in-time recovery works as there.
 */
class NoSnapshotEngineTest {
    /** The memory store, but reporting no snapshots and the name "cassandra". */
    private static StorageEngine withoutSnapshots(MemoryStorage memory) {
        return (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(), new Class<?>[] {StorageEngine.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "snapshots" -> false;
                    case "snapshot" -> throw new UnsupportedOperationException("no snapshots");
                    case "name" -> "cassandra";
                    default -> {
                        try {
                            yield method.invoke(memory, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });
    }

    private static String put(RequestDispatcher d, String table, String pk, String v) throws Exception {
        return SerializationMessagesTest.call(d, "PutItem", "{\"TableName\":\"" + table + "\",\"Item\":{\"pk\":{\"S\":\"" + pk
                + "\"},\"v\":{\"S\":\"" + v + "\"}}}");
    }

    private static String scan(RequestDispatcher d, String table) throws Exception {
        return SerializationMessagesTest.call(d, "Scan", "{\"TableName\":\"" + table + "\",\"ConsistentRead\":true}");
    }

    @Test
    void backupsComeFromTheItemHistoryAndHoldTheTableAsItWas() throws Exception {
        Engine engine = new Engine(withoutSnapshots(new MemoryStorage()));
        try {
            RequestDispatcher d = new RequestDispatcher(new OperationRegistry(engine));
            SerializationMessagesTest.call(d, "CreateTable", "{\"TableName\":\"plain\",\"BillingMode\":\"PAY_PER_REQUEST\","
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                    + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}");
            for (int i = 0; i < 5; i++) put(d, "plain", "k" + i, "before");
            String backup = SerializationMessagesTest.call(d, "CreateBackup", "{\"TableName\":\"plain\",\"BackupName\":\"b01\"}");
            assertTrue(backup.contains("\"BackupStatus\":\"CREATING\""), backup); // as the service answers; complete already
            Matcher arn = Pattern.compile("\"BackupArn\":\"([^\"]+)\"").matcher(backup);
            assertTrue(arn.find(), backup);
            assertEquals(0, engine.continuousBackups().historyEntries(
                    engine.catalog().all().get(0).definition().id()), "the backup's history is dropped after it");
            put(d, "plain", "k0", "after");
            put(d, "plain", "k9", "after");
            String restored = SerializationMessagesTest.call(d, "RestoreTableFromBackup",
                    "{\"TargetTableName\":\"copy\",\"BackupArn\":\"" + arn.group(1) + "\"}");
            assertTrue(restored.contains("\"TableName\":\"copy\""), restored);
            String copy = scan(d, "copy");
            assertTrue(copy.contains("\"Count\":5") && !copy.contains("after"), copy);

            String update = SerializationMessagesTest.call(d, "UpdateContinuousBackups",
                    "{\"TableName\":\"plain\",\"PointInTimeRecoverySpecification\":{\"PointInTimeRecoveryEnabled\":true}}");
            assertTrue(update.contains("\"ContinuousBackupsStatus\":\"ENABLED\"")
                    && update.contains("\"PointInTimeRecoveryStatus\":\"ENABLED\""), update);
            // with recovery on, a backup reads the history at the latest time
            String second = SerializationMessagesTest.call(d, "CreateBackup", "{\"TableName\":\"plain\",\"BackupName\":\"b02\"}");
            assertTrue(second.contains("\"BackupSizeBytes\""), second);
            Matcher arn2 = Pattern.compile("\"BackupArn\":\"([^\"]+)\"").matcher(second);
            assertTrue(arn2.find(), second);
            SerializationMessagesTest.call(d, "RestoreTableFromBackup", "{\"TargetTableName\":\"copy2\",\"BackupArn\":\"" + arn2.group(1) + "\"}");
            String copy2 = scan(d, "copy2");
            assertTrue(copy2.contains("\"Count\":6") && copy2.contains("after"), copy2);
        } finally {
            engine.close();
        }
    }
}
