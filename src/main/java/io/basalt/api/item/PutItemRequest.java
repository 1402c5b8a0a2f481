package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.Map;

/** A PutItem request as sent. */
public record PutItemRequest(String tableName, Map<String, AttributeValue> item, WriteOptions options) {

    public static PutItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[2];
        WriteOptions.Reader shared = new WriteOptions.Reader();
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Item" -> f[1] = AttributeValueJson.readItem(q);
                default -> {
                    if (!shared.field(name, q)) JsonIn.skip(q);
                }
            }
        });
        return new PutItemRequest((String) f[0], cast(f[1]), shared.build());
    }

    @SuppressWarnings("unchecked")
    static <T> T cast(Object o) {
        return (T) o;
    }
}
