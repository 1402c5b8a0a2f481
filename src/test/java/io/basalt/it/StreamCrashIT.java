package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The stream and the table never disagree after kill -9: the change log still rebuilds the table. */
class StreamCrashIT {

    @Test
    void changeLogSurvivesKill9() throws Exception {
        Path dir = Files.createTempDirectory("basalt-stream-crash");
        try (ServerProcess server = ServerProcess.start(dir); DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            c.createTable(b -> b.tableName("log").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                pool.execute(() -> {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    while (!stop.get()) {
                        String key = "k" + r.nextInt(100);
                        try {
                            if (r.nextInt(4) == 0) c.deleteItem(b -> b.tableName("log").key(item("pk", key)));
                            else c.updateItem(b -> b.tableName("log").key(item("pk", key)).updateExpression("ADD n :one")
                                    .expressionAttributeValues(Map.of(":one", n("1"))));
                        } catch (RuntimeException e) {
                            return; // the server was killed
                        }
                    }
                });
            }
            Thread.sleep(5000);
            stop.set(true);
            server.kill9();
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        try (ServerProcess server = ServerProcess.start(dir); DynamoDbClient c = ServerTestBase.client(server.endpoint());
             DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                     .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build()).build()) {
            String arn = c.describeTable(b -> b.tableName("log")).table().latestStreamArn();
            Map<String, Map<String, AttributeValue>> rebuilt = new HashMap<>();
            int records = 0;
            for (Shard shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
                String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                while (it != null) {
                    String current = it;
                    GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current));
                    for (Record rec : r.records()) {
                        records++;
                        String key = rec.dynamodb().keys().get("pk").s();
                        if (rec.eventNameAsString().equals("REMOVE")) rebuilt.remove(key);
                        else rebuilt.put(key, rec.dynamodb().newImage());
                    }
                    if (r.records().isEmpty()) break;
                    it = r.nextShardIterator();
                }
            }
            Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
            c.scanPaginator(b -> b.tableName("log")).items().forEach(i -> scanned.put(i.get("pk").s(), i));
            assertEquals(scanned, rebuilt);
            assertTrue(records > 20, "too few changes to mean anything: " + records);
        }
    }
}
