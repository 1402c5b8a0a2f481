package io.basalt.api.item;

import io.basalt.eventloop.EventualReads;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.error.DynamoException;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.Legacy;
import io.basalt.expression.Projection;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.StoredItemJson;
import java.io.IOException;

/** GetItem: reads one item (every read here is strongly consistent; the unit cost follows ConsistentRead). */
public final class GetItem implements Operation<GetItemRequest> {
    private final Engine engine;

    public GetItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "GetItem"; }

    @Override public boolean inlineable() { return true; }

    @Override
    public GetItemRequest parse(JsonParser p) throws IOException {
        return GetItemRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, GetItemRequest r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .notNull(r.key(), "key").minSize(r.attributesToGet(), "attributesToGet", 1)
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM).check();
        WriteRequestRules.noMixing(r.attributesToGet() != null ? "AttributesToGet" : "",
                r.projectionExpression() != null ? "ProjectionExpression" : "");
        if (r.expressionAttributeNames() != null && r.projectionExpression() == null) {
            throw DynamoException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        if (r.expressionAttributeNames() != null && r.expressionAttributeNames().isEmpty()) {
            throw DynamoException.validation("ExpressionAttributeNames must not be empty");
        }
        Projection projection = null;
        if (r.projectionExpression() != null) {
            ExpressionContext ectx = new ExpressionContext(r.expressionAttributeNames(), null);
            projection = Projection.parse(r.projectionExpression(), ectx);
            ectx.checkAllUsed();
        } else if (r.attributesToGet() != null) {
            projection = Legacy.attributesToGet(r.attributesToGet());
        }
        TableCatalog.Entry table = TableNames.ofRead(engine, ctx, r.tableName());
        table.definition().keys().validateKey(r.key());
        // every storage read comes before the capacity admission (a side effect): see inlineable()
        boolean consistent = Boolean.TRUE.equals(r.consistentRead());
        ItemStore.StoredBytes raw = null;
        ItemStore.Stored stored = null;
        if (projection == null) raw = EventualReads.run(!consistent, () -> engine.items().readStored(table.ref(), r.key()));
        else stored = EventualReads.run(!consistent, () -> engine.items().read(table.ref(), r.key()));
        TableCapacity cap = engine.capacity().of(table);
        Partition part = cap == null ? null : cap.admitRead(ctx.region(), r.key());
        long size = 0;
        out.writeStartObject();
        if (raw != null) {
            // the whole item: copied from its stored bytes into the response, never decoded
            out.writeFieldName("Item");
            size = StoredItemJson.write(out, raw.bytes(), raw.offset());
        } else if (stored != null) {
            size = stored.size();
            out.writeFieldName("Item");
            AttributeValueJson.writeItem(out, projection.apply(stored.item()));
        }
        double units = CapacityUnits.read(size, consistent);
        if (cap != null) cap.chargeRead(null, part, units);
        ItemRequests.writeCapacity(out, r.returnConsumedCapacity(), table.definition().name(), units);
        out.writeEndObject();
    }
}
