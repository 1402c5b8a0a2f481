package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchResultItem;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;
import software.amazon.awssdk.services.dynamodb.model.VectorIndex;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

/**
 * Vector indexes and SearchVectors through the AWS SDK for Java v2: every distance function
 * against a brute-force oracle computed here on seeded random data, the lifecycle with backfill,
 * search conditions, projections, capacity and the refusals with their texts.
 */
class VectorSearchIT extends ServerTestBase {
    static final int DIMS = 8;

    static AttributeValue vector(float[] v) {
        List<AttributeValue> l = new ArrayList<>();
        for (float f : v) l.add(AttributeValue.fromN(Float.toString(f)));
        return AttributeValue.fromL(l);
    }

    static List<AttributeValue> query(float[] v) {
        return vector(v).l();
    }

    static float[] random(Random r, int dims) {
        float[] v = new float[dims];
        for (int i = 0; i < dims; i++) v[i] = (float) (r.nextGaussian());
        return v;
    }

    static VectorIndex index(String name, VectorDistanceFunction f, ProjectionType projection) {
        return VectorIndex.builder().indexName(name).vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                .distanceFunction(f).projection(p -> p.projectionType(projection)).build();
    }

    static void createTable(String name, VectorIndex... indexes) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)).vectorIndexes(indexes));
        awaitActive(name);
    }

    static VectorIndexDescription awaitActive(String table) {
        for (int i = 0; i < 500; i++) {
            DescribeTableResponse d = ddb.describeTable(b -> b.tableName(table));
            boolean ready = d.table().vectorIndexes().stream().allMatch(v -> v.indexStatusAsString().equals("ACTIVE") && v.backfilling() == null);
            if (ready) return d.table().vectorIndexes().isEmpty() ? null : d.table().vectorIndexes().get(0);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("vector indexes of " + table + " never became ACTIVE");
    }

    /** The oracle: scores as the API Reference defines them, over the f32 components, closest first. */
    static double score(VectorDistanceFunction f, float[] q, float[] v) {
        double dot = 0, nq = 0, nv = 0, sq = 0;
        for (int i = 0; i < q.length; i++) {
            dot += (double) q[i] * v[i];
            nq += (double) q[i] * q[i];
            nv += (double) v[i] * v[i];
            sq += ((double) q[i] - v[i]) * ((double) q[i] - v[i]);
        }
        return switch (f) {
            case COSINE -> 1 - dot / (Math.sqrt(nq) * Math.sqrt(nv));
            case EUCLIDEAN -> Math.sqrt(sq);
            default -> dot;
        };
    }

    SearchVectorsResponse search(String table, String index, float[] q, int k) {
        return ddb.searchVectors(b -> b.tableName(table).indexName(index).searchVector(query(q)).topK(k));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"VectorIndexes"})
    @Covers(operation = "SearchVectors", parameters = {"TableName", "IndexName", "SearchVector", "TopK"})
    void everyDistanceFunctionMatchesTheBruteForceOracle() {
        for (VectorDistanceFunction f : List.of(VectorDistanceFunction.COSINE, VectorDistanceFunction.EUCLIDEAN, VectorDistanceFunction.DOT_PRODUCT)) {
            String table = "vec_oracle_" + f.toString().toLowerCase();
            createTable(table, index("idx", f, ProjectionType.KEYS_ONLY));
            Random r = new Random(38 + f.ordinal());
            Map<String, float[]> stored = new java.util.LinkedHashMap<>();
            for (int i = 0; i < 150; i++) {
                float[] v = random(r, DIMS);
                String pk = String.format("k%03d", i);
                stored.put(pk, v);
                ddb.putItem(b -> b.tableName(table).item(item("pk", s(pk), "emb", vector(v))));
            }
            for (int q = 0; q < 10; q++) {
                float[] query = random(r, DIMS);
                int k = 1 + r.nextInt(20);
                List<Map.Entry<String, Double>> expected = new ArrayList<>();
                for (Map.Entry<String, float[]> e : stored.entrySet()) expected.add(Map.entry(e.getKey(), score(f, query, e.getValue())));
                Comparator<Map.Entry<String, Double>> order = Map.Entry.comparingByValue();
                expected.sort(f == VectorDistanceFunction.DOT_PRODUCT ? order.reversed() : order);
                List<SearchResultItem> got = search(table, "idx", query, k).searchResults();
                assertEquals(k, got.size(), f + " results");
                for (int i = 0; i < k; i++) {
                    assertEquals(expected.get(i).getKey(), got.get(i).item().get("pk").s(), f + " rank " + i);
                    assertEquals(expected.get(i).getValue(), got.get(i).score(), 1e-9, f + " score " + i);
                    assertEquals(Map.of("pk", s(expected.get(i).getKey())), got.get(i).item(), "KEYS_ONLY: the table's key only");
                }
            }
        }
    }

    @Test
    @Covers(operation = "SearchVectors", parameters = {"TopK"})
    void cosineRangeTiesAndMagnitude() {
        createTable("vec_ties", index("cos", VectorDistanceFunction.COSINE, ProjectionType.ALL));
        ddb.putItem(b -> b.tableName("vec_ties").item(item("pk", s("a"), "emb", vector(new float[] {1, 0, 0, 0, 0, 0, 0, 0}))));
        ddb.putItem(b -> b.tableName("vec_ties").item(item("pk", s("b"), "emb", vector(new float[] {10, 0, 0, 0, 0, 0, 0, 0}))));
        ddb.putItem(b -> b.tableName("vec_ties").item(item("pk", s("c"), "emb", vector(new float[] {-1, 0, 0, 0, 0, 0, 0, 0}))));
        ddb.putItem(b -> b.tableName("vec_ties").item(item("pk", s("d"), "emb", vector(new float[] {0, 1, 0, 0, 0, 0, 0, 0}))));
        List<SearchResultItem> got = search("vec_ties", "cos", new float[] {1, 0, 0, 0, 0, 0, 0, 0}, 100).searchResults();
        assertEquals(4, got.size());
        // magnitude is ignored: a and b tie at 0; the opposite vector scores 2, the orthogonal one 1
        assertEquals(0.0, got.get(0).score(), 1e-12);
        assertEquals(0.0, got.get(1).score(), 1e-12);
        assertEquals(1.0, got.get(2).score(), 1e-12);
        assertEquals("d", got.get(2).item().get("pk").s());
        assertEquals(2.0, got.get(3).score(), 1e-12);
        // ties come back in the same order every time
        String first = got.get(0).item().get("pk").s();
        for (int i = 0; i < 5; i++) {
            assertEquals(first, search("vec_ties", "cos", new float[] {1, 0, 0, 0, 0, 0, 0, 0}, 2).searchResults().get(0).item().get("pk").s());
        }
        // the embedding is left out of results by default, even under ALL
        assertFalse(got.get(0).item().containsKey("emb"));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"VectorIndexUpdates"})
    @Covers(operation = "DescribeTable", parameters = {"TableName"})
    void lifecycleWithBackfillSkippingItemsWithoutAValidEmbedding() {
        ddb.createTable(b -> b.tableName("vec_life").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        Random r = new Random(7);
        for (int i = 0; i < 30; i++) {
            float[] v = random(r, DIMS);
            String pk = "ok" + i;
            ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s(pk), "emb", vector(v))));
        }
        // written before the index existed: the backfill skips them
        ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s("short"), "emb", vector(new float[] {1, 2, 3}))));
        ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s("text"), "emb", s("not a vector"))));
        ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s("strings"), "emb",
                AttributeValue.fromL(List.of(s("1"), s("2"), s("3"), s("4"), s("5"), s("6"), s("7"), s("8"))))));
        ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s("none"))));

        server.engine().vectorBackfills().hold(true);
        UpdateTableResponse u;
        try {
            u = ddb.updateTable(b -> b.tableName("vec_life").vectorIndexUpdates(x -> x.create(c -> c.indexName("idx")
                    .vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS).distanceFunction(VectorDistanceFunction.EUCLIDEAN)
                    .projection(p -> p.projectionType(ProjectionType.ALL)))));
            VectorIndexDescription creating = u.tableDescription().vectorIndexes().get(0);
            assertEquals("CREATING", creating.indexStatusAsString());
            assertEquals(Boolean.TRUE, creating.backfilling());
            assertEquals(ddb.describeTable(b -> b.tableName("vec_life")).table().tableArn() + "/index/idx", creating.indexArn());
            assertEquals("emb", creating.vectorAttribute().attributeName());
            assertEquals(DIMS, creating.dimensions());
            assertEquals("EUCLIDEAN", creating.distanceFunctionAsString());
            assertEquals("ALL", creating.projection().projectionTypeAsString());
            VectorIndexDescription described = ddb.describeTable(b -> b.tableName("vec_life")).table().vectorIndexes().get(0);
            assertEquals("CREATING", described.indexStatusAsString());
            assertEquals(Boolean.TRUE, described.backfilling());
            validation("Cannot search backfilling vector index: idx", () -> search("vec_life", "idx", new float[DIMS], 5));
            // one online index change at a time
            Sdk.fails(LimitExceededException.class, "LimitExceededException",
                    "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
                    () -> ddb.updateTable(b -> b.tableName("vec_life").vectorIndexUpdates(x -> x.delete(d -> d.indexName("idx")))));
        } finally {
            server.engine().vectorBackfills().hold(false);
        }
        VectorIndexDescription active = awaitActive("vec_life");
        assertEquals("ACTIVE", active.indexStatusAsString());
        assertNull(active.backfilling());
        List<SearchResultItem> all = search("vec_life", "idx", new float[DIMS], 100).searchResults();
        assertEquals(30, all.size(), "only the items with a valid embedding");
        assertTrue(all.stream().allMatch(h -> h.item().get("pk").s().startsWith("ok")));

        // deletes and overwrites show at once
        ddb.deleteItem(b -> b.tableName("vec_life").key(Map.of("pk", s("ok0"))));
        ddb.putItem(b -> b.tableName("vec_life").item(item("pk", s("ok1"), "other", s("no embedding now"))));
        assertEquals(28, search("vec_life", "idx", new float[DIMS], 100).searchResults().size());

        UpdateTableResponse del = ddb.updateTable(b -> b.tableName("vec_life").vectorIndexUpdates(x -> x.delete(d -> d.indexName("idx"))));
        assertEquals("DELETING", del.tableDescription().vectorIndexes().get(0).indexStatusAsString());
        assertTrue(ddb.describeTable(b -> b.tableName("vec_life")).table().vectorIndexes().isEmpty());
        validation("The table does not have the specified index: idx", () -> search("vec_life", "idx", new float[DIMS], 5));
    }

    @Test
    @Covers(operation = "SearchVectors", parameters = {"SearchConditionExpression", "ExpressionAttributeNames",
        "ExpressionAttributeValues", "ProjectionExpression"})
    void searchConditionsAndProjections() {
        ddb.createTable(b -> b.tableName("vec_filter").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("cat").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("brand").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .vectorIndexes(v -> v.indexName("byCat").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                        .distanceFunction(VectorDistanceFunction.DOT_PRODUCT)
                        .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH),
                                e -> e.attributeName("brand").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("title"))));
        awaitActive("vec_filter");
        Random r = new Random(11);
        String[] cats = {"books", "music"};
        String[] brands = {"acme", "zenith", "orbit"};
        Map<String, float[]> stored = new java.util.LinkedHashMap<>();
        Map<String, String[]> tags = new java.util.HashMap<>();
        for (int i = 0; i < 60; i++) {
            float[] v = random(r, DIMS);
            String pk = "p" + i, cat = cats[i % 2], brand = brands[i % 3];
            stored.put(pk, v);
            tags.put(pk, new String[] {cat, brand});
            ddb.putItem(b -> b.tableName("vec_filter").item(item("pk", s(pk), "cat", s(cat), "brand", s(brand), "title", s("t" + pk),
                    "price", n("9"), "emb", vector(v))));
        }
        // an item without the HASH attribute is not in the index; one without the inline filter is
        ddb.putItem(b -> b.tableName("vec_filter").item(item("pk", s("nocat"), "brand", s("acme"), "emb", vector(random(r, DIMS)))));
        ddb.putItem(b -> b.tableName("vec_filter").item(item("pk", s("nobrand"), "cat", s("books"), "emb", vector(random(r, DIMS)))));
        float[] q = random(r, DIMS);
        SearchVectorsResponse got = ddb.searchVectors(b -> b.tableName("vec_filter").indexName("byCat").searchVector(query(q)).topK(100)
                .searchConditionExpression("#c = :c AND brand = :b")
                .expressionAttributeNames(Map.of("#c", "cat"))
                .expressionAttributeValues(Map.of(":c", s("books"), ":b", s("acme"))));
        List<String> expected = new ArrayList<>();
        for (String pk : stored.keySet()) if (tags.get(pk)[0].equals("books") && tags.get(pk)[1].equals("acme")) expected.add(pk);
        expected.sort(Comparator.comparingDouble((String pk) -> score(VectorDistanceFunction.DOT_PRODUCT, q, stored.get(pk))).reversed());
        assertEquals(expected, got.searchResults().stream().map(h -> h.item().get("pk").s()).toList());
        Map<String, AttributeValue> first = got.searchResults().get(0).item();
        assertEquals(java.util.Set.of("pk", "cat", "brand", "title"), first.keySet(), "keys, search schema and INCLUDE; no price, no embedding");

        SearchVectorsResponse hashOnly = ddb.searchVectors(b -> b.tableName("vec_filter").indexName("byCat").searchVector(query(q)).topK(100)
                .searchConditionExpression("cat = :c").expressionAttributeValues(Map.of(":c", s("books"))));
        assertEquals(31, hashOnly.searchResults().size(), "30 books and the one without a brand");

        // a ProjectionExpression may ask for the embedding; attributes the index does not hold are left out silently
        SearchVectorsResponse projected = ddb.searchVectors(b -> b.tableName("vec_filter").indexName("byCat").searchVector(query(q)).topK(3)
                .searchConditionExpression("cat = :c").expressionAttributeValues(Map.of(":c", s("music")))
                .projectionExpression("title, emb, price"));
        assertEquals(java.util.Set.of("title", "emb"), projected.searchResults().get(0).item().keySet());
        assertEquals(DIMS, projected.searchResults().get(0).item().get("emb").l().size());

        validation("SearchConditionExpression must be provided when SearchSchema has a HASH key",
                () -> search("vec_filter", "byCat", q, 5));
        validation("SearchConditionExpression must be provided when SearchSchema has a HASH key",
                () -> ddb.searchVectors(b -> b.tableName("vec_filter").indexName("byCat").searchVector(query(q)).topK(5)
                        .searchConditionExpression("brand = :b").expressionAttributeValues(Map.of(":b", s("acme")))));
        for (String bad : List.of("cat = :c AND brand <> :b", "cat = :c OR brand = :b", "cat = :c AND brand IN (:b)",
                "cat = :c AND begins_with(brand, :b)")) {
            validation("Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression",
                    () -> ddb.searchVectors(b -> b.tableName("vec_filter").indexName("byCat").searchVector(query(q)).topK(5)
                            .searchConditionExpression(bad).expressionAttributeValues(Map.of(":c", s("books"), ":b", s("acme")))));
        }
    }

    @Test
    @Covers(operation = "SearchVectors", parameters = {"ReturnConsumedCapacity"})
    void consumedCapacityInBytesWithTheOneKilobyteMinimum() {
        createTable("vec_capacity", index("idx", VectorDistanceFunction.EUCLIDEAN, ProjectionType.KEYS_ONLY));
        Random r = new Random(5);
        for (int i = 0; i < 50; i++) {
            String pk = String.format("k%03d", i);
            float[] v = random(r, DIMS);
            ddb.putItem(b -> b.tableName("vec_capacity").item(item("pk", s(pk), "emb", vector(v))));
        }
        SearchVectorsResponse got = ddb.searchVectors(b -> b.tableName("vec_capacity").indexName("idx").searchVector(query(random(r, DIMS)))
                .topK(5).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        // 50 vectors of 8 f32 examined (1,600 bytes) and 5 results of 6 bytes ("pk" + "k000")
        assertEquals(1630.0, got.consumedCapacity().vectorSearchRequestBytes());
        createTable("vec_capacity_small", index("idx", VectorDistanceFunction.EUCLIDEAN, ProjectionType.KEYS_ONLY));
        SearchVectorsResponse small = ddb.searchVectors(b -> b.tableName("vec_capacity_small").indexName("idx")
                .searchVector(query(new float[DIMS])).topK(5).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(1024.0, small.consumedCapacity().vectorSearchRequestBytes());
        assertNull(search("vec_capacity", "idx", new float[DIMS], 1).consumedCapacity());
    }

    @Test
    @Covers(operation = "RestoreTableFromBackup", parameters = {"TargetTableName", "BackupArn"})
    void aRestoredTableRebuildsItsVectorIndexes() {
        createTable("vec_backup", index("idx", VectorDistanceFunction.EUCLIDEAN, ProjectionType.KEYS_ONLY));
        Random r = new Random(17);
        for (int i = 0; i < 20; i++) {
            String pk = "b" + i;
            float[] v = random(r, DIMS);
            ddb.putItem(b -> b.tableName("vec_backup").item(item("pk", s(pk), "emb", vector(v))));
        }
        float[] q = random(r, DIMS);
        List<String> before = search("vec_backup", "idx", q, 7).searchResults().stream().map(h -> h.item().get("pk").s()).toList();
        String arn = ddb.createBackup(b -> b.tableName("vec_backup").backupName("vec_backup_1")).backupDetails().backupArn();
        var restored = ddb.restoreTableFromBackup(b -> b.targetTableName("vec_restored").backupArn(arn)).tableDescription();
        assertEquals("CREATING", restored.vectorIndexes().get(0).indexStatusAsString());
        assertEquals(Boolean.TRUE, restored.vectorIndexes().get(0).backfilling());
        VectorIndexDescription v = awaitActive("vec_restored");
        assertEquals(DIMS, v.dimensions());
        assertEquals(before, search("vec_restored", "idx", q, 7).searchResults().stream().map(h -> h.item().get("pk").s()).toList());
    }

    @Test
    @Covers(operation = "UpdateTimeToLive", parameters = {"TimeToLiveSpecification"})
    void expiredItemsLeaveTheIndexWhenTtlDeletesThem() {
        createTable("vec_ttl", index("idx", VectorDistanceFunction.EUCLIDEAN, ProjectionType.KEYS_ONLY));
        ddb.updateTimeToLive(b -> b.tableName("vec_ttl").timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")));
        long now = clock.millis() / 1000;
        ddb.putItem(b -> b.tableName("vec_ttl").item(item("pk", s("old"), "emb", vector(new float[DIMS]), "expires", n(Long.toString(now + 10)))));
        ddb.putItem(b -> b.tableName("vec_ttl").item(item("pk", s("new"), "emb", vector(new float[DIMS]), "expires", n(Long.toString(now + 3600)))));
        assertEquals(2, search("vec_ttl", "idx", new float[DIMS], 10).searchResults().size());
        clock.advanceSeconds(60);
        server.engine().ttl().sweepNow();
        assertEquals(List.of("new"), search("vec_ttl", "idx", new float[DIMS], 10).searchResults().stream()
                .map(h -> h.item().get("pk").s()).toList());
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"ReturnConsumedCapacity"})
    @Covers(operation = "UpdateItem", parameters = {"ReturnConsumedCapacity"})
    @Covers(operation = "DeleteItem", parameters = {"ReturnConsumedCapacity"})
    void writesReportVectorWriteRequestBytesForTheIndexesTheyChange() {
        ddb.createTable(b -> b.tableName("vec_writes").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .vectorIndexes(v -> v.indexName("big").vectorAttribute(a -> a.attributeName("emb")).dimensions(300L)
                        .distanceFunction(VectorDistanceFunction.EUCLIDEAN).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)),
                        v -> v.indexName("small").vectorAttribute(a -> a.attributeName("tiny")).dimensions(2L)
                        .distanceFunction(VectorDistanceFunction.EUCLIDEAN).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
        awaitActive("vec_writes");
        float[] v = random(new Random(3), 300);
        var put = ddb.putItem(b -> b.tableName("vec_writes").item(item("pk", s("abc"), "emb", vector(v), "tiny", vector(new float[] {1, 2})))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        // 300 f32 (1,200 bytes) and the key ("pk" + "abc"); the small index's entry meters the 1 KB minimum
        assertEquals(1205.0, put.consumedCapacity().vectorIndexes().get("big").vectorWriteRequestBytes());
        assertEquals(1024.0, put.consumedCapacity().vectorIndexes().get("small").vectorWriteRequestBytes());
        var update = ddb.updateItem(b -> b.tableName("vec_writes").key(Map.of("pk", s("abc"))).updateExpression("SET note = :n, tiny = :t")
                .expressionAttributeValues(Map.of(":n", s("x"), ":t", vector(new float[] {3, 4})))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(java.util.Set.of("small"), update.consumedCapacity().vectorIndexes().keySet(), "only the index whose entry changed");
        var total = ddb.updateItem(b -> b.tableName("vec_writes").key(Map.of("pk", s("abc"))).updateExpression("SET tiny = :t")
                .expressionAttributeValues(Map.of(":t", vector(new float[] {5, 6}))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertFalse(total.consumedCapacity().hasVectorIndexes(), "INDEXES only");
        var delete = ddb.deleteItem(b -> b.tableName("vec_writes").key(Map.of("pk", s("abc")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        assertEquals(1205.0, delete.consumedCapacity().vectorIndexes().get("big").vectorWriteRequestBytes());
    }

    @Test
    @Covers(operation = "SearchVectors")
    @Covers(operation = "PutItem", parameters = {"Item"})
    void refusalsWithTheServiceTexts() {
        createTable("vec_refuse", index("idx", VectorDistanceFunction.COSINE, ProjectionType.ALL));
        float[] q = new float[DIMS];
        q[0] = 1;
        validation("Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive",
                () -> search("vec_refuse", "idx", q, 101));
        validation("Provided TopK value '0' is out of valid range. The value must be between 1 and 100 inclusive",
                () -> search("vec_refuse", "idx", q, 0));
        validation("Input search vector dimension 3 does not match vector index dimension 8",
                () -> search("vec_refuse", "idx", new float[] {1, 2, 3}, 5));
        validation("The table does not have the specified index: nope", () -> search("vec_refuse", "nope", q, 5));
        Sdk.fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found",
                () -> search("vec_missing", "idx", q, 5));
        validation("One or more parameter values were invalid: Invalid size for parameter emb, Expected: 8, Actual: 3. IndexName: idx",
                () -> ddb.putItem(b -> b.tableName("vec_refuse").item(item("pk", s("x"), "emb", vector(new float[] {1, 2, 3})))));
        validation("One or more parameter values were invalid: Invalid size for parameter emb, Expected: 8, Actual: 3. IndexName: idx",
                () -> ddb.updateItem(b -> b.tableName("vec_refuse").key(Map.of("pk", s("x"))).updateExpression("SET emb = :v")
                        .expressionAttributeValues(Map.of(":v", vector(new float[] {1, 2, 3})))));
        validation("Query operation not supported on this index type.",
                () -> ddb.query(b -> b.tableName("vec_refuse").indexName("idx").keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("x")))));
        validation("Scan operation not supported on this index type.", () -> ddb.scan(b -> b.tableName("vec_refuse").indexName("idx")));
        // SearchSchema attributes need their AttributeDefinitions
        validation("One or more parameter values were invalid: One element in SearchSchema is not defined in attribute definitions",
                () -> ddb.createTable(b -> b.tableName("vec_undefined").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH)))));
        // two creates in one request
        Sdk.fails(LimitExceededException.class, "LimitExceededException",
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
                () -> ddb.updateTable(b -> b.tableName("vec_refuse").vectorIndexUpdates(
                        x -> x.create(c -> c.indexName("vx1").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))),
                        x -> x.create(c -> c.indexName("vx2").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))))));
        validation("One or more parameter values were invalid: Index with name: idx already exists",
                () -> ddb.updateTable(b -> b.tableName("vec_refuse").vectorIndexUpdates(
                        x -> x.create(c -> c.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))))));
        Sdk.fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Index nope for table vec_refuse",
                () -> ddb.updateTable(b -> b.tableName("vec_refuse").vectorIndexUpdates(x -> x.delete(d -> d.indexName("nope")))));
        // member constraints in the service's envelope
        validation("1 validation error detected: Value '0' at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> ddb.createTable(b -> b.tableName("vec_zero").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(0L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL)))));
    }

    static software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.Builder withCategory(
            software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.Builder b, String name) {
        return b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("cat").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("rank").attributeType(ScalarAttributeType.N))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"VectorIndexes"})
    @Covers(operation = "PutItem", parameters = {"Item"})
    void schemaRulesOnDefinitionsAndWrites() {
        // texts Basalt words itself (docs/vector-search.md, "Unverified texts"): refused, never a 500
        validation("One or more parameter values were invalid: Dimensions for vector index idx must be between 1 and 4096",
                () -> ddb.createTable(b -> withCategory(b, "vec_dims")
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4097L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH),
                                        e -> e.attributeName("rank").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER)))));
        validation("One or more parameter values were invalid: SearchSchema of vector index idx has more than one HASH element",
                () -> ddb.createTable(b -> withCategory(b, "vec_hashes")
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH),
                                        e -> e.attributeName("rank").searchSchemaElementType(SearchSchemaElementType.HASH)))));
        validation("One or more parameter values were invalid: Vector indexes on attribute emb must all have the same number of dimensions",
                () -> ddb.createTable(b -> withCategory(b, "vec_mixed").vectorIndexes(
                        v -> v.indexName("one").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH)),
                        v -> v.indexName("two").vectorAttribute(a -> a.attributeName("emb")).dimensions(5L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("rank").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER)))));
        validation("One or more parameter values were invalid: Duplicate index name: idx",
                () -> ddb.createTable(b -> withCategory(b, "vec_dup")
                        .globalSecondaryIndexes(g -> g.indexName("idx").keySchema(k -> k.attributeName("rank").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL)))
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH)))));
        validation("One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
                () -> ddb.createTable(b -> withCategory(b, "vec_include")
                        .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.INCLUDE))
                                .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH),
                                        e -> e.attributeName("rank").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER)))));

        ddb.createTable(b -> withCategory(b, "vec_schema")
                .vectorIndexes(v -> v.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
                        .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .searchSchema(e -> e.attributeName("cat").searchSchemaElementType(SearchSchemaElementType.HASH),
                                e -> e.attributeName("rank").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER))));
        awaitActive("vec_schema");
        float[] v4 = {1, 2, 3, 4};
        validation("One or more parameter values were invalid: Type mismatch for Index Key cat Expected: S Actual: N IndexName: idx",
                () -> ddb.putItem(b -> b.tableName("vec_schema").item(item("pk", s("a"), "cat", n("1"), "emb", vector(v4)))));
        validation("One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: idx, IndexKey: cat",
                () -> ddb.putItem(b -> b.tableName("vec_schema").item(item("pk", s("a"), "cat", s(""), "emb", vector(v4)))));
        validation("One or more parameter values were invalid: Type mismatch for Index Key rank Expected: N Actual: S IndexName: idx",
                () -> ddb.putItem(b -> b.tableName("vec_schema").item(item("pk", s("a"), "cat", s("c"), "rank", s("x"), "emb", vector(v4)))));
        // a number set is no vector: accepted, not indexed
        ddb.putItem(b -> b.tableName("vec_schema").item(item("pk", s("set"), "cat", s("c"), "emb", AttributeValue.fromNs(List.of("1", "2", "3", "4")))));
        ddb.putItem(b -> b.tableName("vec_schema").item(item("pk", s("ok"), "cat", s("c"), "rank", n("2"), "emb", vector(v4))));
        var hits = ddb.searchVectors(b -> b.tableName("vec_schema").indexName("idx").searchVector(query(v4)).topK(10)
                .searchConditionExpression("cat = :c AND #r = :r").expressionAttributeNames(Map.of("#r", "rank"))
                .expressionAttributeValues(Map.of(":c", s("c"), ":r", n("2")))).searchResults();
        assertEquals(List.of("ok"), hits.stream().map(h -> h.item().get("pk").s()).toList());
        assertEquals(Map.of("pk", s("ok"), "cat", s("c"), "rank", n("2")), hits.get(0).item(), "KEYS_ONLY holds the search schema too");
        // the table's ARN names it as well as its name
        String arn = ddb.describeTable(b -> b.tableName("vec_schema")).table().tableArn();
        assertEquals(1, ddb.searchVectors(b -> b.tableName(arn).indexName("idx").searchVector(query(v4)).topK(10)
                .searchConditionExpression("cat = :c").expressionAttributeValues(Map.of(":c", s("c")))).searchResults().size());
        validation("One or more parameter values were invalid: SearchVector must contain only numbers (N)",
                () -> ddb.searchVectors(b -> b.tableName("vec_schema").indexName("idx").searchVector(s("1"), s("2"), s("3"), s("4"))
                        .topK(1).searchConditionExpression("cat = :c").expressionAttributeValues(Map.of(":c", s("c")))));
        // a GSI and a vector index in one UpdateTable are two online index changes
        Sdk.fails(LimitExceededException.class, "LimitExceededException",
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
                () -> ddb.updateTable(b -> b.tableName("vec_schema")
                        .attributeDefinitions(a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(g -> g.create(c -> c.indexName("gsi").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL))))
                        .vectorIndexUpdates(x -> x.delete(d -> d.indexName("idx")))));
        // deleting the index takes the definitions only it used
        ddb.updateTable(b -> b.tableName("vec_schema").vectorIndexUpdates(x -> x.delete(d -> d.indexName("idx"))));
        assertEquals(List.of("pk"), ddb.describeTable(b -> b.tableName("vec_schema")).table().attributeDefinitions().stream()
                .map(a -> a.attributeName()).toList());
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"VectorIndexes"})
    void provisionedTablesAndLimits() {
        ddb.createTable(b -> b.tableName("vec_prov").provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        validation("One or more parameter values were invalid: Vector indexes are supported only for tables in PAY_PER_REQUEST billing mode",
                () -> ddb.updateTable(b -> b.tableName("vec_prov").vectorIndexUpdates(
                        x -> x.create(c -> c.indexName("idx").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) DIMS)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))))));
        VectorIndex[] six = new VectorIndex[6];
        for (int i = 0; i < 6; i++) six[i] = index("idx" + i, VectorDistanceFunction.COSINE, ProjectionType.ALL);
        validation("One or more parameter values were invalid: Number of VectorIndexes exceeds per-table limit of 5",
                () -> ddb.createTable(b -> b.tableName("vec_six").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)).vectorIndexes(six)));
        createTable("vec_five", java.util.Arrays.copyOf(six, 5));
        assertEquals(5, ddb.describeTable(b -> b.tableName("vec_five")).table().vectorIndexes().size());
    }
}
