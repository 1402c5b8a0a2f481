package io.basalt.api.query;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.common.Constraints;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.query.PageReader;
import io.basalt.error.DynamoException;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import io.basalt.protocol.json.AttributeValueJson;
import java.io.IOException;
import java.util.Map;

/** Rules and response writing shared by Query and Scan. */
final class ReadRules {
    static final String SELECT_ENUM = "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]";

    private ReadRules() {}

    static void commonConstraints(Constraints c, ReadRequest r) {
        c.notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
         .tableName(r.indexName(), "indexName")
         .enumValue(r.select(), "select", SELECT_ENUM)
         .min(r.limit(), "limit", 1)
         .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
         .enumValue(r.conditionalOperator(), "conditionalOperator", "[AND, OR]")
         .minSize(r.attributesToGet(), "attributesToGet", 1);
    }

    /** The service's rules on Select against projections. */
    static void checkSelect(ReadRequest r) {
        boolean projection = r.projectionExpression() != null || r.attributesToGet() != null;
        String what = r.projectionExpression() != null ? "ProjectionExpression" : "AttributesToGet";
        if ("SPECIFIC_ATTRIBUTES".equals(r.select()) && !projection) {
            throw DynamoException.validation("Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        }
        if (projection && r.select() != null && !"SPECIFIC_ATTRIBUTES".equals(r.select())) {
            throw DynamoException.validation("Cannot specify the " + what + " when choosing to get " + r.select());
        }
        if ("ALL_PROJECTED_ATTRIBUTES".equals(r.select()) && r.indexName() == null) {
            throw DynamoException.validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
    }

    /** Indexes are served by the index work; until then a read on one is refused clearly. */
    static void checkIndex(TableCatalog.Entry table, String indexName) {
        if (indexName == null) return;
        if (table.definition().index(indexName) == null) {
            throw DynamoException.validation("The table does not have the specified index: " + indexName);
        }
        throw DynamoException.validation("Reading secondary indexes is not supported by this Basalt version yet: index " + indexName);
    }

    static void checkStartKey(KeyShape keys, Map<String, AttributeValue> esk) {
        if (esk == null) return;
        try {
            keys.validateKey(esk);
        } catch (DynamoException e) {
            throw DynamoException.validation("The provided starting key is invalid: " + e.getMessage());
        }
    }

    static void writePage(JsonGenerator out, ReadRequest r, TableCatalog.Entry table, PageReader.Page page,
                          Projection projection) throws IOException {
        boolean countOnly = "COUNT".equals(r.select());
        out.writeStartObject();
        if (!countOnly) {
            out.writeArrayFieldStart("Items");
            for (Map<String, AttributeValue> item : page.items()) {
                AttributeValueJson.writeItem(out, projection == null ? item : projection.apply(item));
            }
            out.writeEndArray();
        }
        out.writeNumberField("Count", page.count());
        out.writeNumberField("ScannedCount", page.scannedCount());
        if (page.lastItem() != null) {
            out.writeFieldName("LastEvaluatedKey");
            AttributeValueJson.writeItem(out, table.definition().keys().keyOf(page.lastItem()));
        }
        if (ConsumedCapacityWriter.wanted(r.returnConsumedCapacity())) {
            double units = CapacityUnits.read(page.bytesRead(), Boolean.TRUE.equals(r.consistentRead()));
            ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), table.definition().name(), units, Map.of(), Map.of());
        }
        out.writeEndObject();
    }
}
