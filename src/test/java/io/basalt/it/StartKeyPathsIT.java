package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Every ExclusiveStartKey path (table, LSI, GSI, multi-attribute GSI, numeric GSI key, Scan with
 * segments) answers a starting key that does not belong to the read with the service's
 * ValidationException, never a 500 (issue #37.1: a GSI Query with another partition's start key).
 */
class StartKeyPathsIT extends ServerTestBase {
    static final String T = "StartKeys";
    static final String INVALID = "The provided starting key is invalid: The provided key element does not match the schema";

    @BeforeAll
    static void table() {
        ddb.createTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("a").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("b").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("c").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("n").attributeType(ScalarAttributeType.N),
                        a -> a.attributeName("l").attributeType(ScalarAttributeType.S))
                .localSecondaryIndexes(l -> l.indexName("ByL").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("l").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL)))
                .globalSecondaryIndexes(
                        g -> g.indexName("ByAB").keySchema(k -> k.attributeName("a").keyType(KeyType.HASH),
                                k -> k.attributeName("b").keyType(KeyType.HASH), k -> k.attributeName("c").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("ByN").keySchema(k -> k.attributeName("n").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("ByA").keySchema(k -> k.attributeName("a").keyType(KeyType.HASH), k -> k.attributeName("c").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL))));
        for (int i = 0; i < 4; i++) {
            int n = i;
            ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("p" + n), "sk", s("s"), "a", s("x"), "b", s(n < 2 ? "y" : "z"),
                    "c", s("c" + n), "n", AttributeValue.fromN(Integer.toString(n % 2)), "l", s("l" + n))));
        }
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static void refused(QueryRequest.Builder q) {
        fails(DynamoDbException.class, "ValidationException", INVALID, () -> ddb.query(q.tableName(T).build()));
    }

    @Test
    @Covers(operation = "Query", parameters = {"ExclusiveStartKey", "IndexName"})
    void aStartKeyOfAnotherPartitionIsInvalidOnEveryIndexKind() {
        Map<String, AttributeValue> onY = Map.of(":a", s("x"), ":b", s("y"));
        refused(QueryRequest.builder().indexName("ByAB").keyConditionExpression("a = :a AND b = :b").expressionAttributeValues(onY)
                .exclusiveStartKey(Map.of("pk", s("p3"), "sk", s("s"), "a", s("x"), "b", s("z"), "c", s("c3"))));
        refused(QueryRequest.builder().indexName("ByAB").keyConditionExpression("a = :a AND b = :b").expressionAttributeValues(onY)
                .exclusiveStartKey(Map.of("pk", s("p0"), "sk", s("s"), "a", s("x"), "b", s("y"))));
        refused(QueryRequest.builder().indexName("ByN").keyConditionExpression("n = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("0")))
                .exclusiveStartKey(Map.of("pk", s("p1"), "sk", s("s"), "n", AttributeValue.fromN("1"))));
        refused(QueryRequest.builder().indexName("ByN").keyConditionExpression("n = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("0")))
                .exclusiveStartKey(Map.of("pk", s("p1"), "sk", s("s"), "n", AttributeValue.fromN("1e100"))));
        refused(QueryRequest.builder().indexName("ByA").keyConditionExpression("a = :a").expressionAttributeValues(Map.of(":a", s("x")))
                .exclusiveStartKey(Map.of("pk", s("p1"), "sk", s("s"), "a", s("other"), "c", s("c1"))));
        refused(QueryRequest.builder().indexName("ByA").keyConditionExpression("a = :a").expressionAttributeValues(Map.of(":a", s("x")))
                .exclusiveStartKey(Map.of("pk", s("p1"), "sk", s("s"), "a", AttributeValue.fromN("1"), "c", s("c1"))));
        refused(QueryRequest.builder().indexName("ByL").keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p1")))
                .exclusiveStartKey(Map.of("pk", s("p2"), "sk", s("s"), "l", s("l2"))));
        refused(QueryRequest.builder().keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p1")))
                .exclusiveStartKey(Map.of("pk", s("p3"), "sk", s("s"))));
    }

    @Test
    @Covers(operation = "Query", parameters = {"ExclusiveStartKey", "IndexName"})
    void aStartKeyOfTheQueriedPartitionContinues() {
        assertEquals(1, ddb.query(b -> b.tableName(T).indexName("ByAB").keyConditionExpression("a = :a AND b = :b")
                .expressionAttributeValues(Map.of(":a", s("x"), ":b", s("y")))
                .exclusiveStartKey(Map.of("pk", s("p0"), "sk", s("s"), "a", s("x"), "b", s("y"), "c", s("c0")))).count());
    }

    @Test
    @Covers(operation = "Scan", parameters = {"ExclusiveStartKey", "Segment"})
    void aTableScanStartKeyOfAnotherSegmentIsInvalid() {
        fails(DynamoDbException.class, "ValidationException", "The provided starting key is invalid: Invalid ExclusiveStartKey. "
                + "Please use ExclusiveStartKey with correct Segment. TotalSegments: 4 Segment: 1",
                () -> ddb.scan(b -> b.tableName(T).segment(1).totalSegments(4).exclusiveStartKey(segmentForeignKey(1, 4))));
    }

    /** A table key whose partition falls outside {@code segment} of {@code total}. */
    private static Map<String, AttributeValue> segmentForeignKey(int segment, int total) {
        for (int i = 0; ; i++) {
            Map<String, AttributeValue> key = item("pk", "k" + i, "sk", "s");
            try {
                ddb.scan(b -> b.tableName(T).segment(segment).totalSegments(total).exclusiveStartKey(key));
            } catch (DynamoDbException outside) {
                return key;
            }
        }
    }
}
