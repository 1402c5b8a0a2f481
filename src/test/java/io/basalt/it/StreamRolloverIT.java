package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import io.basalt.engine.TimeSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardFilterType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Shard rollover and lineage, with shards that roll over every second (the service: about four
 * hours) of the server's manual clock: parents close with an EndingSequenceNumber, children name
 * their parent, DescribeStream pages and filters shards, and a change log read in lineage order
 * rebuilds the table.
 */
class StreamRolloverIT {
    static final long ROLLOVER_MILLIS = 1000;
    private static StreamServer server;
    private static DynamoDbClient ddb;
    private static DynamoDbStreamsClient streams;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        server = new StreamServer(TimeSettings.defaults().withShardRolloverMillis(ROLLOVER_MILLIS), info.getTestClass().orElseThrow());
        ddb = server.ddb;
        streams = server.streams;
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close(); // null when the class was skipped (BASALT_CASSANDRA)
        server = null;
    }

    static String createStreamTable(DynamoDbClient c, String name) {
        c.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        return c.describeTable(b -> b.tableName(name)).table().latestStreamArn();
    }

    /**
     * Moves the clock to the next rollover; DescribeStream rolls the shards over on the spot (as it
     * does when it finds a rollover due) and lists the next generation.
     */
    static List<Shard> rollOver(String arn) {
        int before = StreamLog.shards(streams, arn, 100).size();
        server.clock.advanceMillis(ROLLOVER_MILLIS - 1);
        assertEquals(before, StreamLog.shards(streams, arn, 100).size(), "no rollover before the interval has passed");
        server.clock.advanceMillis(1);
        List<Shard> shards = StreamLog.shards(streams, arn, 100);
        assertEquals(before + 4, shards.size(), "a rollover opens a child for each of the 4 shards");
        return shards;
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn", "Limit", "ExclusiveStartShardId"})
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    @Covers(operation = "Streams.GetShardIterator", parameters = {"ShardIteratorType", "SequenceNumber"})
    void parentsCloseAndChildrenContinue() throws Exception {
        String arn = createStreamTable(ddb, "roll_lineage");
        ddb.putItem(b -> b.tableName("roll_lineage").item(item("pk", "a", "v", n("1"))));
        List<Shard> shards = rollOver(arn);
        ddb.updateItem(b -> b.tableName("roll_lineage").key(item("pk", "a")).updateExpression("SET v = :two")
                .expressionAttributeValues(Map.of(":two", n("2"))));
        shards = StreamLog.shards(streams, arn, 100);
        Map<String, Shard> byId = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (Shard s : shards) {
            byId.put(s.shardId(), s);
            if (s.parentShardId() != null) {
                assertTrue(seen.contains(s.parentShardId()), "parent listed before child: " + s.shardId());
                Shard parent = byId.get(s.parentShardId());
                assertNotNull(parent.sequenceNumberRange().endingSequenceNumber(), "a parent is closed");
                assertTrue(new java.math.BigInteger(parent.sequenceNumberRange().endingSequenceNumber())
                        .compareTo(new java.math.BigInteger(s.sequenceNumberRange().startingSequenceNumber())) < 0,
                        "the child's sequence numbers follow the parent's");
            }
            seen.add(s.shardId());
        }
        assertEquals(4, shards.stream().filter(s -> s.parentShardId() == null).count(), "4 shards in the first generation");
        Shard open = shards.get(shards.size() - 1);
        assertNull(open.sequenceNumberRange().endingSequenceNumber(), "the latest shards are open");

        // the key's INSERT is in a parent, its MODIFY in a descendant: a lineage-ordered read keeps them in order
        List<Record> all = StreamLog.readInLineageOrder(streams, arn);
        assertEquals(List.of("INSERT", "MODIFY"), all.stream().map(Record::eventNameAsString).toList());
        Shard parentOfInsert = shards.stream().filter(s -> !StreamLog.readShard(streams, arn, s).isEmpty()).findFirst().orElseThrow();
        assertNotNull(parentOfInsert.sequenceNumberRange().endingSequenceNumber());

        // a drained closed shard: GetRecords returns no NextShardIterator (TRIM_HORIZON and LATEST alike)
        String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(parentOfInsert.shardId())
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        GetRecordsResponse first = streams.getRecords(b -> b.shardIterator(it));
        assertEquals(1, first.records().size());
        assertNull(first.nextShardIterator());
        String latest = streams.getShardIterator(b -> b.streamArn(arn).shardId(parentOfInsert.shardId())
                .shardIteratorType(ShardIteratorType.LATEST)).shardIterator();
        GetRecordsResponse none = streams.getRecords(b -> b.shardIterator(latest));
        assertTrue(none.records().isEmpty());
        assertNull(none.nextShardIterator());
        String after = streams.getShardIterator(b -> b.streamArn(arn).shardId(parentOfInsert.shardId())
                .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                .sequenceNumber(first.records().get(0).dynamodb().sequenceNumber())).shardIterator();
        assertNull(streams.getRecords(b -> b.shardIterator(after)).nextShardIterator());

        // paging with a small Limit returns the same shards in the same order
        assertEquals(shards.stream().map(Shard::shardId).toList().subList(0, 8),
                StreamLog.shards(streams, arn, 3).stream().map(Shard::shardId).toList().subList(0, 8));
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"ShardFilter"})
    void shardFilterChildShards() throws Exception {
        String arn = createStreamTable(ddb, "roll_filter");
        List<Shard> shards = rollOver(arn);
        Shard parent = shards.get(0);
        var children = streams.describeStream(b -> b.streamArn(arn)
                .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId(parent.shardId()))).streamDescription().shards();
        assertEquals(1, children.size());
        assertEquals(parent.shardId(), children.get(0).parentShardId());
        assertEquals(shards.get(4).shardId(), children.get(0).shardId());
        Shard newest = StreamLog.shards(streams, arn, 100).getLast();
        assertTrue(streams.describeStream(b -> b.streamArn(arn)
                .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId(newest.shardId()))).streamDescription().shards().isEmpty(),
                "an open shard has no children yet");
        DynamoDbException bad = assertThrows(DynamoDbException.class, () -> streams.describeStream(b -> b.streamArn(arn)
                .shardFilter(f -> f.type("PARENT_SHARDS").shardId(parent.shardId()))));
        assertEquals("ValidationException", bad.awsErrorDetails().errorCode());
        assertEquals("1 validation error detected: Value 'PARENT_SHARDS' at 'shardFilter.type' failed to satisfy constraint: "
                + "Member must satisfy enum value set: [CHILD_SHARDS]", bad.awsErrorDetails().errorMessage());
        DynamoDbException shortId = assertThrows(DynamoDbException.class, () -> streams.describeStream(b -> b.streamArn(arn)
                .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId("shardId-1"))));
        assertEquals("ValidationException", shortId.awsErrorDetails().errorCode());
        assertTrue(shortId.awsErrorDetails().errorMessage().contains("Member must have length greater than or equal to 28"));
        ResourceNotFoundException unknown = assertThrows(ResourceNotFoundException.class, () -> streams.getShardIterator(b -> b
                .streamArn(arn).shardId("shardId-00000000000000000000-00000000").shardIteratorType(ShardIteratorType.TRIM_HORIZON)));
        assertEquals("Requested resource not found: Shard does not exist", unknown.awsErrorDetails().errorMessage());
    }

    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator", "Limit"})
    void changeLogAcrossRolloversRebuildsTheTable() throws Exception {
        String arn = createStreamTable(ddb, "roll_log");
        StreamServer.tenThousandChanges(ddb, "roll_log", () -> server.rollOver(ROLLOVER_MILLIS));
        List<Shard> shards = StreamLog.shards(streams, arn, 100);
        assertTrue(shards.size() >= 8, "the run spans at least one rollover: " + shards.size() + " shards");
        Map<String, Map<String, AttributeValue>> rebuilt = StreamLog.replay(StreamLog.readInLineageOrder(streams, arn), "pk");
        Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
        ddb.scanPaginator(b -> b.tableName("roll_log")).items().forEach(i -> scanned.put(i.get("pk").s(), i));
        assertEquals(scanned, rebuilt);
        List<String> ids = new ArrayList<>(shards.stream().map(Shard::shardId).toList());
        assertEquals(ids.size(), new HashSet<>(ids).size(), "shard ids are unique");
    }
}
