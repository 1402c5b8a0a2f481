package io.basalt.api.query;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.item.LegacyJson;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
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

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<String> KEY_CONDITION_EXPRESSION = Member.string("KeyConditionExpression");
    private static final Member<String> FILTER_EXPRESSION = Member.string("FilterExpression");
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<Map<String, AttributeValue>> VALUES =
            Member.of("ExpressionAttributeValues", AttributeValueJson::readValueMap);
    private static final Member<String> SELECT = Member.string("Select");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Member<Map<String, AttributeValue>> EXCLUSIVE_START_KEY =
            Member.of("ExclusiveStartKey", AttributeValueJson::readItem);
    private static final Member<Boolean> SCAN_INDEX_FORWARD = Member.bool("ScanIndexForward");
    private static final Member<Boolean> CONSISTENT_READ = Member.bool("ConsistentRead");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<Map<String, Legacy.FilterCondition>> KEY_CONDITIONS =
            Member.of("KeyConditions", LegacyJson::readConditions);
    private static final Member<Map<String, Legacy.FilterCondition>> QUERY_FILTER =
            Member.of("QueryFilter", LegacyJson::readConditions);
    private static final Member<Map<String, Legacy.FilterCondition>> SCAN_FILTER =
            Member.of("ScanFilter", LegacyJson::readConditions);
    private static final Member<String> CONDITIONAL_OPERATOR = Member.string("ConditionalOperator");
    private static final Member<List<String>> ATTRIBUTES_TO_GET = Member.stringList("AttributesToGet");
    private static final Member<Long> SEGMENT = Member.integer("Segment");
    private static final Member<Long> TOTAL_SEGMENTS = Member.integer("TotalSegments");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, INDEX_NAME, KEY_CONDITION_EXPRESSION,
            FILTER_EXPRESSION, PROJECTION_EXPRESSION, NAMES, VALUES, SELECT, LIMIT, EXCLUSIVE_START_KEY,
            SCAN_INDEX_FORWARD, CONSISTENT_READ, RETURN_CONSUMED_CAPACITY, KEY_CONDITIONS, QUERY_FILTER, SCAN_FILTER,
            CONDITIONAL_OPERATOR, ATTRIBUTES_TO_GET, SEGMENT, TOTAL_SEGMENTS);

    static ReadRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new ReadRequest(m.get(TABLE_NAME), m.get(INDEX_NAME), m.get(KEY_CONDITION_EXPRESSION),
                m.get(FILTER_EXPRESSION), m.get(PROJECTION_EXPRESSION), m.get(NAMES), m.get(VALUES), m.get(SELECT),
                m.get(LIMIT), m.get(EXCLUSIVE_START_KEY), m.get(SCAN_INDEX_FORWARD), m.get(CONSISTENT_READ),
                m.get(RETURN_CONSUMED_CAPACITY), m.get(KEY_CONDITIONS), m.get(QUERY_FILTER), m.get(SCAN_FILTER),
                m.get(CONDITIONAL_OPERATOR), m.get(ATTRIBUTES_TO_GET), m.get(SEGMENT), m.get(TOTAL_SEGMENTS));
    }
}
