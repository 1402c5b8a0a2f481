package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Sets come back in one order on every read path, whatever order they were sent in: the service
 * leaves the order unspecified, DynamoDB Local 2.6.1 returns them sorted (strings by character,
 * numbers by value, binaries by unsigned bytes) and tests in the wild compare them as arrays.
 */
class SetOrderIT extends ServerTestBase {
    private static final String T = "set_order";
    private static final List<String> SS_SENT = List.of("b", "a", "C", "aa", "é", "10", "9", "Z");
    private static final List<String> SS = List.of("10", "9", "C", "Z", "a", "aa", "b", "é");
    private static final List<String> NS_SENT = List.of("10", "9", "-1", "1.5", "100", "-20", "0.001", "1E+3");
    private static final List<String> NS = List.of("-20", "-1", "0.001", "1.5", "9", "10", "100", "1000");
    private static final List<String> BS_SENT = List.of("02", "01", "ff", "0100", "80", "61");
    private static final List<String> BS = List.of("01", "0100", "02", "61", "80", "ff");
    private static DynamoDbStreamsClient streams;

    private static AttributeValue bs(List<String> hex) {
        return AttributeValue.fromBs(hex.stream().map(h -> SdkBytes.fromByteArray(HexFormat.of().parseHex(h))).toList());
    }

    private static Map<String, AttributeValue> sets(String pk) {
        return item("pk", pk, "ss", AttributeValue.fromSs(SS_SENT), "ns", AttributeValue.fromNs(NS_SENT), "bs", bs(BS_SENT),
                "m", AttributeValue.fromM(Map.of("inner", AttributeValue.fromSs(List.of("z", "y", "x")))),
                "l", AttributeValue.fromL(List.of(AttributeValue.fromNs(List.of("3", "2", "1")))));
    }

    /** The item's sets, each in the one order. */
    private static void inOrder(Map<String, AttributeValue> item) {
        assertEquals(SS, item.get("ss").ss(), "SS");
        assertEquals(NS, item.get("ns").ns(), "NS");
        assertEquals(BS, item.get("bs").bs().stream().map(b -> HexFormat.of().formatHex(b.asByteArray())).toList(), "BS");
        assertEquals(List.of("x", "y", "z"), item.get("m").m().get("inner").ss(), "a set in a map");
        assertEquals(List.of("1", "2", "3"), item.get("l").l().get(0).ns(), "a set in a list");
    }

    @BeforeAll
    static void table() {
        ddb.createTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        for (String pk : List.of("a", "b", "c")) ddb.putItem(b -> b.tableName(T).item(sets(pk)));
        streams = streamsClient(server.endpoint());
    }

    @AfterAll
    static void close() {
        if (streams != null) streams.close(); // null when the class was skipped (BASALT_CASSANDRA)
        streams = null;
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"Key", "ProjectionExpression"})
    @Covers(operation = "BatchGetItem", parameters = {"RequestItems"})
    @Covers(operation = "TransactGetItems", parameters = {"TransactItems"})
    void itemReadsReturnSetsInOrder() {
        inOrder(ddb.getItem(b -> b.tableName(T).key(item("pk", "a"))).item());
        inOrder(ddb.getItem(b -> b.tableName(T).key(item("pk", "a")).projectionExpression("ss, ns, bs, m, l")).item());
        ddb.batchGetItem(b -> b.requestItems(Map.of(T, software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                .keys(item("pk", "a"), item("pk", "b")).build()))).responses().get(T).forEach(SetOrderIT::inOrder);
        ddb.transactGetItems(b -> b.transactItems(TransactGetItem.builder().get(g -> g.tableName(T).key(item("pk", "c"))).build()))
                .responses().forEach(r -> inOrder(r.item()));
    }

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditionExpression", "FilterExpression"})
    @Covers(operation = "Scan", parameters = {"Limit"})
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void pagesAndStatementsReturnSetsInOrder() {
        ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :a").expressionAttributeValues(Map.of(":a", s("a"))))
                .items().forEach(SetOrderIT::inOrder);
        ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :a").filterExpression("size(ss) > :one")
                .expressionAttributeValues(Map.of(":a", s("a"), ":one", n("1")))).items().forEach(SetOrderIT::inOrder);
        ddb.scanPaginator(b -> b.tableName(T).limit(1)).items().forEach(SetOrderIT::inOrder);
        ddb.executeStatement(b -> b.statement("SELECT * FROM " + T + " WHERE pk = 'b'")).items().forEach(SetOrderIT::inOrder);
        assertEquals(SS, ddb.executeStatement(b -> b.statement("SELECT ss FROM " + T)).items().get(0).get("ss").ss());
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ReturnValues"})
    @Covers(operation = "PutItem", parameters = {"ReturnValues", "ReturnValuesOnConditionCheckFailure"})
    void writesKeepAndReturnSetsInOrder() {
        ddb.putItem(b -> b.tableName(T).item(sets("w")));
        var updated = ddb.updateItem(b -> b.tableName(T).key(item("pk", "w"))
                .updateExpression("ADD ss :s, ns :n DELETE bs :b")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(List.of("0", "bb", "A")),
                        ":n", AttributeValue.fromNs(List.of("5", "-100")), ":b", bs(List.of("80"))))
                .returnValues(ReturnValue.ALL_NEW)).attributes();
        assertEquals(List.of("0", "10", "9", "A", "C", "Z", "a", "aa", "b", "bb", "é"), updated.get("ss").ss());
        assertEquals(List.of("-100", "-20", "-1", "0.001", "1.5", "5", "9", "10", "100", "1000"), updated.get("ns").ns());
        assertEquals(List.of("01", "0100", "02", "61", "ff"), updated.get("bs").bs().stream().map(x -> HexFormat.of().formatHex(x.asByteArray())).toList());
        assertEquals(updated, ddb.getItem(b -> b.tableName(T).key(item("pk", "w"))).item(), "stored as returned");

        var set = ddb.updateItem(b -> b.tableName(T).key(item("pk", "w")).updateExpression("SET ss = :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(SS_SENT))).returnValues(ReturnValue.UPDATED_NEW)).attributes();
        assertEquals(SS, set.get("ss").ss());
        ddb.executeStatement(b -> b.statement("UPDATE " + T + " SET ns = set_add(ns, <<7, -7>>) WHERE pk = 'w'"));
        assertEquals(List.of("-100", "-20", "-7", "-1", "0.001", "1.5", "5", "7", "9", "10", "100", "1000"),
                ddb.getItem(b -> b.tableName(T).key(item("pk", "w"))).item().get("ns").ns());

        ddb.putItem(b -> b.tableName(T).item(sets("w")));
        inOrder(ddb.putItem(b -> b.tableName(T).item(sets("w")).returnValues(ReturnValue.ALL_OLD)).attributes());
        inOrder(ddb.deleteItem(b -> b.tableName(T).key(item("pk", "w")).returnValues(ReturnValue.ALL_OLD)).attributes());

        ConditionalCheckFailedException e = assertThrows(ConditionalCheckFailedException.class,
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", "a")).conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
        inOrder(e.item());
    }

    @Test
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator"})
    void streamRecordsCarrySetsInOrder() {
        String arn = ddb.describeTable(b -> b.tableName(T)).table().latestStreamArn();
        List<Record> records = new ArrayList<>();
        for (var shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            records.addAll(streams.getRecords(b -> b.shardIterator(it).limit(100)).records());
        }
        List<Record> inserts = records.stream().filter(r -> r.dynamodb().keys().get("pk").s().matches("[abc]")).toList();
        assertEquals(3, inserts.size());
        for (Record r : inserts) inOrder(r.dynamodb().newImage());
    }
}
