package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * Two Basalt nodes on one keyspace: an index created on one node while its backfills are held is
 * finished by the other (which watches the shared catalog), and both answer the same search alike,
 * writes made through either node included.
 */
@OnCassandra
class VectorSearchAcrossNodesOnCassandraIT {
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false)
                .withCassandra(CassandraForTests.settings(VectorSearchAcrossNodesOnCassandraIT.class));
        nodeA = Basalt.start(config);
        nodeB = Basalt.start(config);
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, null, nodeA, nodeB, null);
    }

    static List<String> search(DynamoDbClient c, String table, float[] q) {
        return c.searchVectors(r -> r.tableName(table).indexName("idx").searchVector(VectorSearchIT.query(q)).topK(10))
                .searchResults().stream().map(h -> h.item().get("pk").s()).toList();
    }

    @Test
    @Covers(operation = "SearchVectors", parameters = {"TableName", "IndexName", "SearchVector", "TopK"})
    void anotherNodeFinishesTheBackfillAndBothAnswerAlike() throws Exception {
        String table = "vec_nodes_" + Long.toHexString(System.nanoTime());
        a.createTable(r -> r.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(x -> x.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        Random r = new Random(29);
        for (int i = 0; i < 40; i++) {
            String pk = "n" + i;
            float[] v = VectorSearchIT.random(r, 4);
            (i % 2 == 0 ? a : b).putItem(x -> x.tableName(table).item(item("pk", s(pk), "emb", VectorSearchIT.vector(v))));
        }
        nodeA.engine().vectorBackfills().hold(true);
        try {
            a.updateTable(x -> x.tableName(table).vectorIndexUpdates(u -> u.create(c -> c.indexName("idx")
                    .vectorAttribute(v -> v.attributeName("emb")).dimensions(4L).distanceFunction(VectorDistanceFunction.DOT_PRODUCT)
                    .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))));
            String status = null;
            for (int i = 0; i < 500; i++) { // node B's watcher looks every 2 s
                status = b.describeTable(x -> x.tableName(table)).table().vectorIndexes().get(0).indexStatusAsString();
                if (status.equals("ACTIVE")) break;
                Thread.sleep(20);
            }
            assertEquals("ACTIVE", status, "finished by node B");
        } finally {
            nodeA.engine().vectorBackfills().hold(false);
        }
        float[] q = VectorSearchIT.random(r, 4);
        assertEquals(search(a, table, q), search(b, table, q));
        b.putItem(x -> x.tableName(table).item(item("pk", s("top"), "emb", VectorSearchIT.vector(new float[] {q[0] * 100, q[1] * 100, q[2] * 100, q[3] * 100}))));
        assertEquals("top", search(a, table, q).get(0), "a write through node B, searched on node A");
        assertEquals(search(a, table, q), search(b, table, q));
        a.deleteTable(x -> x.tableName(table));
    }
}
