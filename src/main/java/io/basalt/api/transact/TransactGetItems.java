package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.item.ItemExpressions;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemStore;
import io.basalt.error.ConstraintViolations;
import io.basalt.error.DynamoException;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.Projection;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** TransactGetItems: up to 100 Gets read as one consistent snapshot, at transactional read cost. */
public final class TransactGetItems implements Operation<TransactGetItems.Request> {
    record Request(List<TransactAction> transactItems, String returnConsumedCapacity) {}

    private final Engine engine;

    public TransactGetItems(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "TransactGetItems"; }

    private static final Member<List<TransactAction>> TRANSACT_ITEMS = Member.of("TransactItems", TransactAction::parseList);
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Structure SHAPE = Structure.of(TRANSACT_ITEMS, RETURN_CONSUMED_CAPACITY);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TRANSACT_ITEMS), m.get(RETURN_CONSUMED_CAPACITY));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        if (r.transactItems() != null) {
            // a bad key is refused before anything else, as when it was met reading the request
            for (TransactAction a : r.transactItems()) if (a.valueError() != null) throw a.valueError();
        }
        new Constraints().notNull(r.transactItems(), "transactItems").minSize(r.transactItems(), "transactItems", 1)
                .maxSize(r.transactItems(), "transactItems", 100)
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM).check();
        List<ItemStore.TxItem> items = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<TableCatalog.Entry> tables = new ArrayList<>();
        Set<ByteBuffer> seen = new HashSet<>();
        Map<Integer, String> invalidKeys = new HashMap<>();
        for (TransactAction a : r.transactItems()) {
            if (a.kinds() != 1 || !"Get".equals(a.kind())) {
                throw ConstraintViolations.of(ConstraintViolations.violation(null, "transactItems.1.member.get", "Member must not be null"));
            }
            new Constraints().notNull(a.tableName(), "transactItems.1.member.get.tableName").tableNameOrArn(a.tableName(), "tableName")
                    .notNull(a.key(), "transactItems.1.member.get.key").check();
            TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, a.tableName());
            try {
                table.definition().keys().validateKey(a.key());
            } catch (DynamoException e) {
                // a key that does not fit its table is this action's failure: it cancels the transaction
                invalidKeys.put(items.size(), e.getMessage());
                items.add(null);
                projections.add(null);
                tables.add(table);
                continue;
            }
            Projection projection = null;
            if (a.projectionExpression() != null) {
                ExpressionContext ectx = new ExpressionContext(a.expressionAttributeNames(), null);
                projection = Projection.parse(a.projectionExpression(), ectx);
                ectx.checkAllUsed();
            }
            if (!seen.add(ByteBuffer.wrap(ItemStore.storageKey(table.ref(), a.key())))) {
                throw DynamoException.validation("Transaction request cannot include multiple operations on one item");
            }
            items.add(new ItemStore.TxItem(table.ref(), a.key(), null));
            projections.add(projection);
            tables.add(table);
        }
        if (!invalidKeys.isEmpty()) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                String m = invalidKeys.get(i);
                reasons.add(m == null ? TransactionCanceled.Reason.NONE : new TransactionCanceled.Reason("ValidationError", m, null));
            }
            throw new TransactionCanceled(reasons);
        }
        Partition[] parts = TransactionThrottling.admit(engine, ctx.region(), items.size(), tables::get, i -> items.get(i).key(), i -> false);
        List<ItemStore.Stored> snapshot = engine.items().readSnapshot(items);
        Map<String, Double> units = new LinkedHashMap<>();
        out.writeStartObject();
        out.writeArrayFieldStart("Responses");
        for (int i = 0; i < snapshot.size(); i++) {
            ItemStore.Stored s = snapshot.get(i);
            double u = CapacityUnits.transactionalRead(s == null ? 0 : s.size());
            units.merge(tables.get(i).definition().name(), u, Double::sum);
            TableCapacity cap = engine.capacity().of(tables.get(i));
            if (cap != null) cap.chargeRead(null, parts[i], u);
            out.writeStartObject();
            if (s != null) {
                out.writeFieldName("Item");
                AttributeValueJson.writeItem(out, projections.get(i) == null ? s.item() : projections.get(i).apply(s.item()));
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        ConsumedCapacityWriter.writeList(out, r.returnConsumedCapacity(), units);
        out.writeEndObject();
    }
}
