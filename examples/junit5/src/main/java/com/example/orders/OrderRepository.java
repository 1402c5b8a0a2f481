package com.example.orders;

import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The code under test: orders kept in DynamoDB through the Enhanced Client. */
public class OrderRepository {
    private final DynamoDbTable<Order> table;

    public OrderRepository(DynamoDbClient dynamo) {
        this.table = DynamoDbEnhancedClient.builder().dynamoDbClient(dynamo).build()
                .table("Orders", TableSchema.fromBean(Order.class));
    }

    public void save(Order order) {
        table.putItem(order);
    }

    public Order find(String customer, String id) {
        return table.getItem(Key.builder().partitionValue(customer).sortValue(id).build());
    }

    public List<Order> ofCustomer(String customer) {
        return table.query(QueryConditional.keyEqualTo(Key.builder().partitionValue(customer).build())).items().stream().toList();
    }
}
