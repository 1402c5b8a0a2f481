package com.example.inventory;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.testcontainers.BasaltContainer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The inventory against Basalt's container, started once for the class by Testcontainers. */
@Testcontainers
class InventoryTest {
    @Container
    static BasaltContainer basalt = new BasaltContainer().withInMemory();

    static Inventory inventory;

    @BeforeAll
    static void table() {
        DynamoDbClient dynamo = basalt.client();
        inventory = new Inventory(dynamo);
        inventory.createTable();
    }

    @Test
    void takesWhileStockLasts() {
        inventory.stock("lamp", 2);
        assertTrue(inventory.take("lamp"));
        assertTrue(inventory.take("lamp"));
        assertFalse(inventory.take("lamp"), "the condition refuses the third");
    }
}
