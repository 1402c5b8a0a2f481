package com.example.inventory;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The code under test: stock counts, taken out only while some are left (a conditional update). */
public class Inventory {
    private final DynamoDbClient dynamo;

    public Inventory(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    public void createTable() {
        dynamo.createTable(r -> r.tableName("Stock").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(d -> d.attributeName("sku").attributeType("S"))
                .keySchema(k -> k.attributeName("sku").keyType("HASH")));
    }

    public void stock(String sku, int count) {
        dynamo.putItem(r -> r.tableName("Stock").item(Map.of("sku", AttributeValue.fromS(sku), "count", AttributeValue.fromN(Integer.toString(count)))));
    }

    /** Takes one out; false when none are left. */
    public boolean take(String sku) {
        try {
            dynamo.updateItem(r -> r.tableName("Stock").key(Map.of("sku", AttributeValue.fromS(sku)))
                    .updateExpression("SET #c = #c - :one").conditionExpression("#c > :zero")
                    .expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":zero", AttributeValue.fromN("0"))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }
}
