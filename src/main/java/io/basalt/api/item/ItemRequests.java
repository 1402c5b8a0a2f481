package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.WriteCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import java.io.IOException;
import java.util.Map;

/** Steps shared by the single-item operations. */
final class ItemRequests {
    static final long MAX_ITEM_BYTES = io.basalt.model.ServiceLimits.ITEM_BYTES;
    static final String UPDATE_TOO_LARGE = "Item size to update has exceeded the maximum allowed size";

    private ItemRequests() {}


    /** ConditionExpression or Expected (+ ConditionalOperator), or null when neither is given. */
    static Condition condition(String conditionExpression, Map<String, Legacy.Expected> expected, String conditionalOperator,
                               ExpressionContext ctx) {
        if (conditionExpression != null) {
            return ConditionParser.parse(conditionExpression, ExpressionKind.CONDITION, ctx).condition();
        }
        if (expected != null) {
            return Legacy.expected(expected, conditionalOperator);
        }
        return null;
    }

    static void checkItemSize(Map<String, AttributeValue> item, String message) {
        if (ItemSize.of(item) > MAX_ITEM_BYTES) throw DynamoException.validation(message);
    }

    static long size(Map<String, AttributeValue> item) {
        return item == null ? 0 : ItemSize.of(item);
    }

    static void writeCapacity(JsonGenerator out, String mode, String tableName, double units) throws IOException {
        if (ConsumedCapacityWriter.wanted(mode)) {
            ConsumedCapacityWriter.writeMember(out, mode, tableName, units, Map.of(), Map.of());
        }
    }

    /**
     * ItemCollectionMetrics of a single-item write, written when asked for (SIZE) and the table
     * has local secondary indexes, as the service does.
     */
    static void writeItemCollectionMetrics(JsonGenerator out, String mode, Engine engine, TableCatalog.Entry table,
                                           Map<String, AttributeValue> key) throws IOException {
        if (!"SIZE".equals(mode) || table.definition().localIndexes().isEmpty()) return;
        Map<String, AttributeValue> collection = io.basalt.engine.index.ItemCollections.collectionKey(table.definition(), key);
        long bytes = engine.itemCollectionBytes(table.definition(),
                collection.get(table.definition().keys().hashName()));
        out.writeObjectFieldStart("ItemCollectionMetrics");
        out.writeFieldName("ItemCollectionKey");
        io.basalt.wire.AttributeValueJson.writeItem(out, collection);
        out.writeArrayFieldStart("SizeEstimateRangeGB");
        for (double d : io.basalt.engine.index.ItemCollections.estimateRangeGb(bytes)) out.writeNumber(d);
        out.writeEndArray();
        out.writeEndObject();
    }

    /** ConsumedCapacity of a single-item write: the table's units and, for INDEXES, each index's. */
    static void writeCapacity(JsonGenerator out, String mode, TableCatalog.Entry table, io.basalt.api.common.MeteredWrite m)
            throws IOException {
        if (!ConsumedCapacityWriter.wanted(mode)) return;
        WriteCapacity w = m.units();
        // vector indexes report VectorWriteRequestBytes, for INDEXES only (Developer Guide, vector index monitoring)
        Map<String, Double> vectors = "INDEXES".equals(mode) && !table.definition().vectorIndexes().isEmpty()
                ? io.basalt.engine.vector.VectorWriteMetering.bytes(table.definition(), m.outcome().oldItem(), m.outcome().newItem())
                : Map.of();
        out.writeFieldName("ConsumedCapacity");
        ConsumedCapacityWriter.write(out, mode, table.definition().name(), w.table(), w.globalIndexes(), w.localIndexes(), vectors);
    }

}
