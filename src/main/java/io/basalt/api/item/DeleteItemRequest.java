package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.Map;

/** A DeleteItem request as sent. */
public record DeleteItemRequest(String tableName, Map<String, AttributeValue> key, WriteOptions options) {

    public static DeleteItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[2];
        WriteOptions.Reader shared = new WriteOptions.Reader();
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Key" -> f[1] = AttributeValueJson.readItem(q);
                default -> {
                    if (!shared.field(name, q)) JsonIn.skip(q);
                }
            }
        });
        return new DeleteItemRequest((String) f[0], PutItemRequest.cast(f[1]), shared.build());
    }
}
