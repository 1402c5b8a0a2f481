package io.basalt.api.common;

import io.basalt.model.AttributeValue;
import java.util.Map;

/**
 * Request parts as the service's older front end echoes them in constraint messages: its Java model's
 * toString, each attribute value identity-style ("com.amazonaws.dynamodb.v20120810.AttributeValue@hex",
 * as captured for BatchWriteItem in eu-west-2, 2026).
 */
public final class ModelEcho {
    private ModelEcho() {}

    /** {@code {name=com.amazonaws.dynamodb.v20120810.AttributeValue@hex, ...}}, or "null". */
    public static String item(Map<String, AttributeValue> item) {
        if (item == null) return "null";
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, AttributeValue> a : item.entrySet()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(a.getKey()).append("=com.amazonaws.dynamodb.v20120810.AttributeValue@").append(Integer.toHexString(a.getValue().hashCode()));
        }
        return sb.append('}').toString();
    }
}
