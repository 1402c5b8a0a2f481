package io.basalt.api.batch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.Throttled;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.query.LargeReads;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
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
 * BatchGetItem: up to 100 keys across tables; items come back per table in no particular order;
 * keys that do not fit the 16 MB response limit come back as UnprocessedKeys.
 */
public final class BatchGetItem implements Operation<BatchGetItem.Request> {
    static final int MAX_KEYS = io.basalt.model.ServiceLimits.BATCH_GET_KEYS;
    static final long MAX_RESPONSE_BYTES = io.basalt.model.ServiceLimits.REQUEST_BYTES;

    record TableKeys(List<Map<String, AttributeValue>> keys, String projectionExpression,
                     Map<String, String> expressionAttributeNames, List<String> attributesToGet, Boolean consistentRead) {}

    record Request(Map<String, TableKeys> requestItems, String returnConsumedCapacity) {}

    private final Engine engine;

    public BatchGetItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "BatchGetItem"; }

    private static final Member<List<Map<String, AttributeValue>>> KEYS =
            Member.of("Keys", q -> JsonIn.list(q, AttributeValueJson::readItem));
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<List<String>> ATTRIBUTES_TO_GET = Member.stringList("AttributesToGet");
    private static final Member<Boolean> CONSISTENT_READ = Member.bool("ConsistentRead");
    private static final Structure KEYS_AND_ATTRIBUTES = Structure.of(KEYS, PROJECTION_EXPRESSION, NAMES,
            ATTRIBUTES_TO_GET, CONSISTENT_READ);
    private static final Member<Map<String, TableKeys>> REQUEST_ITEMS = Member.of("RequestItems", q -> JsonIn.map(q, r -> {
        Members t = KEYS_AND_ATTRIBUTES.readOrEmpty(r);
        return new TableKeys(t.get(KEYS), t.get(PROJECTION_EXPRESSION), t.get(NAMES), t.get(ATTRIBUTES_TO_GET),
                t.get(CONSISTENT_READ));
    }));
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Structure SHAPE = Structure.of(REQUEST_ITEMS, RETURN_CONSUMED_CAPACITY);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(REQUEST_ITEMS), m.get(RETURN_CONSUMED_CAPACITY));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        // every check before anything is read
        BatchGetItemValidator.Validated valid = BatchGetItemValidator.validate(engine, ctx, r);
        Map<String, TableCatalog.Entry> tables = valid.tables();
        Map<String, Projection> projections = valid.projections();

        Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
        Map<String, List<Map<String, AttributeValue>>> unprocessed = new LinkedHashMap<>();
        Map<String, Double> units = new LinkedHashMap<>();
        long bytes = 0;
        Throttled throttled = null;
        int done = 0;
        for (Map.Entry<String, TableKeys> e : r.requestItems().entrySet()) {
            TableCatalog.Entry table = tables.get(e.getKey());
            TableCapacity cap = engine.capacity().of(table);
            boolean consistent = Boolean.TRUE.equals(e.getValue().consistentRead());
            List<Map<String, AttributeValue>> found = responses.computeIfAbsent(e.getKey(), k -> new ArrayList<>());
            for (Map<String, AttributeValue> key : e.getValue().keys()) {
                if (bytes >= MAX_RESPONSE_BYTES) {
                    unprocessed.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(key);
                    continue;
                }
                Partition part = null;
                if (cap != null) {
                    try {
                        part = cap.admitRead(ctx.region(), key);
                    } catch (Throttled t) {
                        // a throttled key comes back unprocessed for the client to retry
                        throttled = t;
                        unprocessed.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(key);
                        continue;
                    }
                }
                ItemStore.Stored s = engine.items().read(table.ref(), key);
                double u = CapacityUnits.read(s == null ? 0 : s.size(), consistent);
                if (cap != null) cap.chargeRead(null, part, u);
                units.merge(table.definition().name(), u, Double::sum);
                done++;
                if (s == null) continue;
                Projection p = projections.get(e.getKey());
                Map<String, AttributeValue> item = p == null ? s.item() : p.apply(s.item());
                bytes += ItemSize.of(item);
                if (bytes > LargeReads.SMALL_BYTES) engine.largeReads().hold();
                found.add(item);
            }
        }
        if (done == 0 && throttled != null) throw throttled;
        out.writeStartObject();
        out.writeObjectFieldStart("Responses");
        for (Map.Entry<String, List<Map<String, AttributeValue>>> e : responses.entrySet()) {
            out.writeArrayFieldStart(e.getKey());
            for (Map<String, AttributeValue> item : e.getValue()) AttributeValueJson.writeItem(out, item);
            out.writeEndArray();
        }
        out.writeEndObject();
        out.writeObjectFieldStart("UnprocessedKeys");
        for (Map.Entry<String, List<Map<String, AttributeValue>>> e : unprocessed.entrySet()) {
            TableKeys t = r.requestItems().get(e.getKey());
            out.writeObjectFieldStart(e.getKey());
            out.writeArrayFieldStart("Keys");
            for (Map<String, AttributeValue> k : e.getValue()) AttributeValueJson.writeItem(out, k);
            out.writeEndArray();
            if (t.projectionExpression() != null) out.writeStringField("ProjectionExpression", t.projectionExpression());
            if (t.consistentRead() != null) out.writeBooleanField("ConsistentRead", t.consistentRead());
            if (t.expressionAttributeNames() != null) {
                out.writeObjectFieldStart("ExpressionAttributeNames");
                for (Map.Entry<String, String> n : t.expressionAttributeNames().entrySet()) out.writeStringField(n.getKey(), n.getValue());
                out.writeEndObject();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
        ConsumedCapacityWriter.writeList(out, r.returnConsumedCapacity(), units);
        out.writeEndObject();
    }
}
