package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.differential.Answer;
import io.basalt.differential.WireClient;
import io.basalt.engine.capacity.CapacityMode;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;

/**
 * Basalt's own DescribeTableActivity (Basalt_20261125, what the console's capacity view polls): the
 * table's and each GSI's counters of consumed units and throttled requests, provisioned capacity,
 * the simulated partitions and the Contributor Insights top keys; its errors in the API's shape.
 */
class TableActivityIT {
    @Test
    void countersPartitionsAndTopKeys() throws Exception {
        BasaltConfig config = ServerTestBase.config(getClass()).toBuilder().capacity(CapacityMode.ENFORCE).build();
        try (Basalt server = Basalt.start(config); DynamoDbClient ddb = ServerTestBase.client(server.endpoint());
             WireClient wire = new WireClient(server.endpoint())) {
            ddb.createTable(b -> b.tableName("Hot").provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))
                    .keySchema(k -> k.attributeName("pk").keyType("HASH"))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("g").attributeType("S"))
                    .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
                            .projection(p -> p.projectionType("ALL")).provisionedThroughput(t -> t.readCapacityUnits(3L).writeCapacityUnits(3L))));
            ddb.updateContributorInsights(b -> b.tableName("Hot").contributorInsightsAction(ContributorInsightsAction.ENABLE));
            for (int i = 0; i < 4; i++) ddb.putItem(b -> b.tableName("Hot").item(item("pk", "hot", "g", "x")));
            Answer.Raw r = wire.send("Basalt_20261125.DescribeTableActivity", "{\"TableName\":\"Hot\"}");
            assertEquals(200, r.status(), r.body());
            String body = r.body();
            assertTrue(body.contains("\"TableName\":\"Hot\"") && body.contains("\"ReadCapacityUnits\":5"), body);
            assertTrue(body.contains("\"ConsumedWriteCapacityUnits\":4.0"), "four 1-WCU writes counted: " + body);
            assertTrue(body.contains("\"IndexName\":\"byG\"") && body.contains("\"ReadCapacityUnits\":3"), body);
            assertTrue(body.contains("\"Partitions\":[{\"Partition\":0"), body);
            assertTrue(body.contains("\"MostAccessedKeys\":[{\"Key\":\"hot\",\"Count\":4}"), body);
            // the latency of the table's requests per operation, as the server timed them
            assertTrue(body.contains("\"LatencyBucketBounds\":[5.0E-4,0.001,"), body);
            assertTrue(body.matches("(?s).*\"PutItem\":\\{\"Requests\":4,\"Errors\":0,\"Seconds\":[0-9.E-]+,\"Buckets\":\\[[0-9,]*,4]}.*"), body);
            ddb.getItem(b -> b.tableName("Hot").key(item("pk", "hot")));
            assertTrue(wire.send("Basalt_20261125.DescribeTableActivity", "{\"TableName\":\"Hot\"}").body()
                    .contains("\"GetItem\":{\"Requests\":1,\"Errors\":0,"), "a read counted on its table");
            // errors as the API gives them
            Answer.Raw missing = wire.send("Basalt_20261125.DescribeTableActivity", "{\"TableName\":\"Nope\"}");
            assertEquals(400, missing.status());
            assertTrue(missing.body().contains("ResourceNotFoundException") && missing.body().contains("Table: Nope not found"), missing.body());
            Answer.Raw unknown = wire.send("Basalt_20261125.Nothing", "{}");
            assertEquals(400, unknown.status());
            assertTrue(unknown.body().contains("UnknownOperationException"), unknown.body());
        }
    }
}
