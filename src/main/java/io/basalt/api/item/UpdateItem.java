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
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.Legacy;
import io.basalt.expression.Path;
import io.basalt.expression.Projection;
import io.basalt.expression.UpdateAction;
import io.basalt.expression.UpdateParser;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * UpdateItem: changes (or creates) one item with an UpdateExpression or legacy AttributeUpdates,
 * optionally under a condition. An update of a missing item creates it, except when it only
 * removes or deletes.
 */
public final class UpdateItem implements Operation<UpdateItemRequest> {
    private final Engine engine;

    public UpdateItem(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateItem"; }

    @Override public java.util.Set<io.basalt.error.ValidationFamily> envelopedFamilies() { return WriteRequestRules.ENVELOPED; }

    @Override
    public UpdateItemRequest parse(JsonParser p) throws IOException {
        return UpdateItemRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, UpdateItemRequest r, JsonGenerator out) throws IOException {
        WriteOptions o = r.options();
        WriteRequestRules.olderFrontEndFirst(o, false);
        if (r.key() == null) WriteRequestRules.updateWithoutKey(r.tableName(), o);
        Constraints c = new Constraints().notNull(r.tableName(), "tableName").tableNameOrArnStoppingWhenEmpty(r.tableName())
                .notNull(r.key(), "key");
        WriteRequestRules.returnOptions(c, o.returnValues(), o.returnConsumedCapacity(), o.returnItemCollectionMetrics(),
                o.returnValuesOnConditionCheckFailure(), o.conditionalOperator(), true).check();
        String nonExpression = WriteRequestRules.present(new Object[] {r.attributeUpdates(), o.expected(), o.conditionalOperator()},
                new String[] {"AttributeUpdates", "Expected", "ConditionalOperator"});
        String expression = WriteRequestRules.present(new Object[] {r.updateExpression(), o.conditionExpression()},
                new String[] {"UpdateExpression", "ConditionExpression"});
        WriteRequestRules.noMixing(nonExpression, expression);
        WriteRequestRules.conditionalOperatorNeedsConditions(o.conditionalOperator(), o.expected());
        WriteRequestRules.placeholdersNeedExpressions(o.expressionAttributeNames(), o.expressionAttributeValues(),
                !expression.isEmpty());

        ExpressionContext ectx = o.context();
        UpdateAction update = null;
        if (r.updateExpression() != null) update = UpdateParser.parse(r.updateExpression(), ectx);
        else if (r.attributeUpdates() != null) update = Legacy.attributeUpdates(r.attributeUpdates());
        Condition condition = ItemRequests.condition(o.conditionExpression(), o.expected(), o.conditionalOperator(), ectx);
        ectx.checkAllUsed();

        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, r.tableName());
        KeyShape keys = table.definition().keys();
        keys.validateKey(r.key());
        if (update != null) {
            for (String name : update.topNames()) {
                if (keys.isKeyAttribute(name)) {
                    throw DynamoException.validation("One or more parameter values were invalid: Cannot update attribute "
                            + name + ". This attribute is part of the key");
                }
            }
        }
        // The service sizes an UpdateExpression's statement as well as the finished item, before reading
        // the item or testing the condition (AttributeUpdates, PartiQL and transactions size only the item).
        if (r.updateExpression() != null && update.statementSize() > ItemRequests.MAX_ITEM_BYTES) {
            throw DynamoException.validation(ItemRequests.UPDATE_TOO_LARGE);
        }
        UpdateAction action = update;
        List<Path> written = new java.util.ArrayList<>();
        MeteredWrite m = MeteredWrite.run(engine, ctx, table, r.key(), null,
                ItemMutations.update(r.key(), action, condition, o.returnValuesOnConditionCheckFailure(), written));
        WriteOutcome w = m.outcome();
        out.writeStartObject();
        String rv = o.returnValues() == null ? "NONE" : o.returnValues();
        switch (rv) {
            case "ALL_OLD" -> ReturnValuesWriter.writeAttributes(out, w.oldItem());
            case "ALL_NEW" -> ReturnValuesWriter.writeAttributes(out, w.newItem());
            case "UPDATED_OLD" -> ReturnValuesWriter.writeAttributes(out, updated(action, action == null ? null : action.paths(), w.oldItem()));
            case "UPDATED_NEW" -> ReturnValuesWriter.writeAttributes(out, updated(action, written, w.newItem()));
            default -> { }
        }
        ItemRequests.writeCapacity(out, o.returnConsumedCapacity(), table, m);
        ItemRequests.writeItemCollectionMetrics(out, o.returnItemCollectionMetrics(), engine, table, r.key());
        out.writeEndObject();
    }

    /** The updated paths of an item image, in the item's nested shape (UPDATED_OLD / UPDATED_NEW). */
    private static Map<String, AttributeValue> updated(UpdateAction action, List<Path> paths, Map<String, AttributeValue> image) {
        if (action == null || image == null) return null;
        return new Projection(paths).apply(image);
    }
}
