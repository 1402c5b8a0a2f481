package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * GetItem and Query on the durable engine with a table three times the block cache: the network
 * threads answer cached items themselves and hand the rest to workers. Cold and warm, both paths
 * must give the same items and the same consumed capacity.
 */
class DiskReadPathsIT {
    private static final int PARTITIONS = 2_400;
    private static final int PER_PARTITION = 10;

    private static Map<String, AttributeValue> item(int p, int s) {
        Map<String, AttributeValue> m = new HashMap<>();
        m.put("pk", AttributeValue.fromS("p" + p));
        m.put("sk", AttributeValue.fromN(Integer.toString(s)));
        m.put("payload", AttributeValue.fromS(("" + (char) ('a' + (p + s) % 26)).repeat(1000)));
        m.put("n", AttributeValue.fromN(Integer.toString(p * 100 + s)));
        return m;
    }

    @Test
    void coldAndWarmReadsAgree() throws Exception {
        Path dir = Files.createTempDirectory("basalt-readpaths");
        try {
            run(dir);
        } finally {
            try (var files = Files.walk(dir)) { // 24 MB of table files: not left behind in /tmp
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private void run(Path dir) throws Exception {
        try (ServerProcess first = ServerProcess.start(dir, "--cache-mb", "8"); DynamoDbClient c = ServerTestBase.client(first.endpoint())) {
            c.createTable(b -> b.tableName("reads").billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("sk").attributeType(ScalarAttributeType.N))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE)));
            List<WriteRequest> batch = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                for (int s = 0; s < PER_PARTITION; s++) {
                    batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item(p, s)).build()).build());
                    if (batch.size() == 25) {
                        List<WriteRequest> send = batch;
                        assertEquals(Map.of(), c.batchWriteItem(b -> b.requestItems(Map.of("reads", send))).unprocessedItems());
                        batch = new ArrayList<>();
                    }
                }
            }
        }
        // restarted: the 24 MB of items are in table files, the 8 MB cache starts empty
        try (ServerProcess server = ServerProcess.start(dir, "--cache-mb", "8"); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            for (int round = 0; round < 3; round++) {
                for (int pp = round; pp < PARTITIONS; pp += 7) {
                    int p = pp;
                    int s = p % PER_PARTITION;
                    GetItemResponse got = c.getItem(b -> b.tableName("reads").key(Map.of("pk", AttributeValue.fromS("p" + p),
                            "sk", AttributeValue.fromN(Integer.toString(s)))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
                    assertEquals(item(p, s), got.item(), "p" + p);
                    assertEquals(0.5, got.consumedCapacity().capacityUnits());
                    int q = (p * 31) % PARTITIONS;
                    QueryResponse page = c.query(b -> b.tableName("reads").keyConditionExpression("pk = :p")
                            .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("p" + q)))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
                    assertEquals(PER_PARTITION, page.count());
                    for (int i = 0; i < PER_PARTITION; i++) assertEquals(item(q, i), page.items().get(i));
                    assertEquals(1.5, page.consumedCapacity().capacityUnits(), "10 items of ~1 KB, eventually consistent");
                }
                GetItemResponse missing = c.getItem(b -> b.tableName("reads").key(Map.of("pk", AttributeValue.fromS("nope"),
                        "sk", AttributeValue.fromN("1"))));
                assertFalse(missing.hasItem());
            }
        }
    }
}
