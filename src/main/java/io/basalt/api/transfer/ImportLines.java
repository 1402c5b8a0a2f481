package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of an import file as an item, or null when it cannot be one (the import counts it as an
 * error). DYNAMODB_JSON: {@code {"Item":{...}}}. CSV: fields by the header; key attributes take
 * the type of their attribute definition, every other non-empty field is a string.
 */
final class ImportLines {
    private ImportLines() {}

    static Map<String, AttributeValue> json(String line) {
        try (JsonParser p = Json.FACTORY.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME || !"Item".equals(p.currentName())) {
                return null;
            }
            p.nextToken();
            Map<String, AttributeValue> item = AttributeValueJson.readItem(p);
            if (p.nextToken() != JsonToken.END_OBJECT) return null;
            return item;
        } catch (IOException | RuntimeException bad) {
            return null;
        }
    }

    static Map<String, AttributeValue> csv(List<String> header, List<String> fields, TableDefinition table) {
        if (fields == null || fields.size() != header.size()) return null;
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i), value = fields.get(i);
            AttrType type = table.attributeDefinitions().get(name);
            if (type == null) {
                if (!value.isEmpty()) item.put(name, new AttributeValue.S(value));
                continue;
            }
            try {
                item.put(name, switch (type) {
                    case N -> new AttributeValue.N(DNumber.parse(value));
                    case B -> new AttributeValue.B(java.util.Base64.getDecoder().decode(value));
                    default -> new AttributeValue.S(value);
                });
            } catch (RuntimeException bad) {
                return null;
            }
        }
        return item;
    }

    /** The fields of one CSV record (RFC 4180 quoting), or null when its quotes do not close. */
    static List<String> fields(String line, char delimiter) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"' && f.isEmpty()) {
                quoted = true;
            } else if (c == delimiter) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        if (quoted) return null;
        out.add(f.toString());
        return out;
    }
}
