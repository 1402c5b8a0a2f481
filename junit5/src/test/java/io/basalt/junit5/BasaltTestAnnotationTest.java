package io.basalt.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** @BasaltTest with the defaults: one server per JVM, set-up tables before each test, every table dropped after it. */
@BasaltTest(tables = "orders-tables.json")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BasaltTestAnnotationTest {
    private static final Map<String, AttributeValue> ORDER = Map.of("customer", AttributeValue.fromS("c-1"), "order", AttributeValue.fromN("7"));

    @Test
    @Order(1)
    void setUpTablesAndItemsAreThere(DynamoDbClient dynamo) {
        assertEquals(java.util.List.of("Customers", "Orders"), dynamo.listTables().tableNames());
        Map<String, AttributeValue> ada = dynamo.getItem(r -> r.tableName("Customers").key(Map.of("id", AttributeValue.fromS("c-1")))).item();
        assertEquals("Ada \"the first\"", ada.get("name").s());
        assertEquals("1843.5", ada.get("since").n(), "numbers as DynamoDB keeps them");
        dynamo.putItem(r -> r.tableName("Orders").item(ORDER));
        dynamo.createTable(r -> r.tableName("Scratch").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(d -> d.attributeName("k").attributeType("S")).keySchema(k -> k.attributeName("k").keyType("HASH")));
    }

    @Test
    @Order(2)
    void eachTestStartsFromTheSetUpAgain(DynamoDbClient dynamo) {
        assertEquals(java.util.List.of("Customers", "Orders"), dynamo.listTables().tableNames(), "Scratch dropped, set-up re-created");
        assertFalse(dynamo.getItem(r -> r.tableName("Orders").key(ORDER)).hasItem(), "the previous test's item is gone");
        ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(r -> r.tableName("Scratch")));
        assertEquals("Requested resource not found: Table: Scratch not found", e.awsErrorDetails().errorMessage());
    }

    @Test
    @Order(3)
    void asyncClientAndEndpointAreInjected(DynamoDbAsyncClient async, URI endpoint) throws Exception {
        assertEquals(2, async.listTables().get().tableNames().size());
        assertTrue(endpoint.toString().startsWith("http://127.0.0.1:"), endpoint.toString());
        SharedServer.ENDPOINTS.add(endpoint);
        assertEquals(1, SharedServer.ENDPOINTS.size(), "one server for the JVM: " + SharedServer.ENDPOINTS);
    }
}
