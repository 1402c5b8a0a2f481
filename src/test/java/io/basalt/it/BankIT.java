package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The bank: 50 accounts, 8 threads transferring random amounts with TransactWriteItems (the debit
 * conditioned on balance >= amount, each transfer recording itself), concurrent single-item writes
 * to the accounts, and TransactGetItems audits. The total never changes, no balance goes negative,
 * and every acknowledged transfer is applied exactly once — also across a kill -9.
 */
class BankIT {
    private static final int ACCOUNTS = 50;
    private static final long INITIAL = 1000;

    private static void createBank(DynamoDbClient c) {
        Sdk.createHashTable(c, "bank");
        for (int i = 0; i < ACCOUNTS; i++) {
            int ii = i;
            c.putItem(b -> b.tableName("bank").item(item("pk", "acct" + ii, "balance", n(Long.toString(INITIAL)))));
        }
    }

    /** Runs transfers until stopped; returns acknowledged transfer ids. */
    private static void transfers(DynamoDbClient c, AtomicBoolean stop, Set<String> acked, AtomicLong seq, AtomicLong errors) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.get()) {
            int from = r.nextInt(ACCOUNTS), to = r.nextInt(ACCOUNTS - 1);
            if (to >= from) to++;
            String id = "tx" + seq.incrementAndGet();
            String amount = Integer.toString(1 + r.nextInt(100));
            int ff = from, tt = to;
            try {
                c.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().update(u -> u.tableName("bank").key(item("pk", "acct" + ff))
                                .updateExpression("SET balance = balance - :a").conditionExpression("balance >= :a")
                                .expressionAttributeValues(Map.of(":a", n(amount)))).build(),
                        TransactWriteItem.builder().update(u -> u.tableName("bank").key(item("pk", "acct" + tt))
                                .updateExpression("SET balance = balance + :a").expressionAttributeValues(Map.of(":a", n(amount)))).build(),
                        TransactWriteItem.builder().put(p -> p.tableName("bank").item(item("pk", id, "from", "acct" + ff, "to", "acct" + tt, "amount", n(amount)))
                                .conditionExpression("attribute_not_exists(pk)")).build()));
                acked.add(id);
            } catch (TransactionCanceledException e) {
                // insufficient funds or a conflict: nothing was applied
            } catch (RuntimeException e) {
                if (stop.get()) return;
                errors.incrementAndGet();
            }
        }
    }

    private static long audit(DynamoDbClient c) {
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            int ii = i;
            gets.add(TransactGetItem.builder().get(g -> g.tableName("bank").key(item("pk", "acct" + ii))).build());
        }
        long total = 0;
        for (ItemResponse r : c.transactGetItems(b -> b.transactItems(gets)).responses()) {
            long bal = Long.parseLong(r.item().get("balance").n());
            assertTrue(bal >= 0, "negative balance " + bal);
            total += bal;
        }
        return total;
    }

    /** Every recorded transfer is applied exactly once: balances equal initial +/- the recorded transfers. */
    private static void verifyLedger(DynamoDbClient c, Set<String> acked) {
        Map<String, Long> expected = new ConcurrentHashMap<>();
        for (int i = 0; i < ACCOUNTS; i++) expected.put("acct" + i, INITIAL);
        Map<String, Long> actual = new ConcurrentHashMap<>();
        Set<String> recorded = ConcurrentHashMap.newKeySet();
        c.scanPaginator(b -> b.tableName("bank").consistentRead(true)).items().forEach(i -> {
            String pk = i.get("pk").s();
            if (pk.startsWith("acct")) {
                actual.put(pk, Long.parseLong(i.get("balance").n()));
            } else {
                recorded.add(pk);
                long a = Long.parseLong(i.get("amount").n());
                expected.merge(i.get("from").s(), -a, Long::sum);
                expected.merge(i.get("to").s(), a, Long::sum);
            }
        });
        assertEquals(expected, actual, "balances match the recorded transfers");
        assertTrue(recorded.containsAll(acked), "every acknowledged transfer is recorded");
        assertEquals(ACCOUNTS * INITIAL, actual.values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void transfersKeepTheBankBalanced() throws Exception {
        try (var server = io.basalt.Basalt.startInMemory(); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            createBank(c);
            AtomicBoolean stop = new AtomicBoolean();
            Set<String> acked = ConcurrentHashMap.newKeySet();
            AtomicLong seq = new AtomicLong(), errors = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(10);
            for (int t = 0; t < 8; t++) pool.execute(() -> transfers(c, stop, acked, seq, errors));
            // single-item writes on the same accounts, outside the transactions
            pool.execute(() -> {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                while (!stop.get()) {
                    int a = r.nextInt(ACCOUNTS);
                    c.updateItem(b -> b.tableName("bank").key(item("pk", "acct" + a)).updateExpression("SET touched = :t")
                            .expressionAttributeValues(Map.of(":t", n(Long.toString(System.nanoTime())))));
                }
            });
            // a minute by default (the figure); -Dbasalt.bank.seconds=N to shorten a local run
            long end = System.currentTimeMillis() + 1000L * Long.getLong("basalt.bank.seconds", 60);
            while (System.currentTimeMillis() < end) {
                assertEquals(ACCOUNTS * INITIAL, audit(c), "audit total"); // audits run back to back: one more concurrent reader
            }
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
            assertEquals(0, errors.get());
            assertTrue(acked.size() > 100, "too few transfers: " + acked.size());
            verifyLedger(c, acked);
        }
    }

    @Test
    void noTransferIsHalfAppliedAcrossKill9() throws Exception {
        Path dir = Files.createTempDirectory("basalt-bank");
        Set<String> acked = ConcurrentHashMap.newKeySet();
        AtomicLong seq = new AtomicLong(), errors = new AtomicLong();
        try (ServerProcess server = ServerProcess.start(dir); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            createBank(c);
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
            assertEquals(ACCOUNTS * INITIAL, audit(c));
            verifyLedger(c, acked);
            assertTrue(acked.size() > 20, "too few transfers: " + acked.size());
        }
    }
}
