package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One element of TransactItems (write: Put, Update, Delete or ConditionCheck; read: Get), as sent.
 *
 * @param kind "Put", "Update", "Delete", "ConditionCheck" or "Get"
 * @param kinds how many kinds the element named (exactly one is valid)
 */
record TransactAction(String kind, int kinds, String tableName, Map<String, AttributeValue> item,
                      Map<String, AttributeValue> key, String updateExpression, String conditionExpression,
                      String projectionExpression, Map<String, String> expressionAttributeNames,
                      Map<String, AttributeValue> expressionAttributeValues, String returnValuesOnConditionCheckFailure) {

    @SuppressWarnings("unchecked")
    static List<TransactAction> parseList(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Object[] f = new Object[11];
            int[] kinds = {0};
            JsonIn.object(q, (kind, r) -> {
                if (!List.of("Put", "Update", "Delete", "ConditionCheck", "Get").contains(kind)) {
                    JsonIn.skip(r);
                    return;
                }
                if (r.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL) return;
                kinds[0]++;
                f[0] = kind;
                JsonIn.object(r, (n, x) -> {
                    switch (n) {
                        case "TableName" -> f[1] = JsonIn.string(x);
                        case "Item" -> f[2] = AttributeValueJson.readItem(x);
                        case "Key" -> f[3] = AttributeValueJson.readItem(x);
                        case "UpdateExpression" -> f[4] = JsonIn.string(x);
                        case "ConditionExpression" -> f[5] = JsonIn.string(x);
                        case "ProjectionExpression" -> f[6] = JsonIn.string(x);
                        case "ExpressionAttributeNames" -> f[7] = JsonIn.stringMap(x);
                        case "ExpressionAttributeValues" -> f[8] = AttributeValueJson.readValueMap(x);
                        case "ReturnValuesOnConditionCheckFailure" -> f[9] = JsonIn.string(x);
                        default -> JsonIn.skip(x);
                    }
                });
            });
            return new TransactAction((String) f[0], kinds[0], (String) f[1], (Map<String, AttributeValue>) f[2],
                    (Map<String, AttributeValue>) f[3], (String) f[4], (String) f[5], (String) f[6],
                    (Map<String, String>) f[7], (Map<String, AttributeValue>) f[8], (String) f[9]);
        });
    }
}
