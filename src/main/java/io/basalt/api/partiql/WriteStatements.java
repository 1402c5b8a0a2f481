package io.basalt.api.partiql;

import io.basalt.api.RequestContext;
import io.basalt.api.item.ItemMutations;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemMutation;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.Path;
import io.basalt.expression.Projection;
import io.basalt.expression.partiql.PartiqlErrors;
import io.basalt.expression.partiql.PartiqlStatement;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns PartiQL writes into the item changes of the item API (the same mutations PutItem,
 * UpdateItem, DeleteItem and ConditionCheck use), so they take the one write path: ItemStore
 * with its index, stream, TTL and counter contributors.
 */
final class WriteStatements {
    static final long MAX_ITEM_BYTES = io.basalt.model.ServiceLimits.ITEM_BYTES;

    static final String EXISTS_NEEDS_CONDITION = "EXISTS() must contain a single item read with additional condition";

    private WriteStatements() {}

    /**
     * A write ready to run.
     *
     * @param written receives the paths an UPDATE wrote (MODIFIED NEW)
     * @param check whether this is an EXISTS condition check (writes nothing)
     */
    record Prepared(PartiqlStatement statement, TableCatalog.Entry table, Map<String, AttributeValue> key,
                    ItemMutation mutation, List<Path> written, boolean check) {}

    static Prepared prepare(Engine engine, RequestContext ctx, PartiqlStatement s, String returnOnConditionFailure) {
        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, s.table());
        KeyShape keys = table.definition().keys();
        switch (s) {
            case PartiqlStatement.Insert ins -> {
                StatementKeys.checkKeyTypes(ins.item(), keys);
                keys.validateItem(ins.item());
                if (ItemSize.of(ins.item()) > MAX_ITEM_BYTES) throw DynamoException.validation("Item size has exceeded the maximum allowed size");
                Map<String, AttributeValue> item = ins.item();
                ItemMutation m = current -> {
                    if (current != null) throw PartiqlErrors.duplicateItem();
                    return item;
                };
                return new Prepared(s, table, keys.keyOf(item), m, null, false);
            }
            case PartiqlStatement.Update u -> {
                StatementKeys.KeyAndCondition kc = StatementKeys.fullKey(u.where(), keys);
                keys.validateKey(kc.key());
                for (String name : u.action().topNames()) {
                    if (keys.isKeyAttribute(name)) {
                        throw DynamoException.validation("One or more parameter values were invalid: Cannot update attribute "
                                + name + ". This attribute is part of the key");
                    }
                }
                // an UPDATE changes an existing item only
                Condition exists = new Condition.Exists(new Path(List.of(keys.hashName())), true);
                Condition condition = kc.rest() == null ? exists : new Condition.And(exists, kc.rest());
                List<Path> written = new ArrayList<>();
                return new Prepared(s, table, kc.key(),
                        ItemMutations.update(kc.key(), u.action(), condition, returnOnConditionFailure, written), written, false);
            }
            case PartiqlStatement.Delete d -> {
                StatementKeys.KeyAndCondition kc = StatementKeys.fullKey(d.where(), keys);
                keys.validateKey(kc.key());
                return new Prepared(s, table, kc.key(), ItemMutations.delete(kc.rest(), returnOnConditionFailure), null, false);
            }
            case PartiqlStatement.Exists e -> {
                if (e.select().index() != null) throw PartiqlErrors.invalid("Operations on indices are not supported in transactions");
                StatementKeys.KeyAndCondition kc;
                try {
                    kc = StatementKeys.fullKey(e.select().where(), keys);
                } catch (DynamoException incomplete) {
                    throw PartiqlErrors.invalid(EXISTS_NEEDS_CONDITION);
                }
                if (kc.rest() == null) throw PartiqlErrors.invalid(EXISTS_NEEDS_CONDITION);
                keys.validateKey(kc.key());
                return new Prepared(s, table, kc.key(), ItemMutations.conditionCheck(e.select().where(), returnOnConditionFailure),
                        null, true);
            }
            case PartiqlStatement.Select sel -> throw new IllegalArgumentException("not a write");
        }
    }

    /** The item a RETURNING clause gives back, or null. */
    static Map<String, AttributeValue> returned(Prepared p, WriteOutcome w) {
        String returning = switch (p.statement()) {
            case PartiqlStatement.Update u -> u.returning();
            case PartiqlStatement.Delete d -> d.returning();
            default -> null;
        };
        if (returning == null) return null;
        return switch (returning) {
            case "ALL_OLD" -> w.oldItem();
            case "ALL_NEW" -> w.newItem();
            case "MODIFIED_OLD" -> w.oldItem() == null ? null
                    : new Projection(((PartiqlStatement.Update) p.statement()).action().paths()).apply(w.oldItem());
            default -> w.newItem() == null ? null : new Projection(p.written()).apply(w.newItem());
        };
    }
}
