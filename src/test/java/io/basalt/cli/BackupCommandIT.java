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

/** The offline round trip: basalt backup, backup verify (also of a damaged copy), restore, and the refusal of a non-empty target. */
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
}
