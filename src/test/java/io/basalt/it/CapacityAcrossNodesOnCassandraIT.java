package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.capacity.CapacityMode;
import io.basalt.storage.cassandra.CassandraSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Capacity of a table shared by two Basalt nodes on one keyspace (docs/scale-out.md): with
 * {@code --capacity enforce}, both nodes writing a 50-WCU table admit together what one node admits
 * alone, not twice, and refuse the rest with ProvisionedThroughputExceededException. Real clocks
 * (the shared budgets refill by wall-clock time); the burst is shortened to 2 s so the window is short.
 */
@OnCassandra(extended = true)
class CapacityAcrossNodesOnCassandraIT {
    private static final double BURST_SECONDS = 2;
    private static final long WINDOW_MILLIS = 10_000;
    private static final int WCU = 50;
    /** Items of about 3.9 KB: 4 write units each, so two writer threads exceed 50 WCU even on a slow store. */
    private static final String PAYLOAD = "x".repeat(3900);
    private static final int UNITS_PER_PUT = 4;
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        CassandraSettings settings = CassandraForTests.settings(CapacityAcrossNodesOnCassandraIT.class);
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings)
                .withCapacity(CapacityMode.ENFORCE);
        nodeA = Basalt.start(config);
        nodeB = Basalt.start(config);
        for (Basalt n : new Basalt[] {nodeA, nodeB}) {
            n.engine().capacity().settings(n.engine().capacity().settings().withBurstSeconds(BURST_SECONDS));
        }
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    private static void provisioned(String name) {
        a.createTable(t -> t.tableName(name).billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits((long) WCU))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    /** Result of a window of writes: admitted per client, refusals, the first refusal. */
    private record Load(long[] admitted, long refused, ProvisionedThroughputExceededException first) {
        long total() {
            long t = 0;
            for (long x : admitted) t += x;
            return t;
        }
    }

    /** Two writer threads per client put items of 4 units into {@code table} for the window. */
    private static Load hammer(String table, List<DynamoDbClient> clients) throws InterruptedException {
        long[] admitted = new long[clients.size()];
        AtomicLong refused = new AtomicLong();
        AtomicReference<ProvisionedThroughputExceededException> first = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        long end = System.currentTimeMillis() + WINDOW_MILLIS;
        AtomicLong[] counts = new AtomicLong[clients.size()];
        for (int c = 0; c < clients.size(); c++) {
            counts[c] = new AtomicLong();
            for (int w = 0; w < 2; w++) {
                DynamoDbClient client = clients.get(c);
                AtomicLong count = counts[c];
                String prefix = c + "-" + w + "-";
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; System.currentTimeMillis() < end; i++) {
                        String pk = prefix + (i % 20);
                        try {
                            client.putItem(p -> p.tableName(table).item(item("pk", pk, "d", PAYLOAD)));
                            count.incrementAndGet();
                        } catch (ProvisionedThroughputExceededException e) {
                            refused.incrementAndGet();
                            first.compareAndSet(null, e);
                            try {
                                Thread.sleep(5); // a refused client backs off a little (keeps the machine usable)
                            } catch (InterruptedException stop) {
                                return;
                            }
                        }
                    }
                }));
            }
        }
        for (Thread t : threads) t.join();
        for (int c = 0; c < clients.size(); c++) admitted[c] = counts[c].get();
        return new Load(admitted, refused.get(), first.get());
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    void twoNodesTogetherAdmitWhatOneNodeAdmits() throws Exception {
        provisioned("cap_one");
        provisioned("cap_two");
        Load one = hammer("cap_one", List.of(a));
        Load two = hammer("cap_two", List.of(a, b));
        double expected = WCU * (WINDOW_MILLIS / 1000.0 + BURST_SECONDS) / UNITS_PER_PUT;
        String figures = "one node " + one.total() + " (" + one.refused() + " refused), two nodes " + two.admitted()[0] + " + "
                + two.admitted()[1] + " (" + two.refused() + " refused), the table's rate and burst allow " + expected + " puts";
        System.out.println("CapacityAcrossNodes: " + figures);
        assertTrue(one.refused() > 0 && two.refused() > 0, "the load exceeds the table's throughput: " + figures);
        assertEquals(expected, one.total(), expected * 0.2, figures);
        assertEquals(one.total(), two.total(), one.total() * 0.2, "not twice: " + figures);
        assertTrue(two.admitted()[0] > 0 && two.admitted()[1] > 0, figures);
        ProvisionedThroughputExceededException e = two.first();
        assertEquals("The level of configured provisioned throughput for the table was exceeded. "
                + "Consider increasing your provisioning level with the UpdateTable API.", e.awsErrorDetails().errorMessage());
        assertEquals("TableWriteProvisionedThroughputExceeded", e.throttlingReasons().get(0).reason());
    }
}
