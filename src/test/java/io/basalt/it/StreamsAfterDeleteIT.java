package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;

/**
 * A deleted table's stream stays for 24 hours, as the service keeps it: DescribeStream answers
 * DISABLED, ListStreams still lists it (before the stream of a new table of the same name), its
 * records stay readable; then it is gone (ack-api-quirks DDB-TABLE-378, live 2026-10-09; Streams
 * API reference: "stream records ... are removed after 24 hours").
 */
class StreamsAfterDeleteIT extends ServerTestBase {
    private static String createStreamTable(String name) {
        return ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)))
                .tableDescription().latestStreamArn();
    }

    private static List<String> records(DynamoDbStreamsClient streams, String arn, StreamDescription d) {
        List<String> out = new ArrayList<>();
        for (Shard shard : d.shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            var page = streams.getRecords(b -> b.shardIterator(it));
            for (var r : page.records()) out.add(r.eventNameAsString() + " " + r.dynamodb().keys().get("pk").s());
        }
        out.sort(null);
        return out;
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = "StreamArn")
    @Covers(operation = "Streams.ListStreams", parameters = "TableName")
    @Covers(operation = "Streams.GetRecords", parameters = "ShardIterator")
    @Covers(operation = "Streams.GetShardIterator", parameters = {"StreamArn", "ShardId", "ShardIteratorType"})
    void theStreamOutlivesItsTableByADay() {
        String old = createStreamTable("Gone");
        ddb.putItem(b -> b.tableName("Gone").item(item("pk", "a", "v", "1")));
        ddb.putItem(b -> b.tableName("Gone").item(item("pk", "b", "v", "1")));
        ddb.deleteItem(b -> b.tableName("Gone").key(item("pk", "a")));
        ddb.deleteTable(b -> b.tableName("Gone"));
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            StreamDescription d = streams.describeStream(b -> b.streamArn(old)).streamDescription();
            assertEquals("DISABLED", d.streamStatusAsString());
            assertEquals("Gone", d.tableName());
            assertEquals(StreamViewType.NEW_AND_OLD_IMAGES.toString(), d.streamViewTypeAsString());
            assertEquals("pk", d.keySchema().get(0).attributeName());
            // every shard is closed, and the records are still there
            assertTrue(d.shards().stream().allMatch(s -> s.sequenceNumberRange().endingSequenceNumber() != null));
            // streams are eventually consistent; on Cassandra the change log writes the records after the acknowledgement
            assertEquals(List.of("INSERT a", "INSERT b", "REMOVE a"), Eventually.converged(getClass().isAnnotationPresent(OnCassandra.class),
                    java.time.Duration.ofSeconds(60), "the 3 records", () -> records(streams, old, d), r -> r.size() >= 3));
            assertEquals(List.of(old), streams.listStreams(b -> b.tableName("Gone")).streams().stream().map(s -> s.streamArn()).toList());
            assertTrue(streams.listStreams().streams().stream().anyMatch(s -> s.streamArn().equals(old)));

            // a new table of the same name: both streams listed, the deleted one first (DDB-TABLE-378)
            String fresh = createStreamTable("Gone");
            assertNotEquals(old, fresh);
            assertEquals(List.of(old, fresh), streams.listStreams(b -> b.tableName("Gone")).streams().stream().map(s -> s.streamArn()).toList());
            assertEquals("DISABLED", streams.describeStream(b -> b.streamArn(old)).streamDescription().streamStatusAsString());
            assertEquals("ENABLED", streams.describeStream(b -> b.streamArn(fresh)).streamDescription().streamStatusAsString());

            // a day after the deletion the stream is gone with its records
            clock.advanceSeconds(24 * 3600 + 1);
            fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Stream: " + old + " not found",
                    () -> streams.describeStream(b -> b.streamArn(old)));
            assertEquals(List.of(fresh), streams.listStreams(b -> b.tableName("Gone")).streams().stream().map(s -> s.streamArn()).toList());
            ddb.deleteTable(b -> b.tableName("Gone"));
        }
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = "StreamArn")
    void aTableWithoutAStreamLeavesNone() {
        Sdk.createHashTable(ddb, "NoStream");
        ddb.deleteTable(b -> b.tableName("NoStream"));
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            assertEquals(List.of(), streams.listStreams(b -> b.tableName("NoStream")).streams());
        }
    }
}
