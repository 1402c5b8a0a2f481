package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.protocol.json.AttributeValueJson;
import io.basalt.protocol.json.JsonIn;
import java.io.IOException;
import java.util.Map;

/** A DeleteItem request as sent. */
public record DeleteItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Map<String, io.basalt.expression.Legacy.Expected> expected,
        String conditionalOperator,
        String returnValues,
        String returnConsumedCapacity,
        String returnItemCollectionMetrics,
        String returnValuesOnConditionCheckFailure) {

    public static DeleteItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[11];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Key" -> f[1] = AttributeValueJson.readItem(q);
                case "ConditionExpression" -> f[2] = JsonIn.string(q);
                case "ExpressionAttributeNames" -> f[3] = JsonIn.stringMap(q);
                case "ExpressionAttributeValues" -> f[4] = AttributeValueJson.readValueMap(q);
                case "Expected" -> f[5] = LegacyJson.readExpected(q);
                case "ConditionalOperator" -> f[6] = JsonIn.string(q);
                case "ReturnValues" -> f[7] = JsonIn.string(q);
                case "ReturnConsumedCapacity" -> f[8] = JsonIn.string(q);
                case "ReturnItemCollectionMetrics" -> f[9] = JsonIn.string(q);
                case "ReturnValuesOnConditionCheckFailure" -> f[10] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new DeleteItemRequest((String) f[0], PutItemRequest.cast(f[1]), (String) f[2], PutItemRequest.cast(f[3]),
                PutItemRequest.cast(f[4]), PutItemRequest.cast(f[5]), (String) f[6], (String) f[7], (String) f[8],
                (String) f[9], (String) f[10]);
    }
}
