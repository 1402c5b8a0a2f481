package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;

/** JSON shapes shared by the table operations' requests (KeySchema, Projection, throughput, ...). */
final class TableJson {
    private TableJson() {}

    record KeyElement(String attributeName, String keyType) {}

    record AttributeDefinition(String attributeName, String attributeType) {}

    record ProvisionedThroughput(Long readCapacityUnits, Long writeCapacityUnits) {}

    record OnDemandThroughput(Long maxReadRequestUnits, Long maxWriteRequestUnits) {}

    record Projection(String projectionType, List<String> nonKeyAttributes) {}

    record StreamSpecification(Boolean streamEnabled, String streamViewType) {}

    record Tag(String key, String value) {}

    record IndexSpec(String indexName, List<KeyElement> keySchema, Projection projection,
                     ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput) {}

    /** One element of GlobalSecondaryIndexUpdates: exactly one of create / update / delete. */
    record GsiUpdate(IndexSpec create, IndexSpec update, String delete) {}

    static List<GsiUpdate> gsiUpdates(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Object[] f = new Object[3];
            JsonIn.object(q, (n, r) -> {
                switch (n) {
                    case "Create" -> f[0] = index(r);
                    case "Update" -> f[1] = index(r);
                    case "Delete" -> {
                        String[] name = new String[1];
                        JsonIn.object(r, (m, x) -> {
                            if (m.equals("IndexName")) name[0] = JsonIn.string(x);
                            else JsonIn.skip(x);
                        });
                        f[2] = name[0] == null ? "" : name[0];
                    }
                    default -> JsonIn.skip(r);
                }
            });
            return new GsiUpdate((IndexSpec) f[0], (IndexSpec) f[1], (String) f[2]);
        });
    }

    static List<KeyElement> keySchema(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            String[] f = new String[2];
            JsonIn.object(q, (n, r) -> {
                switch (n) {
                    case "AttributeName" -> f[0] = JsonIn.string(r);
                    case "KeyType" -> f[1] = JsonIn.string(r);
                    default -> JsonIn.skip(r);
                }
            });
            return new KeyElement(f[0], f[1]);
        });
    }

    static List<AttributeDefinition> attributeDefinitions(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            String[] f = new String[2];
            JsonIn.object(q, (n, r) -> {
                switch (n) {
                    case "AttributeName" -> f[0] = JsonIn.string(r);
                    case "AttributeType" -> f[1] = JsonIn.string(r);
                    default -> JsonIn.skip(r);
                }
            });
            return new AttributeDefinition(f[0], f[1]);
        });
    }

    static ProvisionedThroughput throughput(JsonParser p) throws IOException {
        Long[] f = new Long[2];
        JsonIn.object(p, (n, r) -> {
            switch (n) {
                case "ReadCapacityUnits" -> f[0] = JsonIn.integer(r);
                case "WriteCapacityUnits" -> f[1] = JsonIn.integer(r);
                default -> JsonIn.skip(r);
            }
        });
        return p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL ? null : new ProvisionedThroughput(f[0], f[1]);
    }

    static OnDemandThroughput onDemand(JsonParser p) throws IOException {
        if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL) return null;
        Long[] f = new Long[2];
        JsonIn.object(p, (n, r) -> {
            switch (n) {
                case "MaxReadRequestUnits" -> f[0] = JsonIn.integer(r);
                case "MaxWriteRequestUnits" -> f[1] = JsonIn.integer(r);
                default -> JsonIn.skip(r);
            }
        });
        return new OnDemandThroughput(f[0], f[1]);
    }

    static Projection projection(JsonParser p) throws IOException {
        if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL) return null;
        Object[] f = new Object[2];
        JsonIn.object(p, (n, r) -> {
            switch (n) {
                case "ProjectionType" -> f[0] = JsonIn.string(r);
                case "NonKeyAttributes" -> f[1] = JsonIn.stringList(r);
                default -> JsonIn.skip(r);
            }
        });
        @SuppressWarnings("unchecked")
        List<String> nonKey = (List<String>) f[1];
        return new Projection((String) f[0], nonKey);
    }

    static StreamSpecification stream(JsonParser p) throws IOException {
        if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL) return null;
        Object[] f = new Object[2];
        JsonIn.object(p, (n, r) -> {
            switch (n) {
                case "StreamEnabled" -> f[0] = JsonIn.bool(r);
                case "StreamViewType" -> f[1] = JsonIn.string(r);
                default -> JsonIn.skip(r);
            }
        });
        return new StreamSpecification((Boolean) f[0], (String) f[1]);
    }

    static List<Tag> tags(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            String[] f = new String[2];
            JsonIn.object(q, (n, r) -> {
                switch (n) {
                    case "Key" -> f[0] = JsonIn.string(r);
                    case "Value" -> f[1] = JsonIn.string(r);
                    default -> JsonIn.skip(r);
                }
            });
            return new Tag(f[0], f[1]);
        });
    }

    static List<IndexSpec> indexes(JsonParser p) throws IOException {
        return JsonIn.list(p, TableJson::index);
    }

    static IndexSpec index(JsonParser q) throws IOException {
        {
            Object[] f = new Object[5];
            JsonIn.object(q, (n, r) -> {
                switch (n) {
                    case "IndexName" -> f[0] = JsonIn.string(r);
                    case "KeySchema" -> f[1] = keySchema(r);
                    case "Projection" -> f[2] = projection(r);
                    case "ProvisionedThroughput" -> f[3] = throughput(r);
                    case "OnDemandThroughput" -> f[4] = onDemand(r);
                    default -> JsonIn.skip(r);
                }
            });
            @SuppressWarnings("unchecked")
            List<KeyElement> ks = (List<KeyElement>) f[1];
            return new IndexSpec((String) f[0], ks, (Projection) f[2], (ProvisionedThroughput) f[3], (OnDemandThroughput) f[4]);
        }
    }
}
