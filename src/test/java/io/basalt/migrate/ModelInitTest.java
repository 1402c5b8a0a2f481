package io.basalt.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelLoader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code model init} on a shop analysis (issue #36.9 and #36.6): an order, which its lines refer to,
 * heads their item collection under its own key instead of going under its customer; the lines' sort
 * key does not repeat the order id; a table without a primary key is keyed by all its never-NULL columns
 * (with a comment to check it); a sparse column's size is that of its values where present.
 */
class ModelInitTest {
    private static final String ANALYSIS = """
            {"source": "jdbc:postgresql://db/shop", "entities": [
              {"name": "customers", "kind": "table", "rows": 10, "primaryKey": ["customer_id"], "foreignKeys": [],
               "itemSize": {"p95": 40, "mean": 30}, "columns": [{"name": "customer_id", "dynamoType": "N", "averageBytes": 13, "nullShare": 0}]},
              {"name": "orders", "kind": "table", "rows": 100, "primaryKey": ["order_id"],
               "foreignKeys": [{"columns": ["customer_id"], "references": "customers"}], "itemSize": {"p95": 60, "mean": 50},
               "columns": [{"name": "order_id", "dynamoType": "N", "averageBytes": 10, "nullShare": 0},
                           {"name": "customer_id", "dynamoType": "N", "averageBytes": 13, "nullShare": 0}]},
              {"name": "order_lines", "kind": "table", "rows": 300, "primaryKey": ["order_id", "line_no"],
               "foreignKeys": [{"columns": ["order_id"], "references": "orders"}], "itemSize": {"p95": 50, "mean": 40},
               "columns": [{"name": "order_id", "dynamoType": "N", "averageBytes": 10, "nullShare": 0},
                           {"name": "line_no", "dynamoType": "N", "averageBytes": 9, "nullShare": 0}]},
              {"name": "order_events", "kind": "table", "rows": 1000, "primaryKey": [],
               "foreignKeys": [{"columns": ["order_id"], "references": "orders"}], "itemSize": {"p95": 70, "mean": 50},
               "columns": [{"name": "order_id", "dynamoType": "N", "averageBytes": 10, "nullShare": 0},
                           {"name": "at", "dynamoType": "S", "averageBytes": 29, "nullShare": 0},
                           {"name": "note", "dynamoType": "S", "averageBytes": 1.4, "nullShare": 0.9}]}]}
            """;

    @Test
    void collectionsKeylessTablesAndSparseSizes() {
        Map<String, Object> analysis = ModelLoader.map(ModelLoader.readTree(ANALYSIS, "analysis.json"), "analysis.json");
        String yaml = ModelInit.propose(analysis, "Shop");
        Model model = ModelLoader.parse(yaml, "proposed");
        assertEquals(Map.of("PK", "CUSTOMERS#{customer_id}", "SK", "CUSTOMERS"), model.entity("customers").orElseThrow().key());
        assertEquals(Map.of("PK", "ORDERS#{order_id}", "SK", "ORDERS"), model.entity("orders").orElseThrow().key(), yaml);
        assertEquals(Map.of("PK", "ORDERS#{order_id}", "SK", "ORDER_LINES#{line_no}"), model.entity("order_lines").orElseThrow().key(), yaml);
        assertEquals(Map.of("PK", "ORDERS#{order_id}", "SK", "ORDER_EVENTS#{at}"), model.entity("order_events").orElseThrow().key(), yaml);
        assertTrue(yaml.contains("    # order_events has no primary key: its item key uses every column without NULLs; check that it is unique with\n"), yaml);
        assertTrue(yaml.contains("    # other tables refer to orders: it heads their item collection under its own key"), yaml);
        assertTrue(yaml.contains("      note: {from: note, type: S, size: 10}\n"), yaml);
    }
}
