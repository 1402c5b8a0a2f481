package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.memory.MemoryStorage;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/**
 * On a storage engine without snapshots (Cassandra, so far: {@code StorageEngine.snapshots()} is
 * false) backups and point-in-time recovery are refused with a 4xx in Basalt's words, never a 500,
 * and continuous backups describe themselves as DISABLED.
 */
class NoSnapshotEngineTest {
    /** The memory store, but reporting no snapshots and the name "cassandra". */
    private static StorageEngine withoutSnapshots(MemoryStorage memory) {
        return (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(), new Class<?>[] {StorageEngine.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "snapshots" -> false;
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

    @Test
    void backupsAndPointInTimeRecoveryAreRefusedCleanly() throws Exception {
        Engine engine = new Engine(withoutSnapshots(new MemoryStorage()));
        try {
            RequestDispatcher d = new RequestDispatcher(new OperationRegistry(engine));
            SerializationMessagesTest.call(d, "CreateTable", "{\"TableName\":\"plain\",\"BillingMode\":\"PAY_PER_REQUEST\","
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                    + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}");
            String backup = SerializationMessagesTest.call(d, "CreateBackup", "{\"TableName\":\"plain\",\"BackupName\":\"b01\"}");
            assertTrue(backup.contains("#ValidationException\"")
                    && backup.contains("\"On-demand backups are not supported on the Cassandra storage engine yet\""), backup);
            String update = SerializationMessagesTest.call(d, "UpdateContinuousBackups",
                    "{\"TableName\":\"plain\",\"PointInTimeRecoverySpecification\":{\"PointInTimeRecoveryEnabled\":true}}");
            assertTrue(update.contains("#ContinuousBackupsUnavailableException\"")
                    && update.contains("\"Backups are not available on the cassandra storage engine yet\""), update);
            String describe = SerializationMessagesTest.call(d, "DescribeContinuousBackups", "{\"TableName\":\"plain\"}");
            assertTrue(describe.contains("\"ContinuousBackupsStatus\":\"DISABLED\"")
                    && describe.contains("\"PointInTimeRecoveryStatus\":\"DISABLED\""), describe);
        } finally {
            engine.close();
        }
    }
}
