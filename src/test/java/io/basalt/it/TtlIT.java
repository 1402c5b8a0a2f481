package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * TTL expiry observed in the table, its index and its stream. Expiry follows the server's manual
 * clock; the test runs the sweeper's pass itself ({@code sweepNow}) instead of waiting for it.
 */
class TtlIT extends ServerTestBase {

    @Test
    @Covers(operation = "UpdateTimeToLive", parameters = {"TimeToLiveSpecification"})
    void expiredItemsAreDeletedByTheService() throws Exception {
        ddb.createTable(b -> b.tableName("ttl_expiry").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("grp").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("by_grp").keySchema(k -> k.attributeName("grp").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.OLD_IMAGE)));
        long now = clock.millis() / 1000;
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "before-enable", "grp", "g", "expires", n(Long.toString(now - 60)))));
        ddb.updateTimeToLive(b -> b.tableName("ttl_expiry").timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "expired", "grp", "g", "expires", n(Long.toString(now - 10)))));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "future", "grp", "g", "expires", n(Long.toString(now + 3600)))));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "ancient", "grp", "g", "expires", n(Long.toString(now - 6L * 365 * 24 * 3600)))));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "not-a-number", "grp", "g", "expires", s("yesterday"))));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "no-ttl", "grp", "g")));
        ddb.putItem(b -> b.tableName("ttl_expiry").item(item("pk", "extended", "grp", "g", "expires", n(Long.toString(now - 5)))));
        ddb.updateItem(b -> b.tableName("ttl_expiry").key(item("pk", "extended")).updateExpression("SET expires = :later")
                .expressionAttributeValues(Map.of(":later", n(Long.toString(now + 3600)))));

        server.engine().ttl().sweepNow(); // the background pass may have run first: check what is left
        assertEquals(new TreeSet<>(List.of("future", "ancient", "not-a-number", "no-ttl", "extended")), keys("ttl_expiry"));
        assertEquals(5, ddb.query(b -> b.tableName("ttl_expiry").indexName("by_grp").keyConditionExpression("grp = :g")
                .expressionAttributeValues(Map.of(":g", s("g")))).count(), "the index lost the expired items too");

        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build()).build()) {
            String arn = ddb.describeTable(b -> b.tableName("ttl_expiry")).table().latestStreamArn();
            List<Record> removes = new ArrayList<>();
            for (Shard shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
                String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId()).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                streams.getRecords(b -> b.shardIterator(it)).records().stream()
                        .filter(r -> r.eventNameAsString().equals("REMOVE")).forEach(removes::add);
            }
            assertEquals(2, removes.size());
            for (Record r : removes) {
                assertEquals("Service", r.userIdentity().type());
                assertEquals("dynamodb.amazonaws.com", r.userIdentity().principalId());
                assertTrue(r.dynamodb().hasOldImage());
            }
        }

        // an hour later the future items are due too; until then a pass leaves them
        clock.advanceSeconds(3599);
        assertEquals(0, server.engine().ttl().sweepNow().expiredItems());
        assertEquals(new TreeSet<>(List.of("future", "ancient", "not-a-number", "no-ttl", "extended")), keys("ttl_expiry"));
        clock.advanceSeconds(1);
        server.engine().ttl().sweepNow();
        assertEquals(new TreeSet<>(List.of("ancient", "not-a-number", "no-ttl")), keys("ttl_expiry"));
    }

    private static Set<String> keys(String table) {
        Set<String> out = new TreeSet<>();
        for (var i : ddb.scan(b -> b.tableName(table)).items()) out.add(i.get("pk").s());
        return out;
    }
}
