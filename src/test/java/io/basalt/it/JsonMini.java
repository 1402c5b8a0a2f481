package io.basalt.it;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reading export files in tests: flat JSON objects, and items in DynamoDB JSON as the SDK's values. */
final class JsonMini {
    private JsonMini() {}

    /** A flat JSON object: strings, numbers, booleans and nulls (nested values are skipped). */
    static Map<String, Object> object(String json) {
        Map<String, Object> out = new LinkedHashMap<>();
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (t) {
                    case VALUE_STRING -> out.put(name, p.getText());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> out.put(name, p.getNumberValue());
                    case VALUE_TRUE, VALUE_FALSE -> out.put(name, p.getBooleanValue());
                    case VALUE_NULL -> out.put(name, null);
                    default -> p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** An item in DynamoDB JSON ({"a":{"S":"x"},...}). */
    static Map<String, AttributeValue> item(String json) {
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            p.nextToken();
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            for (Map.Entry<String, io.basalt.model.AttributeValue> e : AttributeValueJson.readItem(p).entrySet()) {
                out.put(e.getKey(), sdk(e.getValue()));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AttributeValue sdk(io.basalt.model.AttributeValue v) {
        return switch (v) {
            case io.basalt.model.AttributeValue.S s -> AttributeValue.fromS(s.value());
            case io.basalt.model.AttributeValue.N n -> AttributeValue.fromN(n.value().toString());
            case io.basalt.model.AttributeValue.B b -> AttributeValue.fromB(SdkBytes.fromByteArray(b.value()));
            case io.basalt.model.AttributeValue.Bool b -> AttributeValue.fromBool(b.value());
            case io.basalt.model.AttributeValue.Null n -> AttributeValue.fromNul(true);
            case io.basalt.model.AttributeValue.M m -> {
                Map<String, AttributeValue> out = new LinkedHashMap<>();
                m.value().forEach((k, x) -> out.put(k, sdk(x)));
                yield AttributeValue.fromM(out);
            }
            case io.basalt.model.AttributeValue.L l -> {
                List<AttributeValue> out = new ArrayList<>();
                for (io.basalt.model.AttributeValue x : l.value()) out.add(sdk(x));
                yield AttributeValue.fromL(out);
            }
            case io.basalt.model.AttributeValue.SS ss -> AttributeValue.fromSs(ss.value());
            case io.basalt.model.AttributeValue.NS ns -> AttributeValue.fromNs(ns.value().stream().map(Object::toString).toList());
            case io.basalt.model.AttributeValue.BS bs -> AttributeValue.fromBs(bs.value().stream().map(SdkBytes::fromByteArray).toList());
        };
    }
}
