package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.DeferredValue;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.Map;

/** A PutItem request as sent. */
public record PutItemRequest(String tableName, Map<String, AttributeValue> item, WriteOptions options) {

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<DeferredValue<Map<String, AttributeValue>>> ITEM =
            Member.of("Item", p -> WriteOptions.deferDepth(p, AttributeValueJson::readItem));
    private static final Structure SHAPE = Structure.of(TABLE_NAME, ITEM).with(WriteOptions.MEMBERS);

    public static PutItemRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new PutItemRequest(m.get(TABLE_NAME), DeferredValue.valueOf(m.get(ITEM)), WriteOptions.from(m, m.get(ITEM)));
    }
}
