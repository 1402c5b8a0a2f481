package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.Map;

/**
 * The members PutItem, UpdateItem and DeleteItem share: the condition (expression or legacy
 * Expected), the placeholders, and the return options.
 */
public record WriteOptions(
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Map<String, Legacy.Expected> expected,
        String conditionalOperator,
        String returnValues,
        String returnConsumedCapacity,
        String returnItemCollectionMetrics,
        String returnValuesOnConditionCheckFailure) {

    /** The request's placeholders, shared by all of its expressions. */
    io.basalt.expression.ExpressionContext context() {
        return new io.basalt.expression.ExpressionContext(expressionAttributeNames, expressionAttributeValues);
    }

    /** Collects the shared members while an operation's parser walks the request. */
    static final class Reader {
        private final Object[] f = new Object[9];

        /** Reads the member if it is one of the shared ones; returns false otherwise. */
        boolean field(String name, JsonParser p) throws IOException {
            switch (name) {
                case "ConditionExpression" -> f[0] = JsonIn.string(p);
                case "ExpressionAttributeNames" -> f[1] = JsonIn.stringMap(p);
                case "ExpressionAttributeValues" -> f[2] = AttributeValueJson.readValueMap(p);
                case "Expected" -> f[3] = LegacyJson.readExpected(p);
                case "ConditionalOperator" -> f[4] = JsonIn.string(p);
                case "ReturnValues" -> f[5] = JsonIn.string(p);
                case "ReturnConsumedCapacity" -> f[6] = JsonIn.string(p);
                case "ReturnItemCollectionMetrics" -> f[7] = JsonIn.string(p);
                case "ReturnValuesOnConditionCheckFailure" -> f[8] = JsonIn.string(p);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @SuppressWarnings("unchecked")
        WriteOptions build() {
            return new WriteOptions((String) f[0], (Map<String, String>) f[1], (Map<String, AttributeValue>) f[2],
                    (Map<String, Legacy.Expected>) f[3], (String) f[4], (String) f[5], (String) f[6], (String) f[7],
                    (String) f[8]);
        }
    }
}
