package io.basalt.migrate.source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import io.basalt.wire.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A JSON column's text as a DynamoDB value: objects M, arrays L, strings S, numbers N, booleans BOOL, null NULL. */
public final class JsonValues {
    private JsonValues() {}

    public static AttributeValue parse(String text) {
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            p.nextToken();
            return value(p);
        } catch (IOException | RuntimeException e) {
            return new AttributeValue.S(text); // not JSON after all: kept as text
        }
    }

    private static AttributeValue value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, value(p));
                }
                return new AttributeValue.M(m);
            }
            case START_ARRAY -> {
                List<AttributeValue> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
                return new AttributeValue.L(l);
            }
            case VALUE_STRING -> {
                return new AttributeValue.S(p.getText());
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                try {
                    return new AttributeValue.N(DNumber.parse(p.getText()));
                } catch (NumberFormatError e) {
                    return new AttributeValue.S(p.getText());
                }
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return AttributeValue.Bool.of(t == JsonToken.VALUE_TRUE);
            }
            default -> {
                return AttributeValue.Null.INSTANCE;
            }
        }
    }
}
