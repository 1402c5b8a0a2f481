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

/** DeleteItem: removes an item, optionally under a condition. */
public final class DeleteItem implements Operation<DeleteItemRequest> {
    private final Engine engine;

    public DeleteItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteItem"; }

    @Override public java.util.Set<io.basalt.error.ValidationFamily> envelopedFamilies() { return WriteRequestRules.ENVELOPED; }

    @Override
    public DeleteItemRequest parse(JsonParser p) throws IOException {
        return DeleteItemRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, DeleteItemRequest r, JsonGenerator out) throws IOException {
        WriteOptions o = r.options();
        WriteRequestRules.olderFrontEndFirst(o, true);
        Condition condition = WriteRequestRules.prepareConditionalWrite(new Constraints().notNull(r.tableName(), "tableName")
                .tableNameOrArnStoppingWhenEmpty(r.tableName()).notNull(r.key(), "key"), o);
        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, r.tableName());
        table.definition().keys().validateKey(r.key());

        MeteredWrite m = MeteredWrite.run(engine, ctx, table, r.key(), null,
                ItemMutations.delete(condition, o.returnValuesOnConditionCheckFailure()));
        WriteOutcome w = m.outcome();
        out.writeStartObject();
        if ("ALL_OLD".equals(o.returnValues())) ReturnValuesWriter.writeAttributes(out, w.oldItem());
        ItemRequests.writeCapacity(out, o.returnConsumedCapacity(), table, m);
        ItemRequests.writeItemCollectionMetrics(out, o.returnItemCollectionMetrics(), engine, table, r.key());
        out.writeEndObject();
    }
}
