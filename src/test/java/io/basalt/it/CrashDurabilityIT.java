package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Acknowledged writes survive kill -9: a server process takes a concurrent write load (puts of new
 * items and conditional counter increments), is killed with SIGKILL, restarted on the same data
 * directory, and every acknowledged write must be there, with no partial state. Three rounds.
 */
class CrashDurabilityIT {
    private static final int WRITERS = 8;
    private static final int COUNTERS = 4;

    @Test
    void acknowledgedWritesSurviveKill9() throws Exception {
        Path dir = Files.createTempDirectory("basalt-crash");
        // on Cassandra a restart is another process on the same keyspace
        String[] engine = getClass().isAnnotationPresent(OnCassandra.class) ? CassandraForTests.serveOptions(getClass()) : new String[0];
        Set<String> acked = ConcurrentHashMap.newKeySet();
        Map<String, Long> counterFloor = new ConcurrentHashMap<>();   // highest acknowledged value
        Map<String, Long> counterCeiling = new ConcurrentHashMap<>(); // highest attempted value
        AtomicLong seq = new AtomicLong();

        try (ServerProcess first = ServerProcess.start(dir, engine); DynamoDbClient c = ServerTestBase.client(first.endpoint())) {
            c.createTable(b -> b.tableName("crash")
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            first.kill9();
        }

        for (int round = 0; round < 3; round++) {
            try (ServerProcess server = ServerProcess.start(dir, engine); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
                verify(c, acked, counterFloor, counterCeiling);
                AtomicBoolean stop = new AtomicBoolean();
                java.util.concurrent.atomic.AtomicInteger written = new java.util.concurrent.atomic.AtomicInteger();
                ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    pool.execute(() -> {
                        while (!stop.get()) {
                            try {
                                if (writer % 2 == 0) {
                                    String id = "item-" + seq.incrementAndGet();
                                    c.putItem(b -> b.tableName("crash").item(Map.of(
                                            "pk", AttributeValue.fromS(id),
                                            "payload", AttributeValue.fromS("x".repeat(200)),
                                            "check", AttributeValue.fromS(id))));
                                    acked.add(id);
                                    written.incrementAndGet();
                                } else {
                                    String counter = "counter-" + (writer % COUNTERS);
                                    synchronized (counterCeiling) {
                                        counterCeiling.merge(counter, 1L, Long::sum);
                                    }
                                    var r = c.updateItem(b -> b.tableName("crash")
                                            .key(Map.of("pk", AttributeValue.fromS(counter)))
                                            .updateExpression("ADD n :one")
                                            .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                                            .returnValues("UPDATED_NEW"));
                                    long v = Long.parseLong(r.attributes().get("n").n());
                                    counterFloor.merge(counter, v, Math::max);
                                    written.incrementAndGet();
                                }
                            } catch (RuntimeException e) {
                                if (!stop.get()) throw e;
                                return; // the server is gone: this write is unacknowledged
                            }
                        }
                    });
                }
                // kill in the middle of a steady flow of writes (a count, not a time: the same on a slow machine)
                Eventually.await(java.time.Duration.ofMinutes(2), "1,000 acknowledged writes", () -> written.get() >= 1000);
                stop.set(true);
                server.kill9();
                pool.shutdownNow();
                assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
            }
        }
        try (ServerProcess server = ServerProcess.start(dir, engine); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            verify(c, acked, counterFloor, counterCeiling);
            assertTrue(acked.size() > 50, "too few writes to mean anything: " + acked.size());
        }
    }

    private static void verify(DynamoDbClient c, Set<String> acked, Map<String, Long> floor, Map<String, Long> ceiling) {
        for (String id : acked) {
            GetItemResponse r = c.getItem(b -> b.tableName("crash").key(Map.of("pk", AttributeValue.fromS(id))).consistentRead(true));
            assertTrue(r.hasItem() && !r.item().isEmpty(), "acknowledged item lost: " + id);
            assertEquals(id, r.item().get("check").s(), "partial item " + id);
            assertEquals(200, r.item().get("payload").s().length(), "partial item " + id);
        }
        for (Map.Entry<String, Long> e : floor.entrySet()) {
            GetItemResponse r = c.getItem(b -> b.tableName("crash").key(Map.of("pk", AttributeValue.fromS(e.getKey()))).consistentRead(true));
            assertNotNull(r.item().get("n"), "counter lost: " + e.getKey());
            long v = Long.parseLong(r.item().get("n").n());
            assertTrue(v >= e.getValue(), e.getKey() + " went back: " + v + " < acknowledged " + e.getValue());
            assertTrue(v <= ceiling.get(e.getKey()), e.getKey() + " has more increments than were sent");
            // later increments continue from the recovered value
            floor.put(e.getKey(), v);
            ceiling.put(e.getKey(), v);
        }
    }
}
