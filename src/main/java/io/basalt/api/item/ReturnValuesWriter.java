package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import java.io.IOException;
import java.util.Map;

/** Writes the Attributes member of write responses (omitted when empty, as the service does). */
final class ReturnValuesWriter {
    private ReturnValuesWriter() {}

    static void writeAttributes(JsonGenerator g, Map<String, AttributeValue> attributes) throws IOException {
        if (attributes == null || attributes.isEmpty()) return;
        g.writeFieldName("Attributes");
        AttributeValueJson.writeItem(g, attributes);
    }
}
