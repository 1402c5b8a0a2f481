package io.basalt.bench;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** Creates the benchmark table (pk S hash, sk N range, on demand) and waits until it is ACTIVE. */
final class TableSetup {
    private TableSetup() {}

    static boolean exists(DynamoDbClient dynamo, String table) {
        try {
            dynamo.describeTable(b -> b.tableName(table));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    static void create(DynamoDbClient dynamo, String table) {
        dynamo.createTable(b -> b.tableName(table)
                .attributeDefinitions(
                        a -> a.attributeName(DataModel.PK).attributeType(ScalarAttributeType.S),
                        a -> a.attributeName(DataModel.SK).attributeType(ScalarAttributeType.N))
                .keySchema(
                        k -> k.attributeName(DataModel.PK).keyType(KeyType.HASH),
                        k -> k.attributeName(DataModel.SK).keyType(KeyType.RANGE))
                .billingMode(BillingMode.PAY_PER_REQUEST));
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            TableStatus status = dynamo.describeTable(b -> b.tableName(table)).table().tableStatus();
            if (status == TableStatus.ACTIVE) return;
            CellRunner.sleepMillis(100);
        }
        throw new IllegalStateException("table " + table + " did not become ACTIVE in 60 s");
    }
}
