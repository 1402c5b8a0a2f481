package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * JSON shapes of the legacy (pre-expression) parameters: Expected, AttributeUpdates, and the
 * Condition maps of QueryFilter / ScanFilter / KeyConditions.
 */
public final class LegacyJson {
    private LegacyJson() {}

    
    public static Map<String, Legacy.Expected> readExpected(JsonParser p) throws IOException {
        return JsonIn.map(p, LegacyJson::readExpectedEntry);
    }

    private static Legacy.Expected readExpectedEntry(JsonParser p) throws IOException {
        Object[] f = new Object[4];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "Value" -> f[0] = AttributeValueJson.read(q);
                case "Exists" -> f[1] = JsonIn.bool(q);
                case "ComparisonOperator" -> f[2] = JsonIn.string(q);
                case "AttributeValueList" -> f[3] = JsonIn.list(q, AttributeValueJson::read);
                default -> JsonIn.skip(q);
            }
        });
        @SuppressWarnings("unchecked")
        List<AttributeValue> list = (List<AttributeValue>) f[3];
        return new Legacy.Expected((AttributeValue) f[0], (Boolean) f[1], (String) f[2], list);
    }

    public static Map<String, Legacy.AttributeUpdate> readAttributeUpdates(JsonParser p) throws IOException {
        return JsonIn.map(p, q -> {
            Object[] f = new Object[2];
            JsonIn.object(q, (name, r) -> {
                switch (name) {
                    case "Action" -> f[0] = JsonIn.string(r);
                    case "Value" -> f[1] = AttributeValueJson.read(r);
                    default -> JsonIn.skip(r);
                }
            });
            return new Legacy.AttributeUpdate((String) f[0], (AttributeValue) f[1]);
        });
    }

    public static Map<String, Legacy.FilterCondition> readConditions(JsonParser p) throws IOException {
        return JsonIn.map(p, q -> {
            Object[] f = new Object[2];
            JsonIn.object(q, (name, r) -> {
                switch (name) {
                    case "ComparisonOperator" -> f[0] = JsonIn.string(r);
                    case "AttributeValueList" -> f[1] = JsonIn.list(r, AttributeValueJson::read);
                    default -> JsonIn.skip(r);
                }
            });
            @SuppressWarnings("unchecked")
            List<AttributeValue> list = (List<AttributeValue>) f[1];
            return new Legacy.FilterCondition((String) f[0], list);
        });
    }
}
