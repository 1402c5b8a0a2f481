package io.basalt.api.query;

import io.basalt.eventloop.EventualReads;

import io.basalt.expression.Legacy;
import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.common.Constraints;
import io.basalt.api.RequestContext;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.query.KeyRange;
import io.basalt.engine.query.ReadTarget;
import io.basalt.engine.query.PageReader;
import io.basalt.error.DynamoException;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.StoredItemJson;
import io.basalt.expression.Condition;
import java.io.IOException;
import java.util.Map;

/** Rules and response writing shared by Query and Scan. */
final class ReadRules {
    static final String SELECT_ENUM = "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]";

    private ReadRules() {}

    /** {@code query}: Query's Limit is checked by the service's newer front end ("Value at 'Limit'"), Scan's is not. */
    static void commonConstraints(Constraints c, ReadRequest r, boolean query) {
        c.notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
         .tableName(r.indexName(), "indexName")
         .enumValue(r.select(), "select", SELECT_ENUM);
        if (query) c.minWithoutValue(r.limit(), "Limit", 1);
        else c.min(r.limit(), "limit", 1);
        c.enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
         .enumValue(r.conditionalOperator(), "conditionalOperator", "[AND, OR]")
         .minSize(r.attributesToGet(), "attributesToGet", 1)
         .comparisonOperators(r.keyConditions(), Legacy.FilterCondition::comparisonOperator, "keyConditions", true)
         .comparisonOperators(r.queryFilter(), Legacy.FilterCondition::comparisonOperator, "queryFilter", true)
         .comparisonOperators(r.scanFilter(), Legacy.FilterCondition::comparisonOperator, "scanFilter", true);
    }

    /** The service's rules on Select against projections. */
    static void checkSelect(ReadRequest r) {
        boolean projection = r.projectionExpression() != null || r.attributesToGet() != null;
        String what = r.projectionExpression() != null ? "ProjectionExpression" : "AttributesToGet";
        if ("SPECIFIC_ATTRIBUTES".equals(r.select()) && !projection) {
            throw DynamoException.validation(io.basalt.error.ValidationFamily.SELECT, "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        }
        if (projection && r.select() != null && !"SPECIFIC_ATTRIBUTES".equals(r.select())) {
            throw DynamoException.validation(io.basalt.error.ValidationFamily.SELECT, "Cannot specify the " + what + " when choosing to get " + r.select());
        }
        if ("ALL_PROJECTED_ATTRIBUTES".equals(r.select()) && r.indexName() == null) {
            throw DynamoException.validation(io.basalt.error.ValidationFamily.SELECT, "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
    }

    /** The table or index a read names, with the service's refusals. */
    static ReadTarget target(TableCatalog.Entry table, ReadRequest r) {
        if (r.indexName() == null) return new ReadTarget(table.definition(), null);
        IndexDefinition index = table.definition().index(r.indexName());
        if (index == null && table.definition().vectorIndex(r.indexName()) != null) {
            // vector indexes are read with SearchVectors only (Developer Guide, vector index requirements)
            throw DynamoException.validation((r.segment() != null || r.keyConditionExpression() == null && r.keyConditions() == null
                    ? "Scan" : "Query") + " operation not supported on this index type.");
        }
        if (index == null) {
            throw DynamoException.validation("The table does not have the specified index: " + r.indexName());
        }
        if (index.global() && Boolean.TRUE.equals(r.consistentRead())) {
            throw DynamoException.validation("Consistent reads are not supported on global secondary indexes");
        }
        if (!index.active()) {
            throw DynamoException.validation("Cannot read from backfilling global secondary index: " + index.name());
        }
        if (index.global() && "ALL_ATTRIBUTES".equals(r.select()) && !"ALL".equals(index.projectionType())) {
            throw DynamoException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "
                    + index.name() + " because its projection type is not ALL");
        }
        return new ReadTarget(table.definition(), index);
    }

    static void checkStartKey(ReadTarget target, Map<String, AttributeValue> esk) {
        if (esk == null) return;
        if (!target.validStartKey(esk)) {
            throw DynamoException.validation("The provided starting key is invalid: The provided key element does not match the schema");
        }
    }

    /**
     * A Query's filter on an attribute the index does not project is refused unless the read fetches
     * items from the table (an LSI read with Select ALL_ATTRIBUTES or a projection beyond the index): a
     * live GSI Query answered "Secondary index bySkill does not project one or more filter attributes:
     * [owner]"; the names come sorted, as DynamoDB Local lists them. A Scan is not refused: it filters
     * the index entries, where such an attribute is absent (live PartiQL captures, eu-west-2 2026-08-17:
     * a keyed index read is refused, an unkeyed one served; ElectroDB's suite scans a KEYS_ONLY index
     * with a filter on unprojected attributes).
     */
    static void checkFilterProjected(ReadTarget target, ReadRequest r, java.util.Set<String> filterNames, Projection projection) {
        if (!target.isIndex() || filterNames.isEmpty()) return;
        if (!target.index().global() && fetchFromTable(target, r, projection)) return;
        target.checkFilterProjected(filterNames);
    }

    /**
     * Whether items of an LSI read must come from the table: the request wants attributes the
     * index does not project (Select ALL_ATTRIBUTES, or a projection naming them).
     */
    static boolean fetchFromTable(ReadTarget target, ReadRequest r, Projection projection) {
        if (!target.isIndex() || target.index().global() || "ALL".equals(target.index().projectionType())) return false;
        if ("ALL_ATTRIBUTES".equals(r.select())) return true;
        if (projection == null) return false;
        for (String name : projection.topNames()) {
            if (!target.projects(name)) return true;
        }
        return false;
    }

    /** Whether a page's items go out whole, exactly as stored: no filter, no projection, no table fetch, not COUNT. */
    static boolean wholeItems(ReadRequest r, ReadTarget target, Projection projection, Condition filter) {
        return filter == null && projection == null && !"COUNT".equals(r.select()) && !fetchFromTable(target, r, null);
    }

    /**
     * Admits a Query or Scan starting at partition hash {@code hash} (may throttle); null when
     * capacity is off. Returns the partition the page's units are charged to.
     */
    static Partition admit(TableCapacity cap, RequestContext ctx, ReadTarget target, long hash, Object partitionKey) {
        return cap == null ? null : cap.admitRead(ctx.region(), target.isIndex() ? target.index() : null, hash, partitionKey);
    }

    /**
     * Reads a page. Items that go out whole are written to {@code out} as they are read, so the
     * response object and its Items array are then already open; {@link #writePage} finishes it.
     */
    static PageReader.Page readPage(JsonGenerator out, PageReader pages, ReadRequest r, ReadTarget target, KeyRange range,
                                    int limit, Condition filter, Projection projection) throws IOException {
        boolean countOnly = "COUNT".equals(r.select());
        boolean eventual = !Boolean.TRUE.equals(r.consistentRead());
        if (!wholeItems(r, target, projection, filter)) {
            // items an LSI read fetches from the table are filtered whole, after the fetch (writePage)
            boolean filterAfterFetch = !countOnly && fetchFromTable(target, r, projection);
            return EventualReads.run(eventual, () -> pages.read(target, range, limit, filterAfterFetch ? null : filter, countOnly));
        }
        out.writeStartObject();
        out.writeArrayFieldStart("Items");
        return EventualReads.run(eventual,
                () -> pages.readStored(target, range, limit, (bytes, offset) -> StoredItemJson.write(out, bytes, offset)));
    }

    /**
     * Writes a page (after {@link #readPage}). Its cost is the summed size of every item read (filtered out or not) rounded
     * up once; LSI items fetched from the table cost their own read each.
     */
    static void writePage(JsonGenerator out, ReadRequest r, ReadTarget target, PageReader.Page page,
                          Condition filter, Projection projection, Engine engine, TableCatalog.Entry table,
                          TableCapacity cap, Partition partition) throws IOException {
        boolean countOnly = "COUNT".equals(r.select());
        boolean fetch = !countOnly && fetchFromTable(target, r, projection);
        double fetchUnits = 0;
        int count = fetch ? 0 : page.count();
        if (page.streamed()) {
            out.writeEndArray();
        } else {
            out.writeStartObject();
        }
        if (!countOnly && !page.streamed()) {
            out.writeArrayFieldStart("Items");
            for (Map<String, AttributeValue> item : page.items()) {
                if (fetch) {
                    ItemStore.Stored full = engine.items().read(table.ref(), target.table().keys().keyOf(item));
                    if (full == null) continue;
                    item = full.item();
                    fetchUnits += CapacityUnits.read(full.size(), Boolean.TRUE.equals(r.consistentRead()));
                    if (filter != null && !filter.test(item)) continue;
                    count++;
                }
                AttributeValueJson.writeItem(out, projection == null ? item : projection.apply(item));
            }
            out.writeEndArray();
        }
        out.writeNumberField("Count", count);
        out.writeNumberField("ScannedCount", page.scannedCount());
        if (page.lastItem() != null) {
            out.writeFieldName("LastEvaluatedKey");
            AttributeValueJson.writeItem(out, target.lastKeyOf(page.lastItem()));
        }
        double units = CapacityUnits.read(page.bytesRead(), Boolean.TRUE.equals(r.consistentRead()));
        if (cap != null) {
            cap.chargeRead(target.isIndex() ? target.index() : null, partition, units);
            if (fetchUnits > 0) cap.chargeRead(null, partition, fetchUnits);
        }
        if (ConsumedCapacityWriter.wanted(r.returnConsumedCapacity())) {
            if (!target.isIndex()) {
                ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), table.definition().name(), units, Map.of(), Map.of());
            } else {
                Map<String, Double> idx = Map.of(target.index().name(), units);
                ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), table.definition().name(), fetchUnits,
                        target.index().global() ? idx : Map.of(), target.index().global() ? Map.of() : idx);
            }
        }
        out.writeEndObject();
    }
}
