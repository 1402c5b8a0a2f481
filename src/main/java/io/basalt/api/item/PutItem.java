package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.MeteredWrite;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.expression.Condition;
import java.io.IOException;

/** PutItem: creates or replaces an item, optionally under a condition. */
public final class PutItem implements Operation<PutItemRequest> {
    private final Engine engine;

    public PutItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "PutItem"; }

    @Override public java.util.Set<io.basalt.error.ValidationFamily> envelopedFamilies() { return WriteRequestRules.ENVELOPED; }

    @Override
    public PutItemRequest parse(JsonParser p) throws IOException {
        return PutItemRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, PutItemRequest r, JsonGenerator out) throws IOException {
        WriteOptions o = r.options();
        WriteRequestRules.olderFrontEndFirst(o, true);
        Condition condition = WriteRequestRules.prepareConditionalWrite(new Constraints().notNull(r.tableName(), "tableName")
                .tableNameOrArnStoppingWhenEmpty(r.tableName()).notNull(r.item(), "item"), o);
        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, r.tableName());
        table.definition().keys().validateItem(r.item());
        ItemRequests.checkItemSize(r.item(), "Item size has exceeded the maximum allowed size");

        MeteredWrite m = MeteredWrite.run(engine, ctx, table, r.item(), r.item(),
                ItemMutations.put(r.item(), condition, o.returnValuesOnConditionCheckFailure()));
        WriteOutcome w = m.outcome();
        out.writeStartObject();
        if ("ALL_OLD".equals(o.returnValues())) ReturnValuesWriter.writeAttributes(out, w.oldItem());
        ItemRequests.writeCapacity(out, o.returnConsumedCapacity(), table, m);
        ItemRequests.writeItemCollectionMetrics(out, o.returnItemCollectionMetrics(), engine, table, r.item());
        out.writeEndObject();
    }
}
