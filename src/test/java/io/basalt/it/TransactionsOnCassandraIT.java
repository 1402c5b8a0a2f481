package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import io.basalt.storage.cassandra.CassandraSettings;
import io.basalt.storage.cassandra.CassandraStorage;
import io.basalt.storage.cassandra.ChangeLogSettings;
import io.basalt.storage.cassandra.TransactionSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Transactions across partitions on the Cassandra engine (docs/scale-out.md, "Transactions across
 * partitions"): all or nothing across items and tables, serializable with TransactGetItems under a
 * bank-transfer workload through two Basalt nodes, transactions abandoned by a "crashed" coordinator
 * aborted or rolled forward by another instance, idempotency tokens shared by the nodes.
 */
@OnCassandra
class TransactionsOnCassandraIT {
    private static CassandraSettings settings;
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        settings = CassandraForTests.settings(TransactionsOnCassandraIT.class);
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings);
        nodeA = Basalt.start(config);
        nodeB = Basalt.start(config);
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    private static void createTable(String name) {
        a.createTable(t -> t.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    private static TransactWriteItem add(String table, String pk, String delta, String condition) {
        return TransactWriteItem.builder().update(u -> u.tableName(table).key(item("pk", pk)).updateExpression("ADD v :d")
                .conditionExpression(condition).expressionAttributeValues(Map.of(":d", n(delta)))).build();
    }

    private static String v(DynamoDbClient via, String table, String pk) {
        Map<String, AttributeValue> it = via.getItem(g -> g.tableName(table).key(item("pk", pk)).consistentRead(true)).item();
        return it == null || !it.containsKey("v") ? null : it.get("v").n();
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void aTransactionAcrossPartitionsAndTablesIsAllOrNothing() {
        createTable("tx_one");
        createTable("tx_two");
        for (String pk : List.of("p1", "p2", "p3")) a.putItem(p -> p.tableName("tx_one").item(item("pk", pk, "v", n("1"))));
        b.putItem(p -> p.tableName("tx_two").item(item("pk", "q1", "v", n("1"))));
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> a.transactWriteItems(t -> t.transactItems(
                add("tx_one", "p1", "1", null), add("tx_one", "p2", "1", null), add("tx_two", "q1", "1", null),
                TransactWriteItem.builder().put(p -> p.tableName("tx_two").item(item("pk", "new", "v", n("9")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName("tx_one").key(item("pk", "p3"))
                        .conditionExpression("v = :two").expressionAttributeValues(Map.of(":two", n("2")))).build())));
        assertEquals("Transaction cancelled, please refer cancellation reasons for specific reasons "
                + "[None, None, None, None, ConditionalCheckFailed]", e.awsErrorDetails().errorMessage());
        List<String> codes = e.cancellationReasons().stream().map(CancellationReason::code).toList();
        assertEquals(List.of("None", "None", "None", "None", "ConditionalCheckFailed"), codes);
        for (DynamoDbClient via : List.of(a, b)) {
            assertEquals("1", v(via, "tx_one", "p1"));
            assertEquals("1", v(via, "tx_one", "p2"));
            assertEquals("1", v(via, "tx_two", "q1"));
            assertNull(v(via, "tx_two", "new"));
        }
        // the same with the check holding: every item changes, through either node
        b.transactWriteItems(t -> t.transactItems(add("tx_one", "p1", "1", null), add("tx_one", "p2", "1", "v = :d"),
                add("tx_two", "q1", "1", null),
                TransactWriteItem.builder().put(p -> p.tableName("tx_two").item(item("pk", "new", "v", n("9")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName("tx_one").key(item("pk", "p3"))
                        .conditionExpression("v = :one").expressionAttributeValues(Map.of(":one", n("1")))).build()));
        for (DynamoDbClient via : List.of(a, b)) {
            assertEquals("2", v(via, "tx_one", "p1"));
            assertEquals("2", v(via, "tx_one", "p2"));
            assertEquals("2", v(via, "tx_two", "q1"));
            assertEquals("9", v(via, "tx_two", "new"));
        }
    }

    /**
     * Transfers between accounts by several threads through both nodes ({@link Bank}); the total
     * never changes (TransactGetItems snapshots during the run, a consistent scan after), the
     * balances are exactly the acknowledged transfers, and no item keeps a prepare mark.
     */
    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void bankTransfersKeepTheTotal() throws Exception {
        Bank bank = new Bank(8, 100);
        bank.create(a);
        int threads = 4, transfersEach = Integer.getInteger("bank.transfers", 40);
        Set<String> acked = ConcurrentHashMap.newKeySet();
        AtomicInteger refused = new AtomicInteger(), snapshots = new AtomicInteger();
        ConcurrentLinkedQueue<String> broken = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        Future<?> reader = pool.submit(() -> {
            while (running.get()) {
                long total = bank.audit(snapshots.get() % 2 == 0 ? a : b);
                if (total != bank.total()) broken.add("snapshot total " + total);
                snapshots.incrementAndGet();
            }
        });
        long started = System.nanoTime();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            DynamoDbClient via = t % 2 == 0 ? a : b;
            String writer = "t" + t + "-";
            workers.add(pool.submit(() -> {
                for (int k = 0; k < transfersEach; k++) {
                    try {
                        bank.transfer(via, writer + k, 40);
                        acked.add(writer + k);
                    } catch (TransactionCanceledException e) {
                        refused.incrementAndGet(); // insufficient funds or a conflict: nothing applied
                    }
                }
            }));
        }
        for (Future<?> f : workers) f.get();
        double seconds = (System.nanoTime() - started) / 1e9;
        running.set(false);
        reader.get();
        pool.shutdown();
        System.out.printf("bank: %d transfers acknowledged, %d cancelled, %d snapshots in %.1f s (%.1f transfers/s)%n",
                acked.size(), refused.get(), snapshots.get(), seconds, acked.size() / seconds);
        assertTrue(broken.isEmpty(), () -> "snapshots saw another total: " + broken);
        assertTrue(!acked.isEmpty() && snapshots.get() > 0);
        assertEquals(acked.size(), bank.verifyLedger(a, acked), "no other transfer took effect");
        try (CassandraStorage store = CassandraStorage.open(settings, new ChangeLogSettings(false, 0, 0, 1_000),
                new TransactionSettings(60_000, 0, TransactionSettings.Phase.NONE))) {
            Eventually.await(Duration.ofSeconds(30), "no transaction left", () -> store.pendingTransactions() == 0);
            assertEquals(0, store.markedRows());
        }
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = {"ClientRequestToken"})
    void idempotencyTokensAreSharedByTheNodes() {
        createTable("idem");
        List<TransactWriteItem> once = List.of(add("idem", "x", "1", null), add("idem", "y", "1", null));
        a.transactWriteItems(t -> t.clientRequestToken("shared-token").transactItems(once));
        b.transactWriteItems(t -> t.clientRequestToken("shared-token").transactItems(once)); // a replay: not applied again
        a.transactWriteItems(t -> t.clientRequestToken("shared-token").transactItems(once));
        assertEquals("1", v(b, "idem", "x"));
        assertEquals("1", v(a, "idem", "y"));
        IdempotentParameterMismatchException e = assertThrows(IdempotentParameterMismatchException.class,
                () -> b.transactWriteItems(t -> t.clientRequestToken("shared-token").transactItems(add("idem", "x", "5", null))));
        assertEquals("Request parameters were provided that do not match the parameters of the original request with the same ClientRequestToken",
                e.awsErrorDetails().errorMessage());
        b.transactWriteItems(t -> t.clientRequestToken("another-token").transactItems(once));
        assertEquals("2", v(a, "idem", "x"));
    }

    // ------------------------------------------------------------------ storage level: a coordinator that dies

    private static final byte[] VALUE1 = "one".getBytes(StandardCharsets.UTF_8), VALUE2 = "two".getBytes(StandardCharsets.UTF_8);

    /** Item x exists at VALUE1, y does not; the batch writes both (and an index entry) in two partitions. */
    private static WriteBatch transaction(CassandraStorage store, long id) throws VersionConflictException {
        byte[] x = key(id, "x"), y = key(id + 1, "y");
        store.commit(new WriteBatch().put(Space.ITEMS, x, VALUE1, Mutation.EXPECT_ABSENT));
        return new WriteBatch().put(Space.ITEMS, x, VALUE2, store.get(Space.ITEMS, x).version())
                .put(Space.INDEXES, key(id + 2, "entry"), VALUE2, Mutation.EXPECT_ANY)
                .put(Space.ITEMS, y, VALUE2, Mutation.EXPECT_ABSENT);
    }

    private static CassandraStorage open(long abandonAfterMillis, TransactionSettings.Phase stopAfter) {
        return CassandraStorage.open(settings, ChangeLogSettings.DEFAULT, new TransactionSettings(abandonAfterMillis, 0, stopAfter));
    }

    /** Runs {@link #transaction} on an instance whose coordinator stops after {@code phase}; returns its key id. */
    private static long abandonedAfter(TransactionSettings.Phase phase) throws Exception {
        long id = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        try (CassandraStorage crashed = open(60_000, phase)) {
            WriteBatch tx = transaction(crashed, id);
            assertThrows(IllegalStateException.class, () -> crashed.commit(tx));
            assertTrue(crashed.marked(Space.ITEMS, key(id, "x")) && crashed.marked(Space.ITEMS, key(id + 1, "y")));
        }
        return id;
    }

    @Test
    void aTransactionAbandonedAfterPrepareIsAbortedByAnotherInstance() throws Exception {
        long id = abandonedAfter(TransactionSettings.Phase.PREPARED);
        byte[] x = key(id, "x"), y = key(id + 1, "y");
        try (CassandraStorage young = open(60_000, TransactionSettings.Phase.NONE)) {
            // PENDING and young: readers see the last committed state, writers are refused
            assertArrayEquals(VALUE1, young.get(Space.ITEMS, x).value());
            assertNull(young.get(Space.ITEMS, y));
            long version = young.get(Space.ITEMS, x).version();
            VersionConflictException held = assertThrows(VersionConflictException.class,
                    () -> young.commit(new WriteBatch().put(Space.ITEMS, x, VALUE2, version)));
            assertTrue(held.heldByTransaction(), "a live transaction's mark: a TransactionConflict for single-item writes");
            assertTrue(young.marked(Space.ITEMS, x));
        }
        try (CassandraStorage other = open(0, TransactionSettings.Phase.NONE)) {
            // a reader meeting a mark of a PENDING transaction older than the abandon delay aborts it
            assertArrayEquals(VALUE1, other.get(Space.ITEMS, x).value());
            assertFalse(other.marked(Space.ITEMS, x));
            assertFalse(other.marked(Space.ITEMS, y));
            assertNull(other.get(Space.ITEMS, y));
            other.recoverTransactions();
            assertEquals(0, other.pendingTransactions());
            Thread.sleep(300);
            assertNull(other.get(Space.INDEXES, key(id + 2, "entry")));
            // and the items are writable again; a plain version conflict is not a transaction's
            other.commit(new WriteBatch().put(Space.ITEMS, y, VALUE1, Mutation.EXPECT_ABSENT));
            VersionConflictException stale = assertThrows(VersionConflictException.class,
                    () -> other.commit(new WriteBatch().put(Space.ITEMS, y, VALUE2, Mutation.EXPECT_ABSENT)));
            assertFalse(stale.heldByTransaction());
        }
    }

    @Test
    void aTransactionAbandonedAfterCommitIsRolledForwardByAnotherInstance() throws Exception {
        long id = abandonedAfter(TransactionSettings.Phase.COMMITTED);
        byte[] x = key(id, "x"), y = key(id + 1, "y");
        try (CassandraStorage other = open(60_000, TransactionSettings.Phase.NONE)) {
            assertEquals(1, other.pendingTransactions());
            other.recoverTransactions(); // not old enough: nothing done
            assertTrue(other.marked(Space.ITEMS, y));
        }
        try (CassandraStorage other = open(0, TransactionSettings.Phase.NONE)) {
            other.recoverTransactions();
            assertFalse(other.marked(Space.ITEMS, x));
            assertFalse(other.marked(Space.ITEMS, y));
            assertArrayEquals(VALUE2, other.get(Space.ITEMS, x).value());
            assertArrayEquals(VALUE2, other.get(Space.ITEMS, y).value());
            assertEquals(0, other.pendingTransactions());
            Eventually.await(Duration.ofSeconds(30), "the index entry comes through the change log",
                    () -> other.get(Space.INDEXES, key(id + 2, "entry")) != null && other.pendingChangeLogs() == 0);
            assertEquals(other.get(Space.ITEMS, x).version(), other.get(Space.INDEXES, key(id + 2, "entry")).version());
        }
    }

    /**
     * Through the API: while a transaction prepared by a coordinator that then stopped is PENDING
     * and younger than the abandon delay (10 s), PutItem, UpdateItem and DeleteItem of its items
     * answer TransactionConflictException (the SDKs retry it), a TransactWriteItems is cancelled
     * with reason TransactionConflict, reads see the last committed state; once it is abandoned,
     * the next write settles its marks (aborts it) and goes on.
     */
    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    @Covers(operation = "UpdateItem", parameters = {"Key", "UpdateExpression"})
    @Covers(operation = "DeleteItem", parameters = {"Key"})
    void singleItemWritesMeetingALiveTransactionAnswerTransactionConflict() throws Exception {
        createTable("held");
        a.putItem(p -> p.tableName("held").item(item("pk", "h1", "v", n("1"))));
        long table = nodeA.engine().catalog().find(io.basalt.model.Arns.ACCOUNT_ID, "held").definition().id();
        byte[] h1 = io.basalt.model.KeyCodec.itemKey(table, new io.basalt.model.AttributeValue.S("h1"), null);
        byte[] h2 = io.basalt.model.KeyCodec.itemKey(table, new io.basalt.model.AttributeValue.S("h2"), null);
        long started = System.currentTimeMillis();
        try (CassandraStorage crashed = open(60_000, TransactionSettings.Phase.PREPARED)) {
            WriteBatch tx = new WriteBatch().put(Space.ITEMS, h1, encoded("h1", "7"), crashed.get(Space.ITEMS, h1).version())
                    .put(Space.ITEMS, h2, encoded("h2", "7"), Mutation.EXPECT_ABSENT);
            assertThrows(IllegalStateException.class, () -> crashed.commit(tx));
        }
        long recorded = System.currentTimeMillis(); // the record was created between started and now
        String type = "TransactionConflictException", message = "Transaction is ongoing for the item";
        Sdk.fails(TransactionConflictException.class, type, message,
                () -> b.putItem(p -> p.tableName("held").item(item("pk", "h1", "v", n("2")))));
        Sdk.fails(TransactionConflictException.class, type, message, () -> a.updateItem(u -> u.tableName("held")
                .key(item("pk", "h1")).updateExpression("ADD v :d").expressionAttributeValues(Map.of(":d", n("1")))));
        Sdk.fails(TransactionConflictException.class, type, message,
                () -> b.deleteItem(d -> d.tableName("held").key(item("pk", "h1"))));
        Sdk.fails(TransactionConflictException.class, type, message,
                () -> a.putItem(p -> p.tableName("held").item(item("pk", "h2", "v", n("2")))));
        TransactionCanceledException cancelled = assertThrows(TransactionCanceledException.class,
                () -> a.transactWriteItems(t -> t.transactItems(add("held", "h1", "1", null))));
        assertEquals("TransactionConflict", cancelled.cancellationReasons().get(0).code());
        assertEquals("1", v(b, "held", "h1"), "reads see the last committed state");
        assertNull(v(a, "held", "h2"));
        assertTrue(System.currentTimeMillis() - started < 10_000, "the checks ran while the transaction was live");
        // abandoned (the nodes' delay: 10 s): the next write aborts it and goes on
        Thread.sleep(Math.max(0, recorded + 10_500 - System.currentTimeMillis()));
        b.putItem(p -> p.tableName("held").item(item("pk", "h1", "v", n("2"))));
        a.updateItem(u -> u.tableName("held").key(item("pk", "h2")).updateExpression("ADD v :d")
                .expressionAttributeValues(Map.of(":d", n("5"))));
        assertEquals("2", v(a, "held", "h1"));
        assertEquals("5", v(b, "held", "h2"));
    }

    private static byte[] encoded(String pk, String v) {
        return io.basalt.model.ItemCodec.encode(Map.of("pk", new io.basalt.model.AttributeValue.S(pk),
                "v", new io.basalt.model.AttributeValue.N(io.basalt.model.DNumber.parse(v))));
    }

    /** A key of 16-byte prefix [id 8][hash 8] then a name: its own Cassandra partition per id. */
    private static byte[] key(long id, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(16 + n.length);
        buf.putLong(id).putLong(id * 31).put(n);
        return buf.array();
    }
}
