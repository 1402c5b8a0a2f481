package io.basalt.it;

import static io.basalt.it.Sdk.validation;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Expressions nested as deep as 4 KB allows get the service's ValidationException, never a 500. */
class DeepNestingIT extends ServerTestBase {
    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, "Deep");
    }

    @Test
    void deepParenthesesAndNotChainsAreRefusedByTheOperatorLimit() {
        Map<String, AttributeValue> v = Map.of(":v", AttributeValue.fromS("x"));
        String parens = "(".repeat(2000) + "a = :v" + ")".repeat(2000);
        validation("Invalid FilterExpression: The expression contains too many operators; operator count: 301",
                () -> ddb.scan(b -> b.tableName("Deep").filterExpression(parens).expressionAttributeValues(v)));
        String nots = "NOT ".repeat(1000) + "a = :v";
        validation("1 validation error detected: Invalid ConditionExpression: The expression contains too many operators; operator count: 301",
                () -> ddb.putItem(b -> b.tableName("Deep").item(Map.of("pk", AttributeValue.fromS("1")))
                        .conditionExpression(nots).expressionAttributeValues(v)));
        // about the deepest if_not_exists nesting 4 KB holds (240 functions) is served
        String functions = "SET a = " + "if_not_exists(a,".repeat(240) + ":v" + ")".repeat(240);
        ddb.updateItem(b -> b.tableName("Deep").key(Map.of("pk", AttributeValue.fromS("1")))
                .updateExpression(functions).expressionAttributeValues(v));
    }
}
