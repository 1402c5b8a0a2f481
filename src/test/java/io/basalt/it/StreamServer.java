package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.engine.ManualClock;
import io.basalt.engine.TimeSettings;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * An in-memory Basalt with its own time settings (shard rollover, status delays) on a manual clock
 * (rollovers and status changes happen when the test advances it) and the two SDK clients a
 * streams test needs; plus the random change workload the change-log tests share.
 */
final class StreamServer implements AutoCloseable {
    final ManualClock clock = new ManualClock();
    final Basalt server;
    final DynamoDbClient ddb;
    final DynamoDbStreamsClient streams;

    StreamServer(TimeSettings times) {
        this(times, StreamServer.class);
    }

    /** On the engine {@code testClass} asks for ({@link OnCassandra} or in memory). */
    StreamServer(TimeSettings times, Class<?> testClass) {
        server = Basalt.start(ServerTestBase.config(testClass).withTimes(times).withClock(clock));
        ddb = ServerTestBase.client(server.endpoint());
        streams = StreamLog.client(server.endpoint());
    }

    @Override
    public void close() {
        streams.close();
        ddb.close();
        server.close();
    }

    /** One random put, ADD update or delete of one of {@code keys} keys ("k0", "k1", ...). */
    static void randomChange(DynamoDbClient c, String table, int keys) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        String key = "k" + r.nextInt(keys);
        switch (r.nextInt(3)) {
            case 0 -> c.putItem(b -> b.tableName(table).item(item("pk", key, "v", n(Integer.toString(r.nextInt(1000))))));
            case 1 -> c.updateItem(b -> b.tableName(table).key(item("pk", key)).updateExpression("ADD c :one")
                    .expressionAttributeValues(Map.of(":one", n("1"))));
            default -> c.deleteItem(b -> b.tableName(table).key(item("pk", key)));
        }
    }

    /** The change-log workload: 10,000 random changes of 100 keys from 4 threads. */
    static void tenThousandChanges(DynamoDbClient c, String table) throws InterruptedException {
        tenThousandChanges(c, table, () -> {});
    }

    /**
     * The same workload, running {@code meanwhile} at once and then every second until the writers
     * are done (e.g. a shard rollover, so rollovers race with writes).
     */
    static void tenThousandChanges(DynamoDbClient c, String table, Runnable meanwhile) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            pool.execute(() -> {
                for (int i = 0; i < 2500; i++) randomChange(c, table, 100);
            });
        }
        pool.shutdown();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        do {
            meanwhile.run();
            assertTrue(System.nanoTime() < deadline, "10,000 changes within 5 minutes");
        } while (!pool.awaitTermination(1, TimeUnit.SECONDS));
    }

    /** Moves the clock past the rollover interval and rolls the shards over (as the sweeper would). */
    void rollOver(long rolloverMillis) {
        clock.advanceMillis(rolloverMillis);
        server.engine().ttl().trimStreams();
    }
}
