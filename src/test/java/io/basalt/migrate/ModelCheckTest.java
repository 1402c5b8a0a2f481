package io.basalt.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelCheck;
import io.basalt.migrate.model.ModelCheck.Status;
import io.basalt.migrate.model.ModelLoader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code model check}: a pattern served by a GSI, one that needs a Scan, hot and sparse keys. */
class ModelCheckTest {
    private static final String MODEL = """
            entities:
              - name: Order
                table: Shop
                itemSize: 300
                key: {PK: "C#{customer_id}", SK: "O#{order_id}"}
                attributes:
                  Status: status_code
                  GSI1PK: {from: "{status_code}"}
                  Total: {from: total, type: N}
              - name: Customer
                table: Shop
                itemSize: 200
                key: {PK: "C#{customer_id}", SK: "profile"}
                attributes:
                  Email: email
            tables:
              - name: Shop
                partitionKey: PK
                sortKey: SK
                globalSecondaryIndexes:
                  - {name: ByStatus, partitionKey: GSI1PK, sortKey: SK, projection: KEYS_ONLY}
                  - {name: ByEmail, partitionKey: Email, projection: ALL}
            accessPatterns:
              - {name: orders-by-status, operation: Query, table: Shop, index: ByStatus, keyCondition: "GSI1PK = :s", frequency: 5, entity: Order}
              - {name: customer-by-email, operation: Query, table: Shop, index: ByEmail, keyCondition: "Email = :e", frequency: 3, entity: Customer}
              - {name: orders-over, operation: Query, table: Shop, keyCondition: "Total > :t", frequency: 1, entity: Order}
              - {name: big-orders, operation: Query, table: Shop, keyCondition: "PK = :c", filter: "Total > :t", frequency: 1, entity: Order}
              - {name: customer-orders-wrong-index, operation: Query, table: Shop, index: ByEmail, keyCondition: "PK = :c", frequency: 1, entity: Order}
            """;

    @Test
    void servedByGsiScanHotKeysAndSparseIndexes(@TempDir Path dir) throws Exception {
        Model model = ModelLoader.parse(MODEL, "test");
        ModelCheck.Result r = new ModelCheck(model, Map.of("Order.status_code", new BigDecimal("0.62")), new BigDecimal("0.1")).run();
        assertEquals(Status.SERVED, r.patterns().get(0).status());
        assertEquals("key condition on index ByStatus of table Shop", r.patterns().get(0).servedBy());
        assertEquals(Status.SERVED, r.patterns().get(1).status());
        assertEquals(Status.SCAN, r.patterns().get(2).status());
        assertTrue(r.patterns().get(2).messages().get(0).contains("needs a Scan"), r.toText());
        assertEquals(Status.SERVED, r.patterns().get(3).status());
        assertEquals(Status.ERROR, r.patterns().get(4).status());
        assertTrue(r.patterns().get(4).messages().get(0).contains("table Shop would serve it"), r.toText());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("column status_code") && w.contains("62%")), r.toText());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("index ByStatus is sparse: it holds only items of Order")), r.toText());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("index ByEmail is sparse: it holds only items of Customer")), r.toText());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("sparse-index opportunity: access pattern big-orders")), r.toText());
        assertTrue(!r.ok());

        // through the command: exit code 1 and the JSON
        Path file = dir.resolve("model.yaml");
        Files.writeString(file, MODEL);
        String json = EstimateTest.run(1, "model", "check", "--model", file.toString(), "--format", "json");
        assertTrue(json.replace(" ", "").contains("\"status\":\"SCAN\""), json);
        EstimateTest.run(0, "model", "check", "--model", "examples/gaming/model.yaml");
    }

    /** Statistics by table and column: customers.customer_id (unique) is not orders.customer_id (17% on one customer). */
    @Test
    void hotKeysLookedUpByTableAndColumn() {
        Model model = ModelLoader.parse("""
                entities:
                  - name: Customer
                    query: SELECT customer_id, email FROM customers
                    table: Shop
                    key: {PK: "C#{customer_id}", SK: "profile"}
                  - name: Order
                    query: SELECT o.customer_id, o.order_id, c.email FROM orders o JOIN customers c ON c.customer_id = o.customer_id
                    table: Shop
                    key: {PK: "C#{customer_id}", SK: "O#{order_id}"}
                tables:
                  - {name: Shop, partitionKey: PK, sortKey: SK}
                """, "test");
        ModelCheck.Result r = new ModelCheck(model, Map.of("customers.customer_id", new BigDecimal("0.0001"), "orders.customer_id",
                new BigDecimal("0.17")), new BigDecimal("0.1")).run();
        assertEquals(java.util.List.of("hot key: PK of entity Order comes from column customer_id whose most frequent value holds 17% of the rows:"
                + " that partition takes the same share of the load"), r.warnings());
    }

    @Test
    void unknownFieldsAndBadOperationsAreReported() {
        String bad = "tables: [{name: T, partitionKey: K, sortkey: S}]\n";
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.basalt.migrate.model.ModelException.class,
                () -> ModelLoader.parse(bad, "m.yaml"));
        assertTrue(e.getMessage().contains("unknown field 'sortkey'"), e.getMessage());
    }
}
