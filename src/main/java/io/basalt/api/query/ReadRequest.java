package io.basalt.api.query;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.item.LegacyJson;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A Query or Scan request as sent (each operation ignores the other's members, as the service does). */
record ReadRequest(
        String tableName,
        String indexName,
        String keyConditionExpression,
        String filterExpression,
        String projectionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        String select,
        Long limit,
        Map<String, AttributeValue> exclusiveStartKey,
        Boolean scanIndexForward,
        Boolean consistentRead,
        String returnConsumedCapacity,
        Map<String, Legacy.FilterCondition> keyConditions,
        Map<String, Legacy.FilterCondition> queryFilter,
        Map<String, Legacy.FilterCondition> scanFilter,
        String conditionalOperator,
        List<String> attributesToGet,
        Long segment,
        Long totalSegments) {

    @SuppressWarnings("unchecked")
    static ReadRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[20];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "IndexName" -> f[1] = JsonIn.string(q);
                case "KeyConditionExpression" -> f[2] = JsonIn.string(q);
                case "FilterExpression" -> f[3] = JsonIn.string(q);
                case "ProjectionExpression" -> f[4] = JsonIn.string(q);
                case "ExpressionAttributeNames" -> f[5] = JsonIn.stringMap(q);
                case "ExpressionAttributeValues" -> f[6] = AttributeValueJson.readValueMap(q);
                case "Select" -> f[7] = JsonIn.string(q);
                case "Limit" -> f[8] = JsonIn.integer(q);
                case "ExclusiveStartKey" -> f[9] = AttributeValueJson.readItem(q);
                case "ScanIndexForward" -> f[10] = JsonIn.bool(q);
                case "ConsistentRead" -> f[11] = JsonIn.bool(q);
                case "ReturnConsumedCapacity" -> f[12] = JsonIn.string(q);
                case "KeyConditions" -> f[13] = LegacyJson.readConditions(q);
                case "QueryFilter" -> f[14] = LegacyJson.readConditions(q);
                case "ScanFilter" -> f[15] = LegacyJson.readConditions(q);
                case "ConditionalOperator" -> f[16] = JsonIn.string(q);
                case "AttributesToGet" -> f[17] = JsonIn.stringList(q);
                case "Segment" -> f[18] = JsonIn.integer(q);
                case "TotalSegments" -> f[19] = JsonIn.integer(q);
                default -> JsonIn.skip(q);
            }
        });
        return new ReadRequest((String) f[0], (String) f[1], (String) f[2], (String) f[3], (String) f[4],
                (Map<String, String>) f[5], (Map<String, AttributeValue>) f[6], (String) f[7], (Long) f[8],
                (Map<String, AttributeValue>) f[9], (Boolean) f[10], (Boolean) f[11], (String) f[12],
                (Map<String, Legacy.FilterCondition>) f[13], (Map<String, Legacy.FilterCondition>) f[14],
                (Map<String, Legacy.FilterCondition>) f[15], (String) f[16], (List<String>) f[17], (Long) f[18],
                (Long) f[19]);
    }
}
