package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ShardFilterType;

/**
 * Answers whose shape the service fixes (issue #25, "Response shapes"). Evidence, from tests run
 * against the live service: scylladb test/alternator test_table.py test_delete_table_description*
 * (DeleteTable), test_manual_requests.py test_tags_return_empty_body, test_streams.py (error types of
 * the Streams API); aws-controllers-k8s/community#2782 quotes the live text for disabling a stream
 * that is off.
 */
class ResponseShapesIT extends ServerTestBase {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc";

    @Test
    @Covers(operation = "DeleteTable")
    void deleteTableDescribesLessThanDescribeTable() {
        ddb.createTable(b -> b.tableName("shape_del").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("p").keyType(KeyType.HASH), k -> k.attributeName("c").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("p").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("c").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("gsi_x").keySchema(k -> k.attributeName("x").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .localSecondaryIndexes(l -> l.indexName("lsi_x").keySchema(k -> k.attributeName("p").keyType(KeyType.HASH),
                        k -> k.attributeName("x").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL))));
        TableDescription described = ddb.describeTable(b -> b.tableName("shape_del")).table();
        TableDescription d = ddb.deleteTable(b -> b.tableName("shape_del")).tableDescription();
        assertEquals("shape_del", d.tableName());
        assertEquals(TableStatus.DELETING, d.tableStatus());
        assertEquals(described.tableId(), d.tableId());
        assertEquals(described.tableArn(), d.tableArn());
        assertNull(d.creationDateTime());
        assertFalse(d.hasKeySchema());
        assertFalse(d.hasAttributeDefinitions());
        assertFalse(d.hasGlobalSecondaryIndexes());
        assertFalse(d.hasLocalSecondaryIndexes());
        assertEquals(BillingMode.PAY_PER_REQUEST, d.billingModeSummary().billingMode());
        assertNotNull(d.billingModeSummary().lastUpdateToPayPerRequestDateTime());
        assertEquals(0L, d.provisionedThroughput().readCapacityUnits());
        assertEquals(0L, d.provisionedThroughput().writeCapacityUnits());
        assertEquals(0L, d.provisionedThroughput().numberOfDecreasesToday());
        assertEquals(0L, d.tableSizeBytes());
        assertEquals(0L, d.itemCount());
    }

    @Test
    @Covers(operation = "TagResource")
    @Covers(operation = "UntagResource")
    void tagAndUntagAnswerWithAnEmptyBody() throws Exception {
        Sdk.createHashTable(ddb, "shape_tags");
        String arn = ddb.describeTable(b -> b.tableName("shape_tags")).table().tableArn();
        HttpResponse<String> tag = post("TagResource", "{\"ResourceArn\":\"" + arn + "\",\"Tags\":[{\"Key\":\"k\",\"Value\":\"v\"}]}");
        assertEquals(200, tag.statusCode());
        assertEquals("", tag.body());
        assertEquals("0", tag.headers().firstValue("Content-Length").orElseThrow());
        HttpResponse<String> untag = post("UntagResource", "{\"ResourceArn\":\"" + arn + "\",\"TagKeys\":[\"k\"]}");
        assertEquals(200, untag.statusCode());
        assertEquals("", untag.body());
        // the SDK reads the empty answers as well
        ddb.tagResource(b -> b.resourceArn(arn).tags(t -> t.key("a").value("b")));
        ddb.untagResource(b -> b.resourceArn(arn).tagKeys("a"));
        assertTrue(ddb.listTagsOfResource(b -> b.resourceArn(arn)).tags().isEmpty());
    }

    private HttpResponse<String> post(String target, String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint())
                .header("Content-Type", "application/x-amz-json-1.0").header("X-Amz-Target", "DynamoDB_20120810." + target)
                .header("Authorization", AUTH).header("X-Amz-Date", "20250101T000000Z")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"GlobalSecondaryIndexUpdates"})
    void indexNamesOfUpdateTableHaveTheLengthLimit() {
        Sdk.createHashTable(ddb, "shape_gsi_name");
        String longName = "n".repeat(256);
        Sdk.validation("1 validation error detected: Value '" + longName + "' at 'globalSecondaryIndexUpdates.1.member.create.indexName'"
                        + " failed to satisfy constraint: Member must have length less than or equal to 255",
                () -> ddb.updateTable(b -> b.tableName("shape_gsi_name")
                        .attributeDefinitions(a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(u -> u.create(g -> g.indexName(longName)
                                .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL))))));
        // 255 is allowed
        ddb.updateTable(b -> b.tableName("shape_gsi_name")
                .attributeDefinitions(a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(g -> g.indexName("n".repeat(255))
                        .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL)))));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"StreamSpecification"})
    void disablingAStreamThatIsOffIsRefused() {
        Sdk.createHashTable(ddb, "shape_nostream");
        Sdk.validation("Table has no stream to disable: TableName: shape_nostream",
                () -> ddb.updateTable(b -> b.tableName("shape_nostream").streamSpecification(s -> s.streamEnabled(false))));
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn", "ShardFilter"})
    @Covers(operation = "Streams.GetShardIterator", parameters = {"StreamArn", "ShardId"})
    @Covers(operation = "Streams.ListStreams", parameters = {"ExclusiveStartStreamArn"})
    void streamsErrors() {
        Sdk.createHashTable(ddb, "shape_stream");
        String arn = ddb.updateTable(b -> b.tableName("shape_stream")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)))
                .tableDescription().latestStreamArn();
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            String bogus = "sdfadfsdfnlfkajakfgjalksfgklasjklasdjfklasdfasdfgasf";
            streamsValidation("Invalid StreamArn", () -> streams.describeStream(b -> b.streamArn(bogus)));
            streamsValidation("Invalid StreamArn", () -> streams.getShardIterator(b -> b.streamArn(bogus)
                    .shardId("shardId-00000000000000000000-00000000").shardIteratorType("LATEST")));
            streamsValidation("Invalid StreamArn", () -> streams.listStreams(b -> b.tableName("shape_stream")
                    .exclusiveStartStreamArn("kossaapaaasdafsdaasdasdasdasasdasfadfadfasdasdas")));
            // well-formed, but no such table: not found
            String otherTable = arn.replace("table/shape_stream/", "table/shape_stream_nope/");
            ResourceNotFoundException gone = assertThrows(ResourceNotFoundException.class,
                    () -> streams.describeStream(b -> b.streamArn(otherTable)));
            assertEquals("Requested resource not found: Stream: " + otherTable + " not found", gone.awsErrorDetails().errorMessage());
            ResourceNotFoundException noShard = assertThrows(ResourceNotFoundException.class,
                    () -> streams.getShardIterator(b -> b.streamArn(arn).shardId("adfasdasdasdasdasdasdasdasdasasdasd").shardIteratorType("LATEST")));
            assertEquals("Requested resource not found: Shard does not exist", noShard.awsErrorDetails().errorMessage());
            String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
            streamsValidation("1 validation error detected: Value 'foo' at 'shardFilter.type' failed to satisfy constraint: Member must satisfy enum value set: [CHILD_SHARDS]",
                    () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type("foo").shardId(shard))));
            streamsValidation("1 validation error detected: Value 'qwerty' at 'shardFilter.shardId' failed to satisfy constraint: Member must have length greater than or equal to 28",
                    () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId("qwerty"))));
            streamsValidation("1 validation error detected: Value null at 'shardFilter.type' failed to satisfy constraint: Member must not be null",
                    () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.shardId(shard))));
            streamsValidation("ShardFilter.ShardId must be specified when ShardFilter.Type is CHILD_SHARDS",
                    () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS))));
            assertTrue(streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId(shard)))
                    .streamDescription().shards().isEmpty());
        }
    }

    private static void streamsValidation(String message, org.junit.jupiter.api.function.Executable call) {
        DynamoDbException e = assertThrows(DynamoDbException.class, call);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertEquals(message, e.awsErrorDetails().errorMessage());
        assertEquals(400, e.statusCode());
    }
}
