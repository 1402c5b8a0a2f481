package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

/**
 * Vector index definitions live in the catalog: a server stopped while an index was still
 * backfilling (CREATING) finishes it when it starts again, and the definition comes back whole. On
 * disk for the embedded engine; on Cassandra a new node on the same keyspace.
 */
class VectorIndexRestartIT {

    @Test
    @Covers(operation = "UpdateTable", parameters = {"VectorIndexUpdates"})
    void aBackfillInterruptedByAStopEndsAfterTheRestart() throws Exception {
        Path dir = Files.createTempDirectory("basalt-vector-restart");
        BasaltConfig store = ServerTestBase.restartable(getClass(), dir);
        String table = "vec_restart_" + Long.toHexString(System.nanoTime());
        try {
            Basalt first = Basalt.start(store);
            try (DynamoDbClient ddb = ServerTestBase.client(first.endpoint())) {
                ddb.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
                for (int i = 0; i < 20; i++) {
                    String pk = "p" + i;
                    float[] v = {i, 1, 0, 0};
                    ddb.putItem(b -> b.tableName(table).item(item("pk", s(pk), "cat", s(pk.length() == 2 ? "one" : "two"),
                            "emb", VectorSearchIT.vector(v))));
                }
                first.engine().vectorBackfills().hold(true);
                ddb.updateTable(b -> b.tableName(table)
                        .attributeDefinitions(a -> a.attributeName("cat").attributeType(ScalarAttributeType.S))
                        .vectorIndexUpdates(x -> x.create(c -> c.indexName("idx").vectorAttribute(a -> a.attributeName("emb"))
                                .dimensions(4L).distanceFunction(VectorDistanceFunction.EUCLIDEAN)
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("title")))));
                assertEquals("CREATING", ddb.describeTable(b -> b.tableName(table)).table().vectorIndexes().get(0).indexStatusAsString());
            } finally {
                first.close();
            }
            Basalt second = Basalt.start(store);
            try (DynamoDbClient ddb = ServerTestBase.client(second.endpoint())) {
                VectorIndexDescription v = null;
                for (int i = 0; i < 1000; i++) {
                    v = ddb.describeTable(b -> b.tableName(table)).table().vectorIndexes().get(0);
                    if (v.indexStatusAsString().equals("ACTIVE")) break;
                    Thread.sleep(20);
                }
                assertEquals("ACTIVE", v.indexStatusAsString());
                assertNull(v.backfilling());
                assertEquals(4L, v.dimensions());
                assertEquals("EUCLIDEAN", v.distanceFunctionAsString());
                assertEquals("emb", v.vectorAttribute().attributeName());
                assertEquals("cat", v.searchSchema().get(0).attributeName());
                assertEquals("HASH", v.searchSchema().get(0).searchSchemaElementTypeAsString());
                assertEquals(List.of("title"), v.projection().nonKeyAttributes());
                var hits = ddb.searchVectors(b -> b.tableName(table).indexName("idx").searchVector(VectorSearchIT.query(new float[] {0, 1, 0, 0}))
                        .topK(3).searchConditionExpression("cat = :c").expressionAttributeValues(java.util.Map.of(":c", s("one"))))
                        .searchResults();
                assertEquals(List.of("p0", "p1", "p2"), hits.stream().map(h -> h.item().get("pk").s()).toList());
                assertEquals(0.0, hits.get(0).score(), 1e-12);
                ddb.deleteTable(b -> b.tableName(table));
            } finally {
                second.close();
            }
        } finally {
            ServerTestBase.deleteTree(dir);
        }
    }
}
