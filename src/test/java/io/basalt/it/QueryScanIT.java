package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

class QueryScanIT extends ServerTestBase {
    private static final String T = "qs_num";

    @BeforeAll
    static void load() {
        Sdk.createRangeTable(ddb, T, ScalarAttributeType.N);
        for (int p = 0; p < 20; p++) {
            for (int i = 0; i < 10; i++) {
                int pp = p, ii = i;
                ddb.putItem(b -> b.tableName(T).item(item("pk", "p" + pp, "sk", n(Integer.toString(ii - 5)),
                        "even", AttributeValue.fromBool(ii % 2 == 0), "tag", "t" + ii)));
            }
        }
        Sdk.createRangeTable(ddb, "qs_str", ScalarAttributeType.S);
        for (String sk : List.of("a", "ab", "abc", "b", "ba", "\u00e9", "\ud83d\ude00")) {
            ddb.putItem(b -> b.tableName("qs_str").item(item("pk", "x", "sk", sk)));
        }
    }

    private static List<String> sks(QueryResponse r) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> i : r.items()) out.add(i.get("sk").n() != null ? i.get("sk").n() : i.get("sk").s());
        return out;
    }

    @Test
    @Covers(operation = "Query", parameters = {"TableName", "KeyConditionExpression", "ExpressionAttributeValues", "ScanIndexForward"})
    void sortKeyConditions() {
        Map<String, AttributeValue> v = Map.of(":p", s("p3"), ":a", n("-2"), ":b", n("1"));
        assertEquals(List.of("-5", "-4", "-3", "-2", "-1", "0", "1", "2", "3", "4"),
                sks(ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p3"))))));
        assertEquals(List.of("-2", "-1", "0", "1"), sks(ddb.query(b -> b.tableName(T)
                .keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b").expressionAttributeValues(v))));
        assertEquals(List.of("1", "0", "-1", "-2"), sks(ddb.query(b -> b.tableName(T).scanIndexForward(false)
                .keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b").expressionAttributeValues(v))));
        assertEquals(List.of("-5", "-4", "-3"), sks(ddb.query(b -> b.tableName(T)
                .keyConditionExpression("sk < :a AND pk = :p").expressionAttributeValues(Map.of(":p", s("p3"), ":a", n("-2"))))));
        assertEquals(List.of("2", "3", "4"), sks(ddb.query(b -> b.tableName(T)
                .keyConditionExpression("pk = :p AND sk > :b").expressionAttributeValues(Map.of(":p", s("p3"), ":b", n("1"))))));
        assertEquals(List.of("1"), sks(ddb.query(b -> b.tableName(T)
                .keyConditionExpression("pk = :p AND sk = :b").expressionAttributeValues(Map.of(":p", s("p3"), ":b", n("1"))))));
        assertEquals(List.of("a", "ab", "abc"), sks(ddb.query(b -> b.tableName("qs_str")
                .keyConditionExpression("pk = :p AND begins_with(sk, :a)").expressionAttributeValues(Map.of(":p", s("x"), ":a", s("a"))))));
        assertEquals(List.of("a", "ab", "abc", "b", "ba", "\u00e9", "\ud83d\ude00"), sks(ddb.query(b -> b.tableName("qs_str")
                .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("x"))))), "UTF-8 byte order");
        assertEquals(0, ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("none")))).count());
    }

    @Test
    @Covers(operation = "Query", parameters = {"Limit", "ExclusiveStartKey", "FilterExpression", "Select", "ProjectionExpression", "ReturnConsumedCapacity", "ConsistentRead"})
    void pagingFilterAndCount() {
        List<String> seen = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> esk = start;
            QueryResponse r = ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("p7"), ":t", AttributeValue.fromBool(true)))
                    .filterExpression("even = :t").limit(3).exclusiveStartKey(esk).projectionExpression("sk"));
            seen.addAll(sks(r));
            assertTrue(r.scannedCount() <= 3);
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            pages++;
        } while (start != null);
        assertEquals(List.of("-5", "-3", "-1", "1", "3"), seen);
        assertEquals(4, pages, "10 items in pages of 3: the last page has 1 and no LastEvaluatedKey");
        QueryResponse count = ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p7"), ":t", AttributeValue.fromBool(true)))
                .filterExpression("even = :t").select(Select.COUNT).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).consistentRead(true));
        assertEquals(5, count.count());
        assertEquals(10, count.scannedCount());
        assertFalse(count.hasItems());
        assertEquals(1.0, count.consumedCapacity().capacityUnits(), "units on the summed size of the items read, rounded once");
        validation("Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").filterExpression("sk > :z")
                        .expressionAttributeValues(Map.of(":p", s("p7"), ":z", n("0")))));
    }

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditionExpression", "KeyConditions", "QueryFilter"})
    void keyConditionErrorsAndLegacy() {
        validation("Query condition missed key schema element: pk",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("sk = :a").expressionAttributeValues(Map.of(":a", n("1")))));
        validation("Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p AND pk = :p").expressionAttributeValues(Map.of(":p", s("p1")))));
        validation("Invalid operator used in KeyConditionExpression: OR",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p OR sk = :a").expressionAttributeValues(Map.of(":p", s("p1"), ":a", n("1")))));
        validation("Query key condition not supported",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk > :p").expressionAttributeValues(Map.of(":p", s("p1")))));
        validation("One or more parameter values were invalid: Condition parameter type does not match schema type",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", n("1")))));
        validation("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
                () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p AND begins_with(sk, :a)").expressionAttributeValues(Map.of(":p", s("p1"), ":a", n("1")))));
        QueryResponse legacy = ddb.query(b -> b.tableName(T).keyConditions(Map.of(
                "pk", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("p2")).build(),
                "sk", Condition.builder().comparisonOperator(ComparisonOperator.GE).attributeValueList(n("3")).build()))
                .queryFilter(Map.of("tag", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("t9")).build())));
        assertEquals(List.of("4"), sks(legacy));
    }

    @Test
    @Covers(operation = "Scan", parameters = {"TableName", "Limit", "ExclusiveStartKey", "Segment", "TotalSegments"})
    void parallelScanCoversEveryItemOnce() {
        for (int total : new int[] {1, 3, 7}) {
            Set<String> keys = new HashSet<>();
            int items = 0;
            for (int seg = 0; seg < total; seg++) {
                Map<String, AttributeValue> start = null;
                do {
                    int sg = seg;
                    Map<String, AttributeValue> esk = start;
                    ScanResponse r = ddb.scan(b -> b.tableName(T).segment(sg).totalSegments(total).limit(17).exclusiveStartKey(esk));
                    for (Map<String, AttributeValue> i : r.items()) {
                        keys.add(i.get("pk").s() + "/" + i.get("sk").n());
                        items++;
                    }
                    start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                } while (start != null);
            }
            assertEquals(200, items, "total segments " + total);
            assertEquals(200, keys.size());
        }
        validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not less than TotalSegments: 3",
                () -> ddb.scan(b -> b.tableName(T).segment(3).totalSegments(3)));
        validation("The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
                () -> ddb.scan(b -> b.tableName(T).segment(0)));
    }

    @Test
    @Covers(operation = "Scan", parameters = {"FilterExpression", "ExpressionAttributeNames", "ExpressionAttributeValues", "Select", "ProjectionExpression", "ScanFilter", "ReturnConsumedCapacity"})
    void scanFilterProjectionSelect() {
        ScanResponse r = ddb.scan(b -> b.tableName(T).filterExpression("#t IN (:a, :b) AND sk >= :z")
                .expressionAttributeNames(Map.of("#t", "tag")).expressionAttributeValues(Map.of(":a", s("t1"), ":b", s("t8"), ":z", n("0")))
                .projectionExpression("pk, #t"));
        assertEquals(20, r.count());
        assertEquals(200, r.scannedCount());
        for (Map<String, AttributeValue> i : r.items()) {
            assertEquals(Set.of("pk", "tag"), i.keySet());
            assertEquals("t8", i.get("tag").s());
        }
        ScanResponse legacy = ddb.scan(b -> b.tableName(T).scanFilter(Map.of("tag",
                Condition.builder().comparisonOperator(ComparisonOperator.BEGINS_WITH).attributeValueList(s("t0")).build())).select(Select.COUNT));
        assertEquals(20, legacy.count());
        validation("Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
                () -> ddb.scan(b -> b.tableName(T).select(Select.SPECIFIC_ATTRIBUTES)));
        validation("Cannot specify the ProjectionExpression when choosing to get COUNT",
                () -> ddb.scan(b -> b.tableName(T).select(Select.COUNT).projectionExpression("pk")));
        validation("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}",
                () -> ddb.scan(b -> b.tableName(T).filterExpression("attribute_exists(tag)").scanFilter(Map.of("tag",
                        Condition.builder().comparisonOperator(ComparisonOperator.NOT_NULL).build()))));
        ScanResponse cap = ddb.scan(b -> b.tableName(T).limit(5).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(0.5, cap.consumedCapacity().capacityUnits());
        assertNull(ddb.scan(b -> b.tableName(T).limit(500)).lastEvaluatedKey().isEmpty() ? null : "has key");
    }
}
