package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Global secondary indexes with multi-attribute partition and sort keys (up to four each). */
class MultiAttributeKeysIT extends ServerTestBase {
    private static final String T = "matches";

    @BeforeAll
    static void table() {
        ddb.createTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("matchId").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("matchId").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("tournamentId").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("area").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("round").attributeType(ScalarAttributeType.N),
                        a -> a.attributeName("bracket").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("by_tournament_region")
                        .keySchema(k -> k.attributeName("tournamentId").keyType(KeyType.HASH),
                                k -> k.attributeName("area").keyType(KeyType.HASH),
                                k -> k.attributeName("round").keyType(KeyType.RANGE),
                                k -> k.attributeName("bracket").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        int id = 0;
        for (String region : List.of("NA", "EU")) {
            for (int round = 1; round <= 3; round++) {
                for (String bracket : List.of("LOWER", "UPPER")) {
                    String mid = "m" + (id++);
                    int r = round;
                    ddb.putItem(b -> b.tableName(T).item(item("matchId", mid, "tournamentId", "WINTER", "area", region,
                            "round", n(Integer.toString(r)), "bracket", bracket)));
                }
            }
        }
        ddb.putItem(b -> b.tableName(T).item(item("matchId", "sparse", "tournamentId", "WINTER", "area", "NA")));
    }

    private static List<String> rounds(QueryResponse r) {
        return r.items().stream().map(i -> i.get("round").n() + "/" + i.get("bracket").s()).toList();
    }

    private static QueryResponse query(String condition, Map<String, AttributeValue> values) {
        return ddb.query(b -> b.tableName(T).indexName("by_tournament_region").keyConditionExpression(condition)
                .expressionAttributeValues(values));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"GlobalSecondaryIndexes"})
    @Covers(operation = "Query", parameters = {"IndexName", "KeyConditionExpression"})
    void queriesLeftToRight() {
        assertEquals(4, ddb.describeTable(b -> b.tableName(T)).table().globalSecondaryIndexes().get(0).keySchema().size());
        Map<String, AttributeValue> v = Map.of(":t", s("WINTER"), ":r", s("NA"), ":two", n("2"), ":u", s("UPPER"));
        assertEquals(List.of("1/LOWER", "1/UPPER", "2/LOWER", "2/UPPER", "3/LOWER", "3/UPPER"),
                rounds(query("tournamentId = :t AND area = :r", Map.of(":t", s("WINTER"), ":r", s("NA")))),
                "all partition attributes by equality; a sparse item without sort attributes is not indexed");
        assertEquals(List.of("2/LOWER", "2/UPPER"), rounds(query("tournamentId = :t AND area = :r AND round = :two",
                Map.of(":t", s("WINTER"), ":r", s("NA"), ":two", n("2")))));
        assertEquals(List.of("2/UPPER"), rounds(query("tournamentId = :t AND area = :r AND round = :two AND bracket = :u", v)));
        assertEquals(List.of("2/LOWER", "2/UPPER", "3/LOWER", "3/UPPER"), rounds(query("tournamentId = :t AND area = :r AND round >= :two",
                Map.of(":t", s("WINTER"), ":r", s("NA"), ":two", n("2")))));
        assertEquals(List.of("2/UPPER"), rounds(query("tournamentId = :t AND area = :r AND round = :two AND begins_with(bracket, :p)",
                Map.of(":t", s("WINTER"), ":r", s("NA"), ":two", n("2"), ":p", s("UP")))));
        validation("Query condition missed key schema element: area",
                () -> query("tournamentId = :t", Map.of(":t", s("WINTER"))));
        validation("Query key condition not supported",
                () -> query("tournamentId = :t AND area = :r AND bracket = :u", Map.of(":t", s("WINTER"), ":r", s("NA"), ":u", s("UPPER"))));
        validation("Query key condition not supported",
                () -> query("tournamentId = :t AND area = :r AND round > :two AND bracket = :u", v));
    }
}
