package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** DynamoDB Streams through the SDK's streams client on the same endpoint. */
class StreamsIT extends ServerTestBase {
    private static DynamoDbStreamsClient streams;

    @BeforeAll
    static void client() {
        streams = streamsClient(server.endpoint());
    }

    @AfterAll
    static void close() {
        if (streams != null) streams.close(); // null when the class was skipped (BASALT_CASSANDRA)
        streams = null;
    }

    private static void createStreamTable(String name) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    }

    /** Every record of every shard from TRIM_HORIZON, per shard in order. */
    private static Map<String, List<Record>> readAll(String streamArn) {
        return StreamRecords.byShard(streams, streamArn);
    }

    /**
     * {@link #readAll}, once the stream holds at least {@code records} records: a stream is read
     * right after writing here, and on Cassandra the records are applied after the write is
     * acknowledged (its change log), so there the read is repeated until they are in.
     */
    private Map<String, List<Record>> readAll(String streamArn, int records) {
        return Eventually.converged(getClass().isAnnotationPresent(OnCassandra.class), Duration.ofSeconds(60),
                records + " records in " + streamArn, () -> readAll(streamArn),
                m -> m.values().stream().mapToInt(List::size).sum() >= records);
    }

    @Test
    @Covers(operation = "Streams.ListStreams", parameters = {"TableName"})
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn"})
    @Covers(operation = "Streams.GetShardIterator", parameters = {"StreamArn", "ShardId", "ShardIteratorType"})
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator", "Limit"})
    void recordsPerChange() {
        createStreamTable("stream_basic");
        String arn = ddb.describeTable(b -> b.tableName("stream_basic")).table().latestStreamArn();
        assertEquals(arn, streams.listStreams(b -> b.tableName("stream_basic")).streams().get(0).streamArn());
        ddb.putItem(b -> b.tableName("stream_basic").item(item("pk", "a", "v", n("1"))));
        ddb.putItem(b -> b.tableName("stream_basic").item(item("pk", "a", "v", n("1")))); // no change: no record
        ddb.updateItem(b -> b.tableName("stream_basic").key(item("pk", "a")).updateExpression("SET v = :two")
                .expressionAttributeValues(Map.of(":two", n("2"))));
        ddb.deleteItem(b -> b.tableName("stream_basic").key(item("pk", "a")));
        List<Record> all = new ArrayList<>();
        readAll(arn, 3).values().forEach(all::addAll);
        assertEquals(List.of("INSERT", "MODIFY", "REMOVE"), all.stream().map(Record::eventNameAsString).toList());
        Record modify = all.get(1);
        assertEquals("1", modify.dynamodb().oldImage().get("v").n());
        assertEquals("2", modify.dynamodb().newImage().get("v").n());
        assertEquals(Map.of("pk", s("a")), modify.dynamodb().keys());
        assertEquals("aws:dynamodb", modify.eventSource());
        assertEquals("us-east-1", modify.awsRegion());
        assertTrue(modify.dynamodb().sizeBytes() > 0);
        assertTrue(all.get(2).dynamodb().newImage().isEmpty() || !all.get(2).dynamodb().hasNewImage());
        ResourceNotFoundException e = org.junit.jupiter.api.Assertions.assertThrows(ResourceNotFoundException.class,
                () -> streams.describeStream(b -> b.streamArn(arn.replace("stream_basic", "nope_table"))));
        assertEquals(400, e.statusCode());
    }

    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn"})
    void expiredIteratorsAndDisabledStreams() {
        createStreamTable("stream_expiry");
        String arn = ddb.describeTable(b -> b.tableName("stream_expiry")).table().latestStreamArn();
        String shardId = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId).shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                .shardIterator();
        clock.advanceSeconds(15 * 60); // iterators live 15 minutes
        assertTrue(streams.getRecords(b -> b.shardIterator(iterator)).records().isEmpty());
        clock.advanceMillis(1);
        var e = org.junit.jupiter.api.Assertions.assertThrows(software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException.class,
                () -> streams.getRecords(b -> b.shardIterator(iterator)));
        assertTrue(e.awsErrorDetails().errorMessage().startsWith("Iterator expired. The iterator was created at time "), e.awsErrorDetails().errorMessage());
        ddb.putItem(b -> b.tableName("stream_expiry").item(item("pk", "x")));
        ddb.updateTable(b -> b.tableName("stream_expiry").streamSpecification(st -> st.streamEnabled(false)));
        var d = streams.describeStream(b -> b.streamArn(arn)).streamDescription();
        assertEquals("DISABLED", d.streamStatusAsString());
        assertTrue(d.shards().stream().allMatch(sh -> sh.sequenceNumberRange().endingSequenceNumber() != null), "shards close");
        List<Record> all = new ArrayList<>();
        readAll(arn, 1).values().forEach(all::addAll);
        assertEquals(1, all.size(), "records stay readable after the stream is disabled");
    }

    @Test
    @Covers(operation = "Streams.ListStreams", parameters = {"TableName"})
    void earlierStreamsStayReadableAfterANewOne() {
        createStreamTable("stream_again");
        String first = ddb.describeTable(b -> b.tableName("stream_again")).table().latestStreamArn();
        ddb.putItem(b -> b.tableName("stream_again").item(item("pk", "one")));
        ddb.updateTable(b -> b.tableName("stream_again").streamSpecification(st -> st.streamEnabled(false)));
        ddb.updateTable(b -> b.tableName("stream_again").streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        String second = ddb.describeTable(b -> b.tableName("stream_again")).table().latestStreamArn();
        ddb.putItem(b -> b.tableName("stream_again").item(item("pk", "two")));
        assertEquals(List.of(first, second), streams.listStreams(b -> b.tableName("stream_again")).streams().stream()
                .map(st -> st.streamArn()).toList());
        assertEquals("DISABLED", streams.describeStream(b -> b.streamArn(first)).streamDescription().streamStatusAsString());
        assertEquals("ENABLED", streams.describeStream(b -> b.streamArn(second)).streamDescription().streamStatusAsString());
        List<Record> old = new ArrayList<>(), current = new ArrayList<>();
        readAll(first, 1).values().forEach(old::addAll);
        readAll(second, 1).values().forEach(current::addAll);
        assertEquals(List.of("one"), old.stream().map(r -> r.dynamodb().keys().get("pk").s()).toList());
        assertEquals("NEW_AND_OLD_IMAGES", old.get(0).dynamodb().streamViewTypeAsString());
        assertEquals(List.of("two"), current.stream().map(r -> r.dynamodb().keys().get("pk").s()).toList());
        assertEquals("KEYS_ONLY", current.get(0).dynamodb().streamViewTypeAsString());
    }

    @Test
    @Covers(operation = "Streams.GetShardIterator", parameters = {"SequenceNumber"})
    void recordsPastRetentionAreTrimmed() throws Exception {
        createStreamTable("stream_trim");
        String arn = ddb.describeTable(b -> b.tableName("stream_trim")).table().latestStreamArn();
        ddb.putItem(b -> b.tableName("stream_trim").item(item("pk", "old")));
        Record first = readAll(arn, 1).values().stream().flatMap(List::stream).findFirst().orElseThrow();
        String shardId = readAll(arn).entrySet().stream().filter(e -> !e.getValue().isEmpty()).findFirst().orElseThrow().getKey();
        // a day later (the retention period) the record is gone and TRIM_HORIZON moves past it
        clock.advanceSeconds(24 * 3600 + 1);
        server.engine().ttl().trimStreams();
        ddb.putItem(b -> b.tableName("stream_trim").item(item("pk", "new")));
        List<Record> all = new ArrayList<>();
        readAll(arn, 1).values().forEach(all::addAll);
        assertEquals(List.of("new"), all.stream().map(r -> r.dynamodb().keys().get("pk").s()).toList(), "TRIM_HORIZON starts at the oldest record kept");
        var e = org.junit.jupiter.api.Assertions.assertThrows(software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException.class,
                () -> streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId).shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER)
                        .sequenceNumber(first.dynamodb().sequenceNumber())));
        assertEquals("The operation attempted to read past the oldest stream record in a shard.", e.awsErrorDetails().errorMessage());
    }

    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    void changeLogRebuildsTheTable() throws Exception {
        createStreamTable("stream_log");
        StreamServer.tenThousandChanges(ddb, "stream_log");
        String arn = ddb.describeTable(b -> b.tableName("stream_log")).table().latestStreamArn();
        Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
        ddb.scanPaginator(b -> b.tableName("stream_log")).items().forEach(i -> scanned.put(i.get("pk").s(), i));
        Map<String, Map<String, AttributeValue>> rebuilt = Eventually.converged(getClass().isAnnotationPresent(OnCassandra.class),
                Duration.ofSeconds(120), "the stream rebuilds the table", () -> rebuild(arn), scanned::equals);
        assertEquals(scanned, rebuilt);
    }

    /** The table as its stream's records leave it (REMOVE drops the key, any other record sets its new image). */
    private static Map<String, Map<String, AttributeValue>> rebuild(String arn) {
        Map<String, Map<String, AttributeValue>> rebuilt = new HashMap<>();
        for (List<Record> shard : readAll(arn).values()) {
            for (Record rec : shard) {
                String key = rec.dynamodb().keys().get("pk").s();
                if (rec.eventNameAsString().equals("REMOVE")) rebuilt.remove(key);
                else rebuilt.put(key, rec.dynamodb().newImage());
            }
        }
        return rebuilt;
    }

    private static void invalid(String message, org.junit.jupiter.api.function.Executable call) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, call);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertEquals(message, e.awsErrorDetails().errorMessage());
    }

    @Test
    @Covers(operation = "Streams.ListStreams", parameters = {"TableName", "Limit", "ExclusiveStartStreamArn"})
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn", "Limit", "ExclusiveStartShardId"})
    @Covers(operation = "Streams.GetShardIterator", parameters = {"StreamArn", "ShardId", "ShardIteratorType", "SequenceNumber"})
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator", "Limit"})
    void errorsOfEveryStreamsCall() {
        createStreamTable("stream_errors_a");
        createStreamTable("stream_errors_b");
        String arn = ddb.describeTable(b -> b.tableName("stream_errors_a")).table().latestStreamArn();
        // ListStreams pages with Limit and ExclusiveStartStreamArn
        var page1 = streams.listStreams(b -> b.limit(1));
        assertEquals(1, page1.streams().size());
        var page2 = streams.listStreams(b -> b.limit(100).exclusiveStartStreamArn(page1.lastEvaluatedStreamArn()));
        assertTrue(page2.streams().stream().noneMatch(st -> st.streamArn().equals(page1.lastEvaluatedStreamArn())));
        invalid("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> streams.listStreams(b -> b.limit(0)));
        invalid("1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100",
                () -> streams.describeStream(b -> b.streamArn(arn).limit(101)));
        invalid("1 validation error detected: Value null at 'streamArn' failed to satisfy constraint: Member must not be null",
                () -> streams.describeStream(b -> { }));
        String shardId = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        invalid("1 validation error detected: Value 'SOMEWHERE' at 'shardIteratorType' failed to satisfy constraint: "
                + "Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]",
                () -> streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId).shardIteratorType("SOMEWHERE")));
        invalid("Invalid SequenceNumber: not-a-sequence-number", () -> streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId)
                .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber("not-a-sequence-number")));
        // the API reference's member constraints come before any lookup (StreamArn 37-1024, ShardId 28-65, SequenceNumber 21-40)
        invalid("1 validation error detected: Value 'not-a-number' at 'sequenceNumber' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 21", () -> streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId)
                .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber("not-a-number")));
        invalid("1 validation error detected: Value '' at 'sequenceNumber' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 21", () -> streams.getShardIterator(b -> b.streamArn(arn).shardId(shardId)
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON).sequenceNumber("")));
        invalid("2 validation errors detected: Value 'not-an-arn' at 'streamArn' failed to satisfy constraint: Member must have length greater than or equal to 37; "
                + "Value 'shardId-bogus' at 'shardId' failed to satisfy constraint: Member must have length greater than or equal to 28",
                () -> streams.getShardIterator(b -> b.streamArn("not-an-arn").shardId("shardId-bogus").shardIteratorType(ShardIteratorType.LATEST)));
        invalid("1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000",
                () -> streams.getRecords(b -> b.shardIterator("x").limit(1001)));
        invalid("Invalid ShardIterator", () -> streams.getRecords(b -> b.shardIterator("not an iterator")));
        ResourceNotFoundException gone = org.junit.jupiter.api.Assertions.assertThrows(ResourceNotFoundException.class,
                () -> streams.getShardIterator(b -> b.streamArn(arn + "0").shardId(shardId).shardIteratorType(ShardIteratorType.LATEST)));
        assertEquals("Requested resource not found: Stream: " + arn + "0 not found", gone.awsErrorDetails().errorMessage());
    }
}
