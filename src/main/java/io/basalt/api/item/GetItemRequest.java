package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A GetItem request as sent. */
public record GetItemRequest(
        String tableName,
        Map<String, AttributeValue> key,
        Boolean consistentRead,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        List<String> attributesToGet,
        String returnConsumedCapacity) {

    public static GetItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[7];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Key" -> f[1] = AttributeValueJson.readItem(q);
                case "ConsistentRead" -> f[2] = JsonIn.bool(q);
                case "ProjectionExpression" -> f[3] = JsonIn.string(q);
                case "ExpressionAttributeNames" -> f[4] = JsonIn.stringMap(q);
                case "AttributesToGet" -> f[5] = JsonIn.stringList(q);
                case "ReturnConsumedCapacity" -> f[6] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new GetItemRequest((String) f[0], PutItemRequest.cast(f[1]), (Boolean) f[2], (String) f[3],
                PutItemRequest.cast(f[4]), PutItemRequest.cast(f[5]), (String) f[6]);
    }
}
