package io.basalt.api.batch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.Throttled;
import io.basalt.engine.capacity.WriteCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteItem: up to 25 puts and deletes across tables, each applied on its own (a batch is not
 * a transaction). Every request is validated before any is applied.
 */
public final class BatchWriteItem implements Operation<BatchWriteItem.Request> {
    static final int MAX_REQUESTS = io.basalt.model.ServiceLimits.BATCH_WRITE_REQUESTS;
    static final long MAX_REQUEST_BYTES = io.basalt.model.ServiceLimits.REQUEST_BYTES;

    /** One PutRequest (item set) or DeleteRequest (key set). */
    record WriteRequest(Map<String, AttributeValue> item, Map<String, AttributeValue> key, int members) {}

    record Request(Map<String, List<WriteRequest>> requestItems, String returnConsumedCapacity, String returnItemCollectionMetrics) {}

    private final Engine engine;

    public BatchWriteItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "BatchWriteItem"; }

    // BatchWriteItem runs the service's older value layer (its own words for bad numbers and duplicate set members)
    private static final Member<Map<String, AttributeValue>> ITEM = Member.of("Item", AttributeValueJson::readItemOlderLayer);
    private static final Member<Map<String, AttributeValue>> KEY = Member.of("Key", AttributeValueJson::readItemOlderLayer);
    private static final Structure PUT_SHAPE = Structure.of(ITEM);
    private static final Structure DELETE_SHAPE = Structure.of(KEY);
    /** Sent even as JSON null, a PutRequest or DeleteRequest counts as a member of its WriteRequest. */
    private static final Member<Members> PUT_REQUEST = Member.of("PutRequest", PUT_SHAPE::readOrEmpty);
    private static final Member<Members> DELETE_REQUEST = Member.of("DeleteRequest", DELETE_SHAPE::readOrEmpty);
    private static final Structure WRITE_REQUEST = Structure.of(PUT_REQUEST, DELETE_REQUEST);
    private static final Member<Map<String, List<WriteRequest>>> REQUEST_ITEMS =
            Member.of("RequestItems", q -> JsonIn.map(q, r -> JsonIn.list(r, BatchWriteItem::writeRequest)));
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<String> RETURN_ITEM_COLLECTION_METRICS = Member.string("ReturnItemCollectionMetrics");
    private static final Structure SHAPE = Structure.of(REQUEST_ITEMS, RETURN_CONSUMED_CAPACITY,
            RETURN_ITEM_COLLECTION_METRICS);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(REQUEST_ITEMS), m.get(RETURN_CONSUMED_CAPACITY), m.get(RETURN_ITEM_COLLECTION_METRICS));
    }

    private static WriteRequest writeRequest(JsonParser p) throws IOException {
        Members m = WRITE_REQUEST.readOrEmpty(p);
        Members put = m.get(PUT_REQUEST);
        Members delete = m.get(DELETE_REQUEST);
        return new WriteRequest(put == null ? null : put.get(ITEM), delete == null ? null : delete.get(KEY),
                (put == null ? 0 : 1) + (delete == null ? 0 : 1));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Map<String, TableCatalog.Entry> tables = BatchWriteItemValidator.validate(engine, ctx, r);
        int total = 0;
        for (List<WriteRequest> l : r.requestItems().values()) total += l.size();
        Map<String, ConsumedCapacityWriter.TableUnits> units = new LinkedHashMap<>();
        Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
        Throttled throttled = null;
        List<TableCatalog.Entry> itemTables = new ArrayList<>(total);
        List<Partition> partitions = new ArrayList<>(total);
        double[] prepaid = new double[total];
        List<ItemStore.TxItem> writes = new ArrayList<>(total);
        for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
            TableCatalog.Entry table = tables.get(e.getKey());
            TableCapacity cap = engine.capacity().of(table);
            for (WriteRequest w : e.getValue()) {
                Map<String, AttributeValue> key = w.item() != null ? table.definition().keys().keyOf(w.item()) : w.key();
                Map<String, AttributeValue> item = w.item();
                Partition part = null;
                if (cap != null) {
                    try {
                        part = cap.admitWrite(ctx.region(), key, item);
                        prepaid[writes.size()] = cap.prepayWrite(part, item); // later items must see this one's cost
                    } catch (Throttled t) {
                        // a throttled write comes back unprocessed for the client to retry
                        unprocessed.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(w);
                        throttled = t;
                        continue;
                    }
                }
                itemTables.add(table);
                partitions.add(part);
                writes.add(new ItemStore.TxItem(table.ref(), key, current -> item));
            }
        }
        if (writes.isEmpty() && throttled != null) throw throttled;
        List<WriteOutcome> outcomes = writeAll(writes);
        for (int i = 0; i < outcomes.size(); i++) {
            WriteOutcome o = outcomes.get(i);
            TableCatalog.Entry table = itemTables.get(i);
            WriteCapacity wc = WriteCapacity.of(table.definition(), o.oldItem(), o.newItem(), false);
            TableCapacity cap = engine.capacity().of(table);
            if (cap != null) cap.chargeWrite(partitions.get(i), wc, o.oldItem(), o.newItem(), prepaid[i]);
            units.computeIfAbsent(table.definition().name(), k -> new ConsumedCapacityWriter.TableUnits()).add(wc);
        }
        out.writeStartObject();
        out.writeObjectFieldStart("UnprocessedItems");
        for (Map.Entry<String, List<WriteRequest>> e : unprocessed.entrySet()) {
            out.writeArrayFieldStart(e.getKey());
            for (WriteRequest w : e.getValue()) {
                out.writeStartObject();
                out.writeObjectFieldStart(w.item() != null ? "PutRequest" : "DeleteRequest");
                out.writeFieldName(w.item() != null ? "Item" : "Key");
                AttributeValueJson.writeItem(out, w.item() != null ? w.item() : w.key());
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
        ConsumedCapacityWriter.writeTables(out, r.returnConsumedCapacity(), units);
        out.writeEndObject();
    }

    /** The batch's items, each written once (ItemStore.writeEach: atomically where that is cheap). */
    private List<WriteOutcome> writeAll(List<ItemStore.TxItem> writes) {
        try {
            return engine.items().writeEach(writes);
        } catch (ItemStore.TxFailure refused) {
            for (RuntimeException e : refused.failures()) {
                if (e != null) throw e;
            }
            throw refused;
        }
    }
}
