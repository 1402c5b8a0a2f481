package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.memory.MemoryStorage;
import io.basalt.storage.rocksdb.RocksStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The life cycle of an instance: closing while 32 clients write (50 times in a row, on disk: no
 * hang, no crash, no acknowledged write lost), a closed store refusing calls clearly, and deleted
 * tables leaving nothing behind in memory.
 */
class LifecycleIT {
    private static void deleteTree(Path dir) throws Exception {
        ServerTestBase.deleteTree(dir);
    }

    private static DynamoDbClient client(java.net.URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(software.amazon.awssdk.regions.Region.US_EAST_1)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.builder()
                        .socketTimeout(java.time.Duration.ofSeconds(5)).connectionTimeout(java.time.Duration.ofSeconds(5)).build())
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    private boolean onCassandra() {
        return getClass().isAnnotationPresent(OnCassandra.class);
    }

    /** The stores {@link #aClosedStoreRefusesCallsClearly} closes: the embedded ones, or the Cassandra one. */
    private List<StorageEngine> stores(Path dir) {
        if (onCassandra()) return List.of(io.basalt.storage.cassandra.CassandraStorage.open(CassandraForTests.settings(getClass())));
        return List.of(new MemoryStorage(), RocksStorage.open(dir, 8L << 20));
    }

    @Test
    void closingWhile32ClientsWriteLosesNothingFiftyTimesInARow() throws Exception {
        Path dir = Files.createTempDirectory("basalt-close");
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        // on Cassandra each round is a new node on the same keyspace; 10 rounds (a node's start takes seconds there)
        BasaltConfig store = ServerTestBase.restartable(getClass(), dir);
        try {
            for (int round = 0; round < (onCassandra() ? 10 : 50); round++) {
                long started = System.nanoTime();
                Basalt server = Basalt.start(store.withWorkerThreads(16));
                try (DynamoDbClient ddb = ServerTestBase.client(server.endpoint())) {
                    if (round == 0) Sdk.createHashTable(ddb, "Close");
                    // everything acknowledged before the last close is there
                    for (String key : acknowledged) {
                        assertTrue(ddb.getItem(b -> b.tableName("Close").key(Map.of("pk", AttributeValue.fromS(key))))
                                .hasItem(), "acknowledged write lost: " + key);
                    }
                    acknowledged.clear();
                    AtomicBoolean go = new AtomicBoolean(true);
                    List<Thread> writers = new ArrayList<>();
                    int r = round;
                    for (int t = 0; t < 32; t++) {
                        int thread = t;
                        writers.add(Thread.ofPlatform().start(() -> {
                            // a connection made while the server closes may be left unanswered by the kernel: 5 s, not 30
                            try (DynamoDbClient c = client(server.endpoint())) {
                                for (int i = 0; go.get(); i++) {
                                    String key = r + "-" + thread + "-" + i;
                                    try {
                                        c.putItem(b -> b.tableName("Close").item(Map.of("pk", AttributeValue.fromS(key))));
                                        acknowledged.add(key);
                                    } catch (RuntimeException refusedOrCut) {
                                        // the server is going away: not acknowledged, nothing to check
                                    }
                                }
                            }
                        }));
                    }
                    Thread.sleep(150); // let the writers get going (this is load, not synchronisation)
                    long closing = System.nanoTime();
                    server.close();
                    long closed = System.nanoTime();
                    go.set(false);
                    for (Thread w : writers) {
                        w.join(TimeUnit.SECONDS.toMillis(60));
                        assertTrue(!w.isAlive(), "a writer hung after close");
                    }
                    System.out.printf("round %d: close %d ms, writers done %d ms after, %d acknowledged%n", round,
                            (closed - closing) / 1_000_000, (System.nanoTime() - closed) / 1_000_000, acknowledged.size());
                } finally {
                    server.close(); // idempotent
                }
                assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(30), "round " + round + " took too long");
            }
            // the last round's writes survive too
            try (Basalt last = Basalt.start(store); DynamoDbClient ddb = ServerTestBase.client(last.endpoint())) {
                for (String key : acknowledged) {
                    assertTrue(ddb.getItem(b -> b.tableName("Close").key(Map.of("pk", AttributeValue.fromS(key)))).hasItem(), key);
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    @Test
    void aClosedStoreRefusesCallsClearly() throws Exception {
        Path dir = Files.createTempDirectory("basalt-closed");
        try {
            for (StorageEngine store : stores(dir)) {
                store.close();
                store.close(); // idempotent
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> store.get(Space.ITEMS, new byte[] {1}));
                assertEquals("The store is closed", e.getMessage(), store.name());
                assertThrows(IllegalStateException.class, () -> store.scan(Space.ITEMS, null, null, false), store.name());
                assertThrows(IllegalStateException.class, () -> store.commit(new io.basalt.storage.WriteBatch()
                        .put(Space.ITEMS, new byte[] {1}, new byte[] {2}, io.basalt.storage.Mutation.EXPECT_ANY)), store.name());
            }
        } finally {
            deleteTree(dir);
        }
    }

    @Test
    void deletedTablesLeaveNothingBehindInMemory() {
        try (Basalt server = Basalt.start(ServerTestBase.config(getClass())); DynamoDbClient ddb = ServerTestBase.client(server.endpoint())) {
            int indexes = -1, streams = -1, ttl = -1;
            for (int i = 0; i < 40; i++) {
                String name = "Gone" + i;
                ddb.createTable(b -> b.tableName(name).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("alt").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                        .localSecondaryIndexes(l -> l.indexName("ByAlt").projection(p -> p.projectionType(ProjectionType.ALL))
                                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("alt").keyType(KeyType.RANGE)))
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
                ddb.updateTimeToLive(b -> b.tableName(name).timeToLiveSpecification(t -> t.attributeName("expires").enabled(true)));
                server.engine().ttl().sweepNow();
                for (int j = 0; j < 5; j++) {
                    int n = j;
                    ddb.putItem(b -> b.tableName(name).item(Map.of("pk", AttributeValue.fromS("p" + n), "sk", AttributeValue.fromS("s"),
                            "alt", AttributeValue.fromS("a"))));
                }
                ddb.deleteTable(b -> b.tableName(name));
                if (i == 4) { // after a few: what a deleted table may leave is measured, then must not grow
                    indexes = server.engine().indexes().heldEntries();
                    streams = server.engine().streams().heldEntries();
                    ttl = server.engine().ttl().trackedEntries();
                }
            }
            assertEquals(indexes, server.engine().indexes().heldEntries(), "index counters of deleted tables");
            assertEquals(streams, server.engine().streams().heldEntries(), "stream state of deleted tables");
            assertEquals(0, server.engine().streams().heldEntries(), "nothing at all is held for deleted streams");
            assertEquals(ttl, server.engine().ttl().trackedEntries(), "TTL state of deleted tables");
            assertEquals(0, server.engine().ttl().trackedEntries());
        }
    }
}
