package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReplicationGroupUpdate;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Changes acknowledged in one replica but not yet carried to the others when the server stops
 * (killed, or its replication stopped) are carried when it starts again: each write leaves a pending
 * mark in its own batch, removed once every replica has it (docs/global-tables.md).
 */
class ReplicationRecoveryIT {

    private static int count(DynamoDbClient client) {
        return client.scan(b -> b.tableName("orders").select(Select.COUNT).consistentRead(true)).count();
    }

    @Test
    void changesLeftUnappliedAreReplicatedAtTheNextStart() throws Exception {
        Path data = Files.createTempDirectory("basalt-replication-recovery");
        BasaltConfig config = ServerTestBase.restartable(getClass(), data);
        try (Basalt first = Basalt.start(config);
             DynamoDbClient east = RegionsIT.client(first.endpoint(), Region.US_EAST_1);
             DynamoDbClient west = RegionsIT.client(first.endpoint(), Region.US_WEST_2)) {
            east.createTable(b -> b.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
            east.updateTable(b -> b.tableName("orders").replicaUpdates(ReplicationGroupUpdate.builder()
                    .create(c -> c.regionName("us-west-2")).build()));
            east.putItem(b -> b.tableName("orders").item(item("pk", "before")));
            Eventually.await(Duration.ofSeconds(30), "the first write replicated", () -> count(west) == 1);
            // replication stops, as in a server killed right after acknowledging these writes
            first.engine().replicator().close();
            for (int i = 0; i < 40; i++) {
                int n = i;
                east.putItem(b -> b.tableName("orders").item(item("pk", "p" + n, "v", "east")));
            }
            west.putItem(b -> b.tableName("orders").item(item("pk", "w", "v", "west")));
            east.deleteItem(b -> b.tableName("orders").key(item("pk", "before")));
            assertEquals(40, count(east));
            assertEquals(2, count(west), "nothing replicated while replication is stopped");
        }
        try (Basalt second = Basalt.start(config);
             DynamoDbClient east = RegionsIT.client(second.endpoint(), Region.US_EAST_1);
             DynamoDbClient west = RegionsIT.client(second.endpoint(), Region.US_WEST_2)) {
            Eventually.await(Duration.ofSeconds(60), "the marked changes replicated after the restart",
                    () -> count(west) == 41 && count(east) == 41);
            assertTrue(second.engine().replicator().awaitIdle(10_000));
            assertEquals("east", west.getItem(b -> b.tableName("orders").key(item("pk", "p39")).consistentRead(true)).item().get("v").s());
            assertEquals("west", east.getItem(b -> b.tableName("orders").key(item("pk", "w")).consistentRead(true)).item().get("v").s());
            assertTrue(west.getItem(b -> b.tableName("orders").key(item("pk", "before")).consistentRead(true)).item().isEmpty(),
                    "the delete replicated too");
        }
    }
}
