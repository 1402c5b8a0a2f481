package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The bank: 50 accounts, 8 threads transferring random amounts with TransactWriteItems (the debit
 * conditioned on balance >= amount, each transfer recording itself), concurrent single-item writes
 * to the accounts, and TransactGetItems audits. The total never changes, no balance goes negative,
 * and every acknowledged transfer is applied exactly once — also across a kill -9.
 */
class BankIT {
    private static final Bank BANK = new Bank(50, 1000);

    /** Runs transfers until stopped, adding the acknowledged transfer ids. */
    private static void transfers(DynamoDbClient c, AtomicBoolean stop, Set<String> acked, AtomicLong seq, AtomicLong errors) {
        while (!stop.get()) {
            String id = "tx" + seq.incrementAndGet();
            try {
                BANK.transfer(c, id, 100);
                acked.add(id);
            } catch (TransactionCanceledException e) {
                // insufficient funds or a conflict: nothing was applied
            } catch (RuntimeException e) {
                if (stop.get()) return;
                errors.incrementAndGet();
            }
        }
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void transfersKeepTheBankBalanced() throws Exception {
        try (var server = io.basalt.Basalt.startInMemory(); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            BANK.create(c);
            AtomicBoolean stop = new AtomicBoolean();
            Set<String> acked = ConcurrentHashMap.newKeySet();
            AtomicLong seq = new AtomicLong(), errors = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(10);
            for (int t = 0; t < 8; t++) pool.execute(() -> transfers(c, stop, acked, seq, errors));
            // single-item writes on the same accounts, outside the transactions
            pool.execute(() -> {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                while (!stop.get()) {
                    int a = r.nextInt(50);
                    c.updateItem(b -> b.tableName("bank").key(item("pk", "acct" + a)).updateExpression("SET touched = :t")
                            .expressionAttributeValues(Map.of(":t", n(Long.toString(System.nanoTime())))));
                }
            });
            // a minute by default (the figure); -Dbasalt.bank.seconds=N to shorten a local run
            long end = System.currentTimeMillis() + 1000L * Long.getLong("basalt.bank.seconds", 60);
            while (System.currentTimeMillis() < end) {
                assertEquals(BANK.total(), BANK.audit(c), "audit total"); // audits run back to back: one more concurrent reader
            }
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
            assertEquals(0, errors.get());
            assertTrue(acked.size() > 100, "too few transfers: " + acked.size());
            BANK.verifyLedger(c, acked);
        }
    }

    @Test
    void noTransferIsHalfAppliedAcrossKill9() throws Exception {
        Path dir = Files.createTempDirectory("basalt-bank");
        Set<String> acked = ConcurrentHashMap.newKeySet();
        AtomicLong seq = new AtomicLong(), errors = new AtomicLong();
        try (ServerProcess server = ServerProcess.start(dir); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            BANK.create(c);
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            for (int t = 0; t < 8; t++) pool.execute(() -> transfers(c, stop, acked, seq, errors));
            // kill in the middle of a steady flow of transfers (a count, not a time: the same on a slow machine)
            Eventually.await(java.time.Duration.ofMinutes(2), "200 acknowledged transfers", () -> acked.size() >= 200);
            stop.set(true);
            server.kill9();
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        try (ServerProcess server = ServerProcess.start(dir); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            assertEquals(BANK.total(), BANK.audit(c));
            BANK.verifyLedger(c, acked);
            assertTrue(acked.size() > 20, "too few transfers: " + acked.size());
        }
    }
}
