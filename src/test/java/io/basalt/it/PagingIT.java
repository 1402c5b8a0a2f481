package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** 10,000 items in one item collection, paged with the SDK paginators in both directions. */
class PagingIT extends ServerTestBase {
    private static final String T = "paging";
    private static final int ITEMS = 10_000;

    @BeforeAll
    static void load() {
        Sdk.createRangeTable(ddb, T, ScalarAttributeType.N);
        List<WriteRequest> batch = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            int ii = i;
            batch.add(WriteRequest.builder().putRequest(p -> p.item(item("pk", "one", "sk", n(Integer.toString(ii - ITEMS / 2)), "pad", "x".repeat(100)))).build());
            if (batch.size() == 25) {
                List<WriteRequest> send = List.copyOf(batch);
                ddb.batchWriteItem(b -> b.requestItems(Map.of(T, send)));
                batch.clear();
            }
        }
    }

    private static List<Integer> query(String condition, Map<String, AttributeValue> values, boolean forward, int limit) {
        List<Integer> out = new ArrayList<>();
        ddb.queryPaginator(b -> b.tableName(T).keyConditionExpression(condition).expressionAttributeValues(values)
                .scanIndexForward(forward).limit(limit)).items().forEach(i -> out.add(Integer.parseInt(i.get("sk").n())));
        return out;
    }

    private static List<Integer> range(int from, int toInclusive, boolean forward) {
        List<Integer> out = new ArrayList<>();
        if (forward) for (int i = from; i <= toInclusive; i++) out.add(i);
        else for (int i = toInclusive; i >= from; i--) out.add(i);
        return out;
    }

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditionExpression", "Limit", "ExclusiveStartKey", "ScanIndexForward"})
    void everyKeyConditionPagedBothWays() {
        int lo = -ITEMS / 2, hi = ITEMS / 2 - 1;
        for (boolean forward : new boolean[] {true, false}) {
            assertEquals(range(lo, hi, forward), query("pk = :p", Map.of(":p", s("one")), forward, 777));
            assertEquals(range(-3, -3, forward), query("pk = :p AND sk = :v", Map.of(":p", s("one"), ":v", n("-3")), forward, 1));
            assertEquals(range(lo, 99, forward), query("pk = :p AND sk < :v", Map.of(":p", s("one"), ":v", n("100")), forward, 1000));
            assertEquals(range(lo, 100, forward), query("pk = :p AND sk <= :v", Map.of(":p", s("one"), ":v", n("100")), forward, 999));
            assertEquals(range(101, hi, forward), query("pk = :p AND sk > :v", Map.of(":p", s("one"), ":v", n("100")), forward, 1234));
            assertEquals(range(100, hi, forward), query("pk = :p AND sk >= :v", Map.of(":p", s("one"), ":v", n("100")), forward, 500));
            assertEquals(range(-250, 250, forward), query("pk = :p AND sk BETWEEN :a AND :b", Map.of(":p", s("one"), ":a", n("-250"), ":b", n("250")), forward, 33));
        }
    }

    @Test
    @Covers(operation = "Scan", parameters = {"Segment", "TotalSegments", "ExclusiveStartKey"})
    void parallelScanSegmentsCoverEverythingOnce() {
        Sdk.createHashTable(ddb, "paging_scan");
        List<WriteRequest> batch = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            int ii = i;
            batch.add(WriteRequest.builder().putRequest(p -> p.item(item("pk", "k" + ii))).build());
            if (batch.size() == 25) {
                List<WriteRequest> send = List.copyOf(batch);
                ddb.batchWriteItem(b -> b.requestItems(Map.of("paging_scan", send)));
                batch.clear();
            }
        }
        for (int total : new int[] {1, 2, 7, 64}) {
            Set<String> seen = new HashSet<>();
            int count = 0;
            for (int seg = 0; seg < total; seg++) {
                int sg = seg;
                for (Map<String, AttributeValue> i : ddb.scanPaginator(b -> b.tableName("paging_scan").segment(sg).totalSegments(total).limit(50)).items()) {
                    seen.add(i.get("pk").s());
                    count++;
                }
            }
            assertEquals(2000, count, "segments " + total);
            assertEquals(2000, seen.size(), "segments " + total);
        }
    }
}
