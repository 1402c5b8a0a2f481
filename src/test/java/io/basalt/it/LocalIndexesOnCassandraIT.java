package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.WriteBatch;
import io.basalt.storage.cassandra.CassandraSettings;
import io.basalt.storage.cassandra.CassandraStorage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * LSI entries on the Cassandra engine live in their item's partition and commit with it
 * (docs/scale-out.md, "LSI entries"): a consistent LSI Query right after any write, through
 * another Basalt node, sees it; entries an earlier version wrote in partitions of their own are
 * moved once when the index is placed.
 */
@OnCassandra
class LocalIndexesOnCassandraIT {
    private static final String T = "lsi_consistent";
    private static CassandraSettings settings;
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        settings = CassandraForTests.settings(LocalIndexesOnCassandraIT.class);
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings);
        nodeA = Basalt.start(config);
        nodeB = Basalt.start(config);
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
        a.createTable(t -> t.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("sk").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("rank").attributeType(ScalarAttributeType.N),
                        d -> d.attributeName("g").attributeType(ScalarAttributeType.S))
                .localSecondaryIndexes(l -> l.indexName("by_rank").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("rank").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .globalSecondaryIndexes(g -> g.indexName("by_g").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    /** The sort keys a consistent Query of the LSI finds for rank = {@code rank}, through node B. */
    private static List<String> ranked(String pk, int rank) {
        QueryResponse r = b.query(q -> q.tableName(T).indexName("by_rank").consistentRead(true)
                .keyConditionExpression("pk = :p AND #r = :r").expressionAttributeNames(Map.of("#r", "rank"))
                .expressionAttributeValues(Map.of(":p", s(pk), ":r", n(Integer.toString(rank)))));
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> it : r.items()) {
            assertEquals(java.util.Set.of("pk", "sk", "rank"), it.keySet(), "KEYS_ONLY: table and index keys");
            out.add(it.get("sk").s());
        }
        return out;
    }

    @Test
    @Covers(operation = "Query", parameters = {"IndexName", "ConsistentRead"})
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void consistentLsiQuerySeesEveryAcknowledgedWrite() {
        int rounds = Integer.getInteger("lsi.rounds", 25);
        List<String> misses = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            String pk = "p" + i, sk = "s" + i;
            int r1 = 1000 + i, r2 = 2000 + i, r3 = 3000 + i;
            a.putItem(p -> p.tableName(T).item(item("pk", pk, "sk", sk, "rank", n(Integer.toString(r1)), "g", "x" + pk)));
            if (!ranked(pk, r1).equals(List.of(sk))) misses.add("put " + i);
            a.updateItem(u -> u.tableName(T).key(item("pk", pk, "sk", sk)).updateExpression("SET #r = :r")
                    .expressionAttributeNames(Map.of("#r", "rank")).expressionAttributeValues(Map.of(":r", n(Integer.toString(r2)))));
            if (!ranked(pk, r2).equals(List.of(sk)) || !ranked(pk, r1).isEmpty()) misses.add("update " + i);
            a.deleteItem(d -> d.tableName(T).key(item("pk", pk, "sk", sk)));
            if (!ranked(pk, r2).isEmpty()) misses.add("delete " + i);
            // a transaction across two partitions (the transaction protocol) and one within a partition
            a.transactWriteItems(t -> t.transactItems(
                    TransactWriteItem.builder().put(p -> p.tableName(T).item(item("pk", pk, "sk", sk, "rank", n(Integer.toString(r3))))).build(),
                    TransactWriteItem.builder().put(p -> p.tableName(T).item(item("pk", "other" + pk, "sk", sk, "rank", n(Integer.toString(r3))))).build()));
            if (!ranked(pk, r3).equals(List.of(sk)) || !ranked("other" + pk, r3).equals(List.of(sk))) misses.add("transaction " + i);
            a.transactWriteItems(t -> t.transactItems(
                    TransactWriteItem.builder().update(u -> u.tableName(T).key(item("pk", pk, "sk", sk)).updateExpression("SET #r = :r")
                            .expressionAttributeNames(Map.of("#r", "rank")).expressionAttributeValues(Map.of(":r", n(Integer.toString(r1))))).build(),
                    TransactWriteItem.builder().put(p -> p.tableName(T).item(item("pk", pk, "sk", sk + "b", "rank", n(Integer.toString(r1))))).build()));
            if (!ranked(pk, r1).equals(List.of(sk, sk + "b")) || !ranked(pk, r3).isEmpty()) misses.add("one-partition transaction " + i);
        }
        assertEquals(List.of(), misses, "consistent LSI reads that missed an acknowledged write");
        // eventually consistent LSI reads and the GSI (through the change log) still work
        assertEquals(2, b.query(q -> q.tableName(T).indexName("by_rank").keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p0")))).count());
        Eventually.await(java.time.Duration.ofSeconds(30), "the GSI entry",
                () -> b.query(q -> q.tableName(T).indexName("by_g").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("xp0")))).count() == 0);
        // the LSI holds exactly the table's items: a Scan of the index across partitions
        int tableItems = b.scan(s -> s.tableName(T).consistentRead(true)).count();
        assertEquals(tableItems, b.scan(s -> s.tableName(T).indexName("by_rank").consistentRead(true)).count());
        assertEquals(3 * rounds, tableItems);
    }

    /**
     * A keyspace written before the change: an LSI's entries in partitions of their own
     * ([index id][hash]). Placing the index moves them into the item partitions, keeping value and
     * version; a Query and a Scan of the index then find them, and the old partitions are empty.
     */
    @Test
    void entriesOfAnEarlierLayoutAreMovedWhenTheIndexIsPlaced() throws Exception {
        long table = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), index = table + 1;
        List<byte[]> keys = new ArrayList<>();
        try (CassandraStorage before = CassandraStorage.open(settings)) {
            // not placed: entries go where an earlier version wrote them
            for (int p = 0; p < 3; p++) {
                for (int e = 0; e < 2; e++) {
                    byte[] k = key(index, p, "entry" + e);
                    keys.add(k);
                    before.commit(new WriteBatch().put(Space.INDEXES, k, k, Mutation.EXPECT_ANY));
                }
            }
        }
        long version;
        try (CassandraStorage old = CassandraStorage.open(settings)) {
            version = old.get(Space.INDEXES, keys.get(0)).version();
        }
        try (CassandraStorage after = CassandraStorage.open(settings)) {
            after.colocate(index, table);
            for (byte[] k : keys) assertArrayEquals(k, after.get(Space.INDEXES, k).value());
            assertEquals(version, after.get(Space.INDEXES, keys.get(0)).version());
            assertEquals(keys.size(), count(after, key(index, 0, ""), key(index + 1, 0, "")), "an index Scan");
            byte[] partition = key(index, 1, "");
            byte[] end = key(index, 1, "\uffff");
            assertEquals(2, count(after, partition, end), "a Query: one partition");
            // a write to the item partition and the entries commit together from now on
            byte[] item = key(table, 1, "item");
            after.commit(new WriteBatch().put(Space.ITEMS, item, item, Mutation.EXPECT_ABSENT)
                    .put(Space.INDEXES, key(index, 1, "entry9"), item, Mutation.EXPECT_ANY));
            assertEquals(3, count(after, partition, end));
            assertEquals(1, count(after, Space.ITEMS, key(table, 0, ""), key(table + 1, 0, "")), "the table's items do not see the entries");
        }
        try (CassandraStorage unplaced = CassandraStorage.open(settings)) {
            for (byte[] k : keys) assertNull(unplaced.get(Space.INDEXES, k), "moved out of the index's own partitions");
        }
        try (CassandraStorage again = CassandraStorage.open(settings)) {
            again.colocate(index, table); // placed already: nothing moved, everything found
            assertEquals(keys.size() + 1, count(again, key(index, 0, ""), key(index + 1, 0, "")));
        }
    }

    private static int count(CassandraStorage store, byte[] from, byte[] to) {
        return count(store, Space.INDEXES, from, to);
    }

    private static int count(CassandraStorage store, Space space, byte[] from, byte[] to) {
        int n = 0;
        try (StorageCursor c = store.scan(space, from, to, false)) {
            while (c.next()) n++;
        }
        return n;
    }

    /** [id 8][hash 8][name]: partition {@code p} of id. */
    private static byte[] key(long id, int p, String name) {
        byte[] nb = name.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(16 + nb.length).putLong(id).putLong(1000L + p).put(nb).array();
    }
}
