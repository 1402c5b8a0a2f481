package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A GSI backfill of 200,000 items interrupted by kill -9 continues from its recorded progress when
 * the server restarts, ends ACTIVE, and the index holds exactly the items it should (items whose
 * key attribute is missing or of the wrong type are skipped, as the service skips them). On
 * Cassandra the restart is another Basalt process on the same keyspace, which takes the backfill
 * over once the killed node's lease runs out; 10,000 items there (every entry is a Paxos round).
 */
class BackfillResumeIT {
    private final boolean onCassandra = getClass().isAnnotationPresent(OnCassandra.class);
    private final int items = onCassandra ? 10_000 : 200_000;

    /** A third of the items lack the index key, a tenth have it as a number (the index wants a string): no entry for them. */
    private static boolean indexed(int i) {
        return i % 3 != 0 && i % 10 != 5;
    }

    private void load(DynamoDbClient ddb) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    List<WriteRequest> batch = new ArrayList<>(25);
                    for (int i = thread; i < items; i += 8) {
                        Map<String, AttributeValue> item = new java.util.HashMap<>();
                        item.put("pk", AttributeValue.fromS("item" + i));
                        if (indexed(i)) item.put("g", AttributeValue.fromS("g" + (i % 97)));
                        else if (i % 3 != 0) item.put("g", AttributeValue.fromN(Integer.toString(i % 97))); // wrong type: skipped
                        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
                        if (batch.size() == 25 || i + 8 >= items) {
                            List<WriteRequest> send = List.copyOf(batch);
                            var r = ddb.batchWriteItem(b -> b.requestItems(Map.of("Fill", send)));
                            assertTrue(!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty());
                            batch.clear();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aKilledBackfillResumesAndTheIndexIsExact() throws Exception {
        Path dir = Files.createTempDirectory("basalt-backfill");
        String[] engine = onCassandra ? CassandraForTests.serveOptions(getClass()) : new String[0];
        try {
            try (ServerProcess first = ServerProcess.start(dir, engine); DynamoDbClient ddb = ServerTestBase.client(first.endpoint())) {
                Sdk.createHashTable(ddb, "Fill");
                load(ddb);
                ddb.updateTable(b -> b.tableName("Fill")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("ByG")
                                .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH), k -> k.attributeName("pk").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))));
                // wait until the backfill has recorded progress, while it is still CREATING
                Eventually.await(Duration.ofSeconds(60), "the backfill under way",
                        () -> first.output().stream().anyMatch(l -> l.contains("Backfill of index ByG on table Fill starts")));
                // some batches done (load, not synchronisation: resuming from any point is the claim); on Cassandra a
                // batch of 64 items is a transaction of Paxos rounds, about half a second on the loaded test machine
                Thread.sleep(onCassandra ? 5_000 : 300);
                IndexStatus before = ddb.describeTable(b -> b.tableName("Fill")).table().globalSecondaryIndexes().get(0).indexStatus();
                first.kill9();
                assertEquals(IndexStatus.CREATING, before, "killed in the middle of the backfill (load the machine less, or add items)");
            }
            try (ServerProcess second = ServerProcess.start(dir, engine); DynamoDbClient ddb = ServerTestBase.client(second.endpoint())) {
                Eventually.await(Duration.ofSeconds(onCassandra ? 300 : 120), "the index ACTIVE after the restart", () -> ddb.describeTable(b -> b.tableName("Fill"))
                        .table().globalSecondaryIndexes().get(0).indexStatus() == IndexStatus.ACTIVE);
                assertTrue(second.output().stream().anyMatch(l -> l.contains("Backfill of index ByG on table Fill continues after its recorded progress")),
                        "resumed from its progress: " + second.output());
                Set<String> expected = new HashSet<>();
                for (int i = 0; i < items; i++) if (indexed(i)) expected.add("item" + i);
                Set<String> seen = new HashSet<>();
                int entries = 0;
                Map<String, AttributeValue> start = null;
                do {
                    Map<String, AttributeValue> from = start;
                    ScanResponse r = ddb.scan(b -> b.tableName("Fill").indexName("ByG").exclusiveStartKey(from));
                    for (Map<String, AttributeValue> item : r.items()) {
                        seen.add(item.get("pk").s());
                        entries++;
                    }
                    start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                } while (start != null);
                assertEquals(expected.size(), entries, "one entry per indexed item, no duplicates");
                assertEquals(expected, seen, "exactly the items that have the index key");
            }
        } finally {
            ServerTestBase.deleteTree(dir);
        }
    }
}
