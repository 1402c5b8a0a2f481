package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.engine.capacity.CapacityMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Two instances in one JVM at once, one in memory and one on disk, with different settings, under
 * concurrent load: each answers by its own settings and sees only its own data. Configuration
 * belongs to the instance, never to the JVM.
 */
class TwoInstancesIT {
    private static void createTable(DynamoDbClient ddb, String name) {
        ddb.createTable(b -> b.tableName(name)
                .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("alt").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .localSecondaryIndexes(l -> l.indexName("ByAlt").projection(p -> p.projectionType(ProjectionType.ALL))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("alt").keyType(KeyType.RANGE))));
    }

    /**
     * Puts from 8 threads for at least 3 s and at least 50 puts per thread (a loaded machine gets
     * more time, up to 60 s); returns {acknowledged, throttled}.
     */
    private static int[] load(DynamoDbClient ddb, String table, String prefix) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        AtomicInteger ok = new AtomicInteger(), throttled = new AtomicInteger();
        long until = System.nanoTime() + 3_000_000_000L, deadline = System.nanoTime() + 60_000_000_000L;
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; (System.nanoTime() < until || i < 50) && System.nanoTime() < deadline; i++) {
                        String key = prefix + thread + "-" + i;
                        try {
                            ddb.putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS(key),
                                    "sk", AttributeValue.fromS("s"), "alt", AttributeValue.fromS("a"))));
                            ok.incrementAndGet();
                            ddb.getItem(b -> b.tableName(table).key(Map.of("pk", AttributeValue.fromS(key), "sk", AttributeValue.fromS("s"))));
                        } catch (ProvisionedThroughputExceededException e) {
                            throttled.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdown();
        }
        return new int[] {ok.get(), throttled.get()};
    }

    private static int count(DynamoDbClient ddb, String table) {
        int n = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var r = ddb.scan(b -> b.tableName(table).select(Select.COUNT).exclusiveStartKey(from));
            n += r.count();
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return n;
    }

    @Test
    void twoInstancesServeAtOnceEachByItsOwnSettings() throws Exception {
        Path dir = Files.createTempDirectory("basalt-two");
        BasaltConfig memory = BasaltConfig.inMemoryOnFreePort().toBuilder()
                .capacity(CapacityMode.ENFORCE).largeReadSlots(1).inlineReads(false).itemCollectionLimitBytes(20_000).build();
        BasaltConfig disk = BasaltConfig.onDiskOnFreePort(dir).toBuilder().host("127.0.0.2")
                .capacity(CapacityMode.REPORT).groupCommit(false).inlineDiskReads(false).streamRetentionSeconds(3600).build();
        try (Basalt a = Basalt.start(memory); Basalt b = Basalt.start(disk);
             DynamoDbClient ca = ServerTestBase.client(a.endpoint()); DynamoDbClient cb = ServerTestBase.client(b.endpoint())) {
            // each reports where it listens
            assertEquals("http://127.0.0.1:" + a.port(), a.endpoint().toString());
            assertEquals("http://127.0.0.2:" + b.port(), b.endpoint().toString());
            assertEquals(1, a.engine().largeReads().slots());
            assertTrue(b.engine().largeReads().slots() >= 4);

            createTable(ca, "Two");
            createTable(cb, "Two");
            ca.createTable(t -> t.tableName("OnlyA").billingMode("PAY_PER_REQUEST")
                    .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));

            // both under load at the same time
            ExecutorService both = Executors.newFixedThreadPool(2);
            Future<int[]> fa = both.submit(() -> load(ca, "Two", "a"));
            Future<int[]> fb = both.submit(() -> load(cb, "Two", "b"));
            int[] ra = fa.get(), rb = fb.get();
            both.shutdown();

            assertTrue(ra[1] > 0, "the enforcing instance throttles 1 WCU past its burst: " + ra[0] + " ok, " + ra[1] + " throttled");
            assertEquals(0, rb[1], "the reporting instance never throttles");
            assertTrue(rb[0] >= 400, "the reporting instance took the load: " + rb[0]);
            assertEquals(ra[0], count(ca, "Two"), "every acknowledged write, and only those, on the memory instance");
            assertEquals(rb[0], count(cb, "Two"), "every acknowledged write, and only those, on the disk instance");

            // data stays with its instance
            assertTrue(ca.listTables().tableNames().contains("OnlyA"));
            assertFalse(cb.listTables().tableNames().contains("OnlyA"));

            // the small item-collection limit is the memory instance's alone
            String pad = "x".repeat(4000); // with its LSI entry, each item counts twice: 2 fit in 20,000 bytes, 3 do not
            ca.updateTable(u -> u.tableName("Two").provisionedThroughput(p -> p.readCapacityUnits(1000L).writeCapacityUnits(1000L)));
            for (DynamoDbClient c : List.of(ca, cb)) {
                for (int i = 0; i < 2; i++) {
                    int n = i;
                    c.putItem(p -> p.tableName("Two").item(Map.of("pk", AttributeValue.fromS("big"), "sk", AttributeValue.fromS("s" + n),
                            "alt", AttributeValue.fromS("a"), "pad", AttributeValue.fromS(pad))));
                }
            }
            Sdk.fails(ItemCollectionSizeLimitExceededException.class, "ItemCollectionSizeLimitExceededException",
                    "Item collection size limit exceeded", () -> ca.putItem(p -> p.tableName("Two").item(Map.of(
                            "pk", AttributeValue.fromS("big"), "sk", AttributeValue.fromS("s9"), "alt", AttributeValue.fromS("a"),
                            "pad", AttributeValue.fromS(pad)))));
            cb.putItem(p -> p.tableName("Two").item(Map.of("pk", AttributeValue.fromS("big"), "sk", AttributeValue.fromS("s9"),
                    "alt", AttributeValue.fromS("a"), "pad", AttributeValue.fromS(pad))));
        } finally {
            ServerTestBase.deleteTree(dir);
        }
    }
}
