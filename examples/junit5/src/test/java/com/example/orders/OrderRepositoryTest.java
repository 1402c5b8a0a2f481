package com.example.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.junit5.BasaltTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The repository against a real DynamoDB API: Basalt in this JVM, table Orders from tables.json, dropped after each test. */
@BasaltTest(tables = "tables.json")
class OrderRepositoryTest {
    @Test
    void savesAndFindsWithTheEnhancedClient(DynamoDbClient dynamo) {
        OrderRepository orders = new OrderRepository(dynamo);
        Order o = new Order();
        o.setCustomer("ada");
        o.setId("2026-001");
        o.setCents(1250);
        orders.save(o);
        assertEquals(1250, orders.find("ada", "2026-001").getCents());
        assertEquals(1, orders.ofCustomer("ada").size());
    }

    @Test
    void everyTestStartsWithAnEmptyTable(DynamoDbClient dynamo) {
        assertEquals(0, new OrderRepository(dynamo).ofCustomer("ada").size());
    }

    @Test
    void conditionalWritesFailAsInDynamoDb(DynamoDbClient dynamo) {
        Map<String, AttributeValue> key = Map.of("customer", AttributeValue.fromS("bob"), "id", AttributeValue.fromS("1"));
        dynamo.putItem(r -> r.tableName("Orders").item(key));
        var e = assertThrows(ConditionalCheckFailedException.class,
                () -> dynamo.putItem(r -> r.tableName("Orders").item(key).conditionExpression("attribute_not_exists(customer)")));
        assertEquals("The conditional request failed", e.awsErrorDetails().errorMessage());
    }
}
