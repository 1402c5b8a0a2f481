package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.Map;

/** An UpdateItem request as sent. */
public record UpdateItemRequest(String tableName, Map<String, AttributeValue> key, String updateExpression,
                                Map<String, Legacy.AttributeUpdate> attributeUpdates, WriteOptions options) {

    public static UpdateItemRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[4];
        WriteOptions.Reader shared = new WriteOptions.Reader();
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "Key" -> f[1] = AttributeValueJson.readItem(q);
                case "UpdateExpression" -> f[2] = JsonIn.string(q);
                case "AttributeUpdates" -> f[3] = LegacyJson.readAttributeUpdates(q);
                default -> {
                    if (!shared.field(name, q)) JsonIn.skip(q);
                }
            }
        });
        return new UpdateItemRequest((String) f[0], PutItemRequest.cast(f[1]), (String) f[2], PutItemRequest.cast(f[3]),
                shared.build());
    }
}
