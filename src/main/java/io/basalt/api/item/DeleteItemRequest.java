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

/** A DeleteItem request as sent. */
public record DeleteItemRequest(String tableName, Map<String, AttributeValue> key, WriteOptions options) {

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<DeferredValue<Map<String, AttributeValue>>> KEY =
            Member.of("Key", p -> WriteOptions.deferDepth(p, AttributeValueJson::readItem));
    private static final Structure SHAPE = Structure.of(TABLE_NAME, KEY).with(WriteOptions.MEMBERS);

    public static DeleteItemRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new DeleteItemRequest(m.get(TABLE_NAME), DeferredValue.valueOf(m.get(KEY)), WriteOptions.from(m, m.get(KEY)));
    }
}
