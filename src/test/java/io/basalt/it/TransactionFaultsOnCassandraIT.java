package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.cli.CassandraCluster;
import io.basalt.compat.Covers;
import io.basalt.storage.cassandra.CassandraSettings;
import io.basalt.storage.cassandra.CassandraStorage;
import io.basalt.storage.cassandra.ChangeLogSettings;
import io.basalt.storage.cassandra.TransactionSettings;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Transactions under faults (BASALT_CASSANDRA_FAULTS=1, about 5 minutes, ~4 GB): a 3-node cluster
 * (replication 3) in target/cassandra-faults and two Basalt server processes; bank transfers through
 * both while one Cassandra node is killed with kill -9 and restarted and one Basalt process is
 * killed with kill -9 mid-transfer and started again. Each transfer records itself in the same
 * transaction ({@link Bank}), so the transfers that took effect can be listed afterwards, those
 * whose outcome the client could not know included. Afterwards: every
 * acknowledged transfer is there, the balances are exactly the initial ones plus the transfers
 * present (none half applied), the total never changed (TransactGetItems snapshots during the run
 * too), and no transaction record or prepare mark is left.
 */
class TransactionFaultsOnCassandraIT {
    private static final int WRITERS = 4;
    private static final Bank BANK = new Bank(10, 100);

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void bankTransfersSurviveKilledNodes() throws Exception {
        Assumptions.assumeTrue("1".equals(System.getenv("BASALT_CASSANDRA_FAULTS")),
                "3-node fault test: runs with BASALT_CASSANDRA_FAULTS=1");
        Path dir = Path.of("target", "cassandra-faults");
        CassandraCluster cluster = new CassandraCluster(dir, new PrintStream(System.out, true, StandardCharsets.UTF_8));
        cluster.stop(0);
        ServerTestBase.deleteTree(dir);
        int nativePort = Integer.getInteger("faults.nativePort", 19342);
        cluster.start(3, nativePort, Integer.getInteger("faults.storagePort", 17342));
        String[] serve = {"--storage", "cassandra", "--cassandra-contact-points", cluster.contactPoints(),
                "--cassandra-replication", "3", "--cassandra-keyspace", "faults"};
        Path dataA = Files.createTempDirectory("faults-a"), dataB = Files.createTempDirectory("faults-b");
        AtomicReference<ServerProcess> serverB = new AtomicReference<>();
        try (ServerProcess serverA = ServerProcess.start(dataA, serve); DynamoDbClient a = ServerTestBase.client(serverA.endpoint())) {
            serverB.set(ServerProcess.start(dataB, serve));
            BANK.create(a);
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            AtomicInteger cancelled = new AtomicInteger(), unknown = new AtomicInteger(), snapshots = new AtomicInteger();
            ConcurrentLinkedQueue<String> broken = new ConcurrentLinkedQueue<>();
            AtomicBoolean running = new AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 1);
            List<Future<?>> tasks = new ArrayList<>();
            tasks.add(pool.submit(() -> snapshots(a, running, snapshots, broken)));
            for (int w = 0; w < WRITERS; w++) {
                boolean viaA = w % 2 == 0;
                int writer = w;
                tasks.add(pool.submit(() -> {
                    DynamoDbClient b = null;
                    for (int k = 0; running.get(); k++) {
                        DynamoDbClient via = a;
                        if (!viaA) {
                            ServerProcess current = serverB.get();
                            if (current == null) {
                                sleep(200); // B is down: its writers wait for it
                                continue;
                            }
                            if (b == null) b = ServerTestBase.client(current.endpoint());
                            via = b;
                        }
                        String id = "w" + writer + "-" + k;
                        try {
                            BANK.transfer(via, id, 40);
                            acknowledged.add(id);
                        } catch (TransactionCanceledException e) {
                            cancelled.incrementAndGet();
                        } catch (RuntimeException e) { // 500/503, connection refused or reset: outcome unknown
                            unknown.incrementAndGet();
                            if (!viaA) {
                                if (b != null) b.close();
                                b = null;
                            }
                            sleep(200);
                        }
                    }
                    if (b != null) b.close();
                }));
            }
            // the faults
            sleep(20_000);
            ProcessHandle node3 = ProcessHandle.of(Long.parseLong(Files.readString(dir.resolve("node3").resolve("pid")).trim())).orElseThrow();
            node3.destroyForcibly();
            System.out.println("faults: Cassandra node 3 killed");
            sleep(15_000);
            serverB.getAndSet(null).kill9();
            System.out.println("faults: Basalt B killed");
            cluster.startNode(3);
            System.out.println("faults: Cassandra node 3 restarted");
            serverB.set(ServerProcess.start(dataB, serve));
            System.out.println("faults: Basalt B restarted");
            sleep(20_000);
            running.set(false);
            for (Future<?> f : tasks) f.get();
            pool.shutdown();
            System.out.printf("faults: %d transfers acknowledged, %d cancelled, %d unknown, %d snapshots%n",
                    acknowledged.size(), cancelled.get(), unknown.get(), snapshots.get());
            assertTrue(broken.isEmpty(), () -> "snapshots saw another total: " + broken);

            // abandoned transactions are settled by the nodes within the abandon delay (10 s) and a recovery pass
            CassandraSettings settings = new CassandraSettings(CassandraSettings.parseContactPoints(cluster.contactPoints()),
                    "faults", 3, CassandraSettings.DEFAULT_LOCAL_DC);
            try (CassandraStorage store = CassandraStorage.open(settings, new ChangeLogSettings(false, 0, 0, 1_000),
                    new TransactionSettings(60_000, 0, TransactionSettings.Phase.NONE))) {
                Eventually.await(Duration.ofSeconds(90), "every transaction settled",
                        () -> store.pendingTransactions() == 0 && store.markedRows() == 0);
            }
            int recorded = BANK.verifyLedger(a, acknowledged);
            System.out.printf("faults: %d transfers took effect (%d acknowledged)%n", recorded, acknowledged.size());
        } finally {
            ServerProcess b = serverB.get();
            if (b != null) b.close();
            cluster.stop(0);
        }
    }

    private static void snapshots(DynamoDbClient a, AtomicBoolean running, AtomicInteger count, ConcurrentLinkedQueue<String> broken) {
        while (running.get()) {
            try {
                long total = BANK.audit(a);
                if (total != BANK.total()) broken.add("snapshot total " + total);
                count.incrementAndGet();
            } catch (RuntimeException e) {
                sleep(200); // a snapshot refused or timed out during a fault: the next one
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
