package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.ConditionalCheckFailed;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ExpressionContext;
import java.io.IOException;

/** DeleteItem: removes an item, optionally under a condition. */
public final class DeleteItem implements Operation<DeleteItemRequest> {
    private final Engine engine;

    public DeleteItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteItem"; }

    @Override
    public DeleteItemRequest parse(JsonParser p) throws IOException {
        return DeleteItemRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, DeleteItemRequest r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .notNull(r.key(), "key");
        WriteRequestRules.returnOptions(c, r.returnValues(), r.returnConsumedCapacity(), r.returnItemCollectionMetrics(),
                r.returnValuesOnConditionCheckFailure(), r.conditionalOperator()).check();
        WriteRequestRules.noMixing(r.expected() != null ? "Expected" : "", r.conditionExpression() != null ? "ConditionExpression" : "");
        WriteRequestRules.placeholdersNeedExpressions(r.expressionAttributeNames(), r.expressionAttributeValues(),
                r.conditionExpression() != null, "ConditionExpression is null");
        if (r.returnValues() != null && !r.returnValues().equals("NONE") && !r.returnValues().equals("ALL_OLD")) {
            throw DynamoException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
        ExpressionContext ectx = new ExpressionContext(r.expressionAttributeNames(), r.expressionAttributeValues());
        Condition condition = ItemRequests.condition(r.conditionExpression(), r.expected(), r.conditionalOperator(), ectx);
        ectx.checkAllUsed();
        TableCatalog.Entry table = ItemRequests.table(engine, r.tableName());
        table.definition().keys().validateKey(r.key());

        WriteOutcome w = engine.items().write(table.ref(), r.key(), current -> {
            if (condition != null && !condition.test(current)) {
                throw ConditionalCheckFailed.of(r.returnValuesOnConditionCheckFailure(), current);
            }
            return null;
        });
        double units = CapacityUnits.write(ItemRequests.size(w.oldItem()));
        out.writeStartObject();
        if ("ALL_OLD".equals(r.returnValues())) ReturnValuesWriter.writeAttributes(out, w.oldItem());
        ItemRequests.writeCapacity(out, r.returnConsumedCapacity(), table.definition().name(), units);
        out.writeEndObject();
    }
}
