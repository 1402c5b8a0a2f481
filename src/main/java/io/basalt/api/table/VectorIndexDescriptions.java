package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.catalog.VectorIndexDefinition;
import java.io.IOException;
import java.util.List;

/**
 * The VectorIndexes member of a TableDescription (VectorIndexDescription). Backfilling is shown
 * only while a backfill is under way (the index is CREATING then); IndexSizeBytes and ItemCount
 * are figures the service refreshes about every six hours, and Basalt reports 0 for them.
 */
final class VectorIndexDescriptions {
    private VectorIndexDescriptions() {}

    static void write(JsonGenerator g, String tableArn, List<VectorIndexDefinition> indexes) throws IOException {
        if (indexes.isEmpty()) return;
        g.writeArrayFieldStart("VectorIndexes");
        for (VectorIndexDefinition v : indexes) {
            g.writeStartObject();
            g.writeStringField("IndexName", v.name());
            if (!v.searchSchema().isEmpty()) {
                g.writeArrayFieldStart("SearchSchema");
                for (VectorIndexDefinition.SchemaElement e : v.searchSchema()) {
                    g.writeStartObject();
                    g.writeStringField("AttributeName", e.attributeName());
                    g.writeStringField("SearchSchemaElementType", e.type());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeObjectFieldStart("Projection");
            g.writeStringField("ProjectionType", v.projectionType());
            if (!v.nonKeyAttributes().isEmpty()) {
                g.writeArrayFieldStart("NonKeyAttributes");
                for (String a : v.nonKeyAttributes()) g.writeString(a);
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeObjectFieldStart("VectorAttribute");
            g.writeStringField("AttributeName", v.vectorAttribute());
            g.writeEndObject();
            g.writeNumberField("Dimensions", v.dimensions());
            g.writeStringField("DistanceFunction", v.distanceFunction());
            g.writeStringField("IndexStatus", v.status());
            if (v.backfilling()) g.writeBooleanField("Backfilling", true);
            g.writeNumberField("IndexSizeBytes", 0);
            g.writeNumberField("ItemCount", 0);
            g.writeStringField("IndexArn", tableArn + "/index/" + v.name());
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
