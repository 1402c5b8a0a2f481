package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.cli.CassandraCluster;
import io.basalt.compat.Covers;
import io.basalt.storage.cassandra.CassandraSettings;
import io.basalt.storage.cassandra.CassandraStorage;
import io.basalt.storage.cassandra.ChangeLogSettings;
import io.basalt.storage.cassandra.TransactionSettings;
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
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Transactions and change-logged writes under faults (BASALT_CASSANDRA_FAULTS=1, about 12 minutes,
 * ~4 GB): a 3-node cluster (replication 3) in target/cassandra-faults and two Basalt server
 * processes; bank transfers and writes to a table with a GSI and a stream ({@link LoggedWrites})
 * through both while Cassandra nodes are killed with kill -9 and restarted, again and again
 * (node 3, then node 2, then node 3 again), one Basalt process is killed with kill -9 mid-write and
 * started again, and two Cassandra nodes are down at once: then writes answer the service's 503 (none
 * of those takes effect, checked afterwards), or 500 when Cassandra cannot tell whether the write
 * landed, while eventually consistent reads go on.
 * Each transfer records itself in the same
 * transaction ({@link Bank}), so the transfers that took effect can be listed afterwards, those
 * whose outcome the client could not know included. Afterwards: every
 * acknowledged transfer is there, the balances are exactly the initial ones plus the transfers
 * present (none half applied), the total never changed (TransactGetItems snapshots during the run
 * too), and no transaction record or prepare mark is left.
 */
class TransactionFaultsOnCassandraIT {
    private static final int WRITERS = 4;
    private static final Bank BANK = new Bank(10, 100);
    /** Writers of the GSI-and-stream workload, one per Basalt process. */
    private static final int LOGGED_WRITERS = 2;

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void bankTransfersSurviveKilledNodes() throws Exception {
        ThreeNodeCluster three = ThreeNodeCluster.start("faults", "faults", 19342, 17342, "3-node fault test");
        Path dir = three.dir();
        CassandraCluster cluster = three.cluster();
        String[] serve = three.serve();
        Path dataA = Files.createTempDirectory("faults-a"), dataB = Files.createTempDirectory("faults-b");
        AtomicReference<ServerProcess> serverB = new AtomicReference<>();
        try (ServerProcess serverA = ServerProcess.start(dataA, serve); DynamoDbClient a = ServerTestBase.client(serverA.endpoint())) {
            serverB.set(ServerProcess.start(dataB, serve));
            BANK.create(a);
            LoggedWrites logged = new LoggedWrites();
            logged.create(a);
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            AtomicInteger cancelled = new AtomicInteger(), unknown = new AtomicInteger(), snapshots = new AtomicInteger();
            ConcurrentLinkedQueue<String> broken = new ConcurrentLinkedQueue<>();
            AtomicBoolean running = new AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS + LOGGED_WRITERS + 1);
            List<Future<?>> tasks = new ArrayList<>();
            tasks.add(pool.submit(() -> snapshots(a, running, snapshots, broken)));
            for (int w = 0; w < LOGGED_WRITERS; w++) {
                boolean viaA = w % 2 == 0;
                int writer = w;
                tasks.add(pool.submit(() -> loggedWrites(a, viaA, serverB, writer, logged, running)));
            }
            for (int w = 0; w < WRITERS; w++) {
                boolean viaA = w % 2 == 0;
                int writer = w;
                tasks.add(pool.submit(() -> {
                    ClientOfB b = new ClientOfB(serverB);
                    for (int k = 0; running.get(); k++) {
                        DynamoDbClient via = viaA ? a : b.get();
                        if (via == null) {
                            sleep(200); // B is down: its writers wait for it
                            continue;
                        }
                        String id = "w" + writer + "-" + k;
                        try {
                            BANK.transfer(via, id, 40);
                            acknowledged.add(id);
                        } catch (TransactionCanceledException e) {
                            cancelled.incrementAndGet();
                        } catch (RuntimeException e) { // 500/503, connection refused or reset: outcome unknown
                            unknown.incrementAndGet();
                            b.close(); // a new connection next time
                            sleep(200);
                        }
                    }
                    b.close();
                }));
            }
            // the faults
            sleep(20_000);
            kill(dir, 3);
            sleep(15_000);
            serverB.getAndSet(null).kill9();
            System.out.println("faults: Basalt B killed");
            restart(cluster, 3);
            serverB.set(ServerProcess.start(dataB, serve));
            System.out.println("faults: Basalt B restarted");
            sleep(20_000);
            // repeated: each node down and back once more
            kill(dir, 2);
            sleep(10_000);
            restart(cluster, 2);
            sleep(10_000);
            kill(dir, 3);
            sleep(10_000);
            restart(cluster, 3);
            sleep(10_000);
            // two nodes down at once: no quorum, every write refused with 503, eventual reads go on
            kill(dir, 2);
            kill(dir, 3);
            long doubleFault = System.nanoTime();
            AtomicInteger probe = new AtomicInteger();
            Eventually.await(Duration.ofSeconds(90), "writes refused with 503 once the nodes are seen down",
                    () -> logged.put(a, "probe-" + probe.incrementAndGet()) == 503);
            System.out.printf("faults: first 503 %.1f s after the double fault%n", (System.nanoTime() - doubleFault) / 1e9);
            List<Integer> answers = new ArrayList<>();
            int eventualReads = 0;
            for (int i = 0; i < 20; i++) {
                answers.add(logged.put(a, "probe-" + probe.incrementAndGet()));
                try {
                    if (a.getItem(b -> b.tableName(Bank.TABLE).key(Sdk.item("pk", "acct0"))).hasItem()) eventualReads++;
                } catch (RuntimeException e) {
                    System.out.println("faults: eventually consistent read failed during the double fault: " + e);
                }
                sleep(250);
            }
            System.out.println("faults: probe writes during the double fault answered " + answers + "; eventual reads " + eventualReads + "/20");
            // 503 says nothing was done (checked by logged.verify); a write whose Paxos round timed out
            // may have been accepted by the one node left, so its outcome is unknown: 500, as the service
            // answers then (logged.verify accepts either outcome for it, with the GSI and stream exact)
            assertTrue(answers.stream().allMatch(code -> code == 503 || code == 500), () -> "every write refused or unknown: " + answers);
            long refused = answers.stream().filter(code -> code == 503).count();
            assertTrue(refused >= 15, () -> "unavailability is answered as such (503) once the nodes are seen down: " + answers);
            int reads = eventualReads;
            assertTrue(reads >= 15, () -> "eventually consistent reads go on with one node: " + reads + "/20");
            restart(cluster, 2);
            restart(cluster, 3);
            sleep(20_000);
            running.set(false);
            for (Future<?> f : tasks) f.get();
            pool.shutdown();
            System.out.printf("faults: %d transfers acknowledged, %d cancelled, %d unknown, %d snapshots%n",
                    acknowledged.size(), cancelled.get(), unknown.get(), snapshots.get());
            System.out.println("faults: logged writes: " + logged.summary());
            assertTrue(broken.isEmpty(), () -> "snapshots saw another total: " + broken);

            // abandoned transactions are settled by the nodes within the abandon delay (10 s) and a recovery pass
            CassandraSettings settings = three.settings();
            try (CassandraStorage store = CassandraStorage.open(settings, new ChangeLogSettings(false, 0, 0, 1_000),
                    new TransactionSettings(60_000, 0, TransactionSettings.Phase.NONE))) {
                try {
                    Eventually.await(Duration.ofSeconds(90), "every transaction settled and every change log applied",
                            () -> store.pendingTransactions() == 0 && store.markedRows() == 0 && store.pendingChangeLogs() == 0);
                } catch (AssertionError e) {
                    List<String> logs = store.describePendingChangeLogs();
                    logs.forEach(line -> System.out.println("faults: change log left: " + line));
                    throw new AssertionError(e.getMessage() + ": left " + store.pendingTransactions() + " transactions, "
                            + store.markedRows() + " marked rows, " + logs.size() + " change logs " + logs, e);
                }
            }
            int recorded = BANK.verifyLedger(a, acknowledged);
            System.out.printf("faults: %d transfers took effect (%d acknowledged)%n", recorded, acknowledged.size());
            try (var streams = ServerTestBase.streamsClient(serverA.endpoint())) {
                int items = logged.verify(a, streams);
                System.out.printf("faults: %d logged items, GSI and stream exact%n", items);
            }
        } finally {
            ServerProcess b = serverB.get();
            if (b != null) b.close();
            cluster.stop(0);
        }
    }

    /** One writer of {@link LoggedWrites}, through A or through B (waiting while B is down). */
    private static void loggedWrites(DynamoDbClient a, boolean viaA, AtomicReference<ServerProcess> serverB, int writer,
                                     LoggedWrites logged, AtomicBoolean running) {
        ClientOfB b = new ClientOfB(serverB);
        for (int k = 0; running.get(); k++) {
            DynamoDbClient via = viaA ? a : b.get();
            if (via == null) {
                sleep(200); // B is down
                continue;
            }
            int before = logged.unknown.get();
            logged.write(via, "l" + writer + "-" + k);
            if (logged.unknown.get() != before) sleep(200);
        }
        b.close();
    }

    /** A client of Basalt process B that follows its restarts: null while B is down. */
    private static final class ClientOfB implements AutoCloseable {
        private final AtomicReference<ServerProcess> server;
        private ServerProcess bound;
        private DynamoDbClient client;

        ClientOfB(AtomicReference<ServerProcess> server) {
            this.server = server;
        }

        DynamoDbClient get() {
            ServerProcess current = server.get();
            if (current == null) return null;
            if (current != bound) {
                close();
                client = ServerTestBase.client(current.endpoint());
                bound = current;
            }
            return client;
        }

        @Override
        public void close() {
            if (client != null) client.close();
            client = null;
            bound = null;
        }
    }

    private static void kill(Path dir, int node) throws Exception {
        ProcessHandle p = ProcessHandle.of(Long.parseLong(Files.readString(dir.resolve("node" + node).resolve("pid")).trim())).orElseThrow();
        p.destroyForcibly();
        p.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        System.out.println("faults: Cassandra node " + node + " killed");
    }

    private static void restart(CassandraCluster cluster, int node) {
        long t = System.nanoTime();
        cluster.startNode(node);
        System.out.printf("faults: Cassandra node %d restarted (%.0f s)%n", node, (System.nanoTime() - t) / 1e9);
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
