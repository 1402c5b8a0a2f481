package com.example.orders;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/** An order as the Enhanced Client maps it: table Orders, key (customer, id). */
@DynamoDbBean
public class Order {
    private String customer;
    private String id;
    private long cents;

    @DynamoDbPartitionKey
    public String getCustomer() { return customer; }
    public void setCustomer(String customer) { this.customer = customer; }

    @DynamoDbSortKey
    public String getId() { return id; }
    public void setId(String id) { this.id = id; }

    public long getCents() { return cents; }
    public void setCents(long cents) { this.cents = cents; }
}
