package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.protocol.json.AttributeValueJson;
import io.basalt.protocol.json.JsonIn;
import java.io.IOException;
import java.util.Map;

/** An UpdateItem request as sent. */
public record UpdateItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        String updateExpression,
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Map<String, io.basalt.expression.Legacy.AttributeUpdate> attributeUpdates,
        Map<String, io.basalt.expression.Legacy.Expected> expected,
        String conditionalOperator,
        String returnValues,
        String returnConsumedCapacity,
        String returnItemCollectionMetrics,
        String returnValuesOnConditionCheckFailure) {

    public static UpdateItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[13];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Key" -> f[1] = AttributeValueJson.readItem(q);
                case "UpdateExpression" -> f[2] = JsonIn.string(q);
                case "ConditionExpression" -> f[3] = JsonIn.string(q);
                case "ExpressionAttributeNames" -> f[4] = JsonIn.stringMap(q);
                case "ExpressionAttributeValues" -> f[5] = AttributeValueJson.readValueMap(q);
                case "AttributeUpdates" -> f[6] = LegacyJson.readAttributeUpdates(q);
                case "Expected" -> f[7] = LegacyJson.readExpected(q);
                case "ConditionalOperator" -> f[8] = JsonIn.string(q);
                case "ReturnValues" -> f[9] = JsonIn.string(q);
                case "ReturnConsumedCapacity" -> f[10] = JsonIn.string(q);
                case "ReturnItemCollectionMetrics" -> f[11] = JsonIn.string(q);
                case "ReturnValuesOnConditionCheckFailure" -> f[12] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new UpdateItemRequest((String) f[0], PutItemRequest.cast(f[1]), (String) f[2], (String) f[3],
                PutItemRequest.cast(f[4]), PutItemRequest.cast(f[5]), PutItemRequest.cast(f[6]),
                PutItemRequest.cast(f[7]), (String) f[8], (String) f[9], (String) f[10], (String) f[11], (String) f[12]);
    }
}
