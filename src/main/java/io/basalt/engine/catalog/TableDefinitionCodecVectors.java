package io.basalt.engine.catalog;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Part of {@link TableDefinitionCodec}: the catalog form of a table's vector indexes (a "vectorIndexes" array in the table's JSON). */
final class TableDefinitionCodecVectors {
    private TableDefinitionCodecVectors() {}

    static void write(JsonGenerator g, List<VectorIndexDefinition> indexes) throws IOException {
        if (indexes.isEmpty()) return;
        g.writeArrayFieldStart("vectorIndexes");
        for (VectorIndexDefinition v : indexes) {
            g.writeStartObject();
            g.writeStringField("name", v.name());
            g.writeNumberField("id", v.indexId());
            g.writeStringField("attribute", v.vectorAttribute());
            g.writeNumberField("dimensions", v.dimensions());
            g.writeStringField("distance", v.distanceFunction());
            g.writeArrayFieldStart("schema");
            for (VectorIndexDefinition.SchemaElement e : v.searchSchema()) {
                g.writeStartObject();
                g.writeStringField("name", e.attributeName());
                g.writeStringField("type", e.type());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("projection", v.projectionType());
            g.writeArrayFieldStart("nonKey");
            for (String s : v.nonKeyAttributes()) g.writeString(s);
            g.writeEndArray();
            g.writeStringField("status", v.status());
            g.writeBooleanField("backfilling", v.backfilling());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @SuppressWarnings("unchecked")
    static List<VectorIndexDefinition> read(Object list) {
        List<VectorIndexDefinition> out = new ArrayList<>();
        if (list == null) return out;
        for (Object o : (List<?>) list) {
            Map<String, Object> m = (Map<String, Object>) o;
            List<VectorIndexDefinition.SchemaElement> schema = new ArrayList<>();
            for (Object s : (List<?>) m.get("schema")) {
                Map<String, Object> e = (Map<String, Object>) s;
                schema.add(new VectorIndexDefinition.SchemaElement((String) e.get("name"), (String) e.get("type")));
            }
            List<String> nonKey = new ArrayList<>();
            for (Object s : (List<?>) m.get("nonKey")) nonKey.add((String) s);
            out.add(new VectorIndexDefinition((String) m.get("name"), ((Number) m.get("id")).longValue(), (String) m.get("attribute"),
                    ((Number) m.get("dimensions")).longValue(), (String) m.get("distance"), schema, (String) m.get("projection"),
                    nonKey, (String) m.get("status"), Boolean.TRUE.equals(m.get("backfilling"))));
        }
        return out;
    }
}
