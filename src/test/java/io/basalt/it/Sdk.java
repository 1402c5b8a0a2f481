package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Small helpers for SDK-based tests: tables, items, and exact error assertions. */
final class Sdk {
    private Sdk() {}

    static void createHashTable(DynamoDbClient ddb, String name) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    /** A pk (S) table with a GSI "byG" on g (S, projecting ALL) and a NEW_AND_OLD_IMAGES stream. */
    static void createStreamedIndexedTable(DynamoDbClient ddb, String name) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL)))
                .streamSpecification(st -> st.streamEnabled(true)
                        .streamViewType(software.amazon.awssdk.services.dynamodb.model.StreamViewType.NEW_AND_OLD_IMAGES)));
    }

    static void createRangeTable(DynamoDbClient ddb, String name, ScalarAttributeType skType) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(skType)));
    }

    /**
     * A pk (S) + sk table with a KEYS_ONLY GSI "gsi" on g and a KEYS_ONLY LSI "lsi" on l, each key
     * attribute of the type given.
     */
    static void createIndexedTable(DynamoDbClient ddb, String name, ScalarAttributeType sk, ScalarAttributeType g, ScalarAttributeType l) {
        var keysOnly = software.amazon.awssdk.services.dynamodb.model.Projection.builder()
                .projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.KEYS_ONLY).build();
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(java.util.stream.Stream.of("pk", "sk", "g", "l").map(n -> software.amazon.awssdk.services.dynamodb.model
                        .AttributeDefinition.builder().attributeName(n).attributeType(switch (n) {
                            case "sk" -> sk;
                            case "g" -> g;
                            case "l" -> l;
                            default -> ScalarAttributeType.S;
                        }).build()).toList())
                .globalSecondaryIndexes(x -> x.indexName("gsi").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH)).projection(keysOnly))
                .localSecondaryIndexes(x -> x.indexName("lsi").projection(keysOnly)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("l").keyType(KeyType.RANGE))));
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    /** An ordered map from alternating name, value arguments. */
    static Map<String, AttributeValue> item(Object... kv) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            m.put((String) kv[i], v instanceof AttributeValue a ? a : AttributeValue.fromS(v.toString()));
        }
        return m;
    }

    /** Asserts the call fails with exactly this error code and message. */
    static <T extends DynamoDbException> T fails(Class<T> type, String code, String message, Executable call) {
        T e = assertThrows(type, call);
        assertEquals(code, e.awsErrorDetails().errorCode(), "error code");
        assertEquals(message, e.awsErrorDetails().errorMessage(), "error message");
        assertEquals(code.equals("InternalServerError") ? 500 : 400, e.statusCode());
        return e;
    }

    static DynamoDbException validation(String message, Executable call) {
        return fails(DynamoDbException.class, "ValidationException", message, call);
    }
}
