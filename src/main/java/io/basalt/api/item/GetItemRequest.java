package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
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

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Map<String, AttributeValue>> KEY = Member.of("Key", AttributeValueJson::readItem);
    private static final Member<Boolean> CONSISTENT_READ = Member.bool("ConsistentRead");
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<List<String>> ATTRIBUTES_TO_GET = Member.stringList("AttributesToGet");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, KEY, CONSISTENT_READ, PROJECTION_EXPRESSION,
            NAMES, ATTRIBUTES_TO_GET, RETURN_CONSUMED_CAPACITY);

    public static GetItemRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new GetItemRequest(m.get(TABLE_NAME), m.get(KEY), m.get(CONSISTENT_READ), m.get(PROJECTION_EXPRESSION),
                m.get(NAMES), m.get(ATTRIBUTES_TO_GET), m.get(RETURN_CONSUMED_CAPACITY));
    }
}
