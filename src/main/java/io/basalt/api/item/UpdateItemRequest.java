package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.DeferredValue;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.Map;

/** An UpdateItem request as sent. */
public record UpdateItemRequest(String tableName, Map<String, AttributeValue> key, String updateExpression,
                                Map<String, Legacy.AttributeUpdate> attributeUpdates, WriteOptions options) {

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<DeferredValue<Map<String, AttributeValue>>> KEY =
            Member.of("Key", p -> WriteOptions.deferDepth(p, AttributeValueJson::readItem));
    private static final Member<String> UPDATE_EXPRESSION = Member.string("UpdateExpression");
    private static final Member<Map<String, Legacy.AttributeUpdate>> ATTRIBUTE_UPDATES =
            Member.of("AttributeUpdates", LegacyJson::readAttributeUpdates);
    private static final Structure SHAPE =
            Structure.of(TABLE_NAME, KEY, UPDATE_EXPRESSION, ATTRIBUTE_UPDATES).with(WriteOptions.MEMBERS);

    public static UpdateItemRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new UpdateItemRequest(m.get(TABLE_NAME), DeferredValue.valueOf(m.get(KEY)), m.get(UPDATE_EXPRESSION), m.get(ATTRIBUTE_UPDATES),
                WriteOptions.from(m, m.get(KEY)));
    }
}
