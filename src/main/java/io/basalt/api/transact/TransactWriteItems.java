package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.item.ItemExpressions;
import io.basalt.api.item.ItemMutations;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemMutation;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.transact.IdempotencyCache;
import io.basalt.error.ConstraintViolations;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.UpdateAction;
import io.basalt.expression.UpdateParser;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyShape;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions on distinct items,
 * all applied in one atomic, version-checked storage batch or none at all.
 */
public final class TransactWriteItems implements Operation<TransactWriteItems.Request> {
    static final int MAX_ACTIONS = io.basalt.model.ServiceLimits.TRANSACTION_ACTIONS;
    static final long MAX_BYTES = io.basalt.model.ServiceLimits.TRANSACTION_BYTES;

    record Request(List<TransactAction> transactItems, String clientRequestToken, String returnConsumedCapacity,
                   String returnItemCollectionMetrics) {}

    private final Engine engine;
    private final IdempotencyCache tokens;

    public TransactWriteItems(Engine engine) {
        this.engine = engine;
        this.tokens = engine.idempotencyTokens("TransactWriteItems");
    }

    @Override public String name() { return "TransactWriteItems"; }

    private static final Member<List<TransactAction>> TRANSACT_ITEMS = Member.of("TransactItems", TransactAction::parseList);
    private static final Member<String> CLIENT_REQUEST_TOKEN = Member.string("ClientRequestToken");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<String> RETURN_ITEM_COLLECTION_METRICS = Member.string("ReturnItemCollectionMetrics");
    private static final Structure SHAPE = Structure.of(TRANSACT_ITEMS, CLIENT_REQUEST_TOKEN, RETURN_CONSUMED_CAPACITY,
            RETURN_ITEM_COLLECTION_METRICS);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TRANSACT_ITEMS), m.get(CLIENT_REQUEST_TOKEN), m.get(RETURN_CONSUMED_CAPACITY),
                m.get(RETURN_ITEM_COLLECTION_METRICS));
    }

    /** A validated action, ready to run. */
    private record Prepared(TableCatalog.Entry table, Map<String, AttributeValue> key, ItemMutation mutation, boolean check) {}

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.transactItems(), "transactItems").minSize(r.transactItems(), "transactItems", 1)
                .maxSize(r.transactItems(), "transactItems", MAX_ACTIONS)
                .minLength(r.clientRequestToken(), "clientRequestToken", 1).maxLength(r.clientRequestToken(), "clientRequestToken", 36)
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
                .enumValue(r.returnItemCollectionMetrics(), "returnItemCollectionMetrics", "[SIZE, NONE]").check();
        List<Prepared> prepared = prepare(ctx, r.transactItems());
        List<TransactionCommit.Action> actions = new ArrayList<>(prepared.size());
        for (Prepared p : prepared) actions.add(new TransactionCommit.Action(p.table(), p.key(), p.mutation(), p.check()));
        Map<String, ConsumedCapacityWriter.TableUnits> units = TransactionCommit.run(engine, ctx.region(), actions, tokens,
                r.clientRequestToken(), r.transactItems());
        out.writeStartObject();
        ConsumedCapacityWriter.writeTables(out, r.returnConsumedCapacity(), units);
        out.writeEndObject();
    }

    /** An action's expressions, parsed and checked before any table is looked up. */
    private record Parsed(TransactAction action, Condition condition, UpdateAction update) {}

    /**
     * Every action's request-level checks in action order (kind, member constraints, expression syntax,
     * unused placeholders) before any table is looked up: the service reports a later action's malformed
     * condition ahead of an earlier action's missing table (live 2026, paritysuite validation-ordering).
     */
    private static List<Parsed> parse(List<TransactAction> actions) {
        List<Parsed> parsed = new ArrayList<>(actions.size());
        for (TransactAction a : actions) {
            if (a.kinds() != 1 || a.kind() == null || a.kind().equals("Get")) {
                throw DynamoException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
            }
            // a bad value is this action's error, after every earlier action's (live 2026-10-09: an earlier
            // action's syntax error beats a later action's too deep item); one nested far past the limit
            // waits for the action's own expression checks too (paritysuite validation-ordering/deepRequests)
            if (a.valueError() != null && !a.valueErrorComesLate()) throw a.valueError();
            if (a.emptyAttributeName()) throw DynamoException.validation("Empty attribute name");
            new Constraints().notNull(a.tableName(), "transactItems.member." + lower(a.kind()) + ".tableName")
                    .tableNameOrArn(a.tableName(), "tableName")
                    .enumValue(a.returnValuesOnConditionCheckFailure(), "returnValuesOnConditionCheckFailure", "[ALL_OLD, NONE]").check();
            // an empty placeholder map is refused in an action as in a single write (issue #37.23)
            if (a.expressionAttributeNames() != null && a.expressionAttributeNames().isEmpty()) {
                throw DynamoException.validation("ExpressionAttributeNames must not be empty");
            }
            if (a.expressionAttributeValues() != null && a.expressionAttributeValues().isEmpty()) {
                throw DynamoException.validation("ExpressionAttributeValues must not be empty");
            }
            ExpressionContext ectx = new ExpressionContext(a.expressionAttributeNames(), a.expressionAttributeValues());
            Condition condition = a.conditionExpression() == null ? null
                    : ConditionParser.parse(a.conditionExpression(), ExpressionKind.CONDITION, ectx).condition();
            UpdateAction update = null;
            switch (a.kind()) {
                case "Put" -> {
                    if (a.item() == null && a.valueError() == null) throw ConstraintViolations.of(ConstraintViolations.violation(null, "transactItems.1.member.put.item", "Member must not be null"));
                }
                case "Update" -> {
                    if (a.updateExpression() == null) throw ConstraintViolations.of(ConstraintViolations.violation(null, "transactItems.1.member.update.updateExpression", "Member must not be null"));
                    update = UpdateParser.parse(a.updateExpression(), ectx);
                }
                case "Delete" -> { }
                default -> {
                    if (condition == null) throw ConstraintViolations.of(ConstraintViolations.violation(null, "transactItems.1.member.conditionCheck.conditionExpression", "Member must not be null"));
                }
            }
            ectx.checkAllUsed();
            if (a.valueErrorComesLate()) throw a.valueError();
            parsed.add(new Parsed(a, condition, update));
        }
        return parsed;
    }

    private List<Prepared> prepare(RequestContext ctx, List<TransactAction> actions) {
        List<Parsed> parsed = parse(actions);
        List<Prepared> out = new ArrayList<>(actions.size());
        Set<ByteBuffer> items = new HashSet<>();
        long bytes = 0;
        // keys that do not fit their table's schema cancel the transaction with a ValidationError reason
        // (live 2026-09-20, us-east-1: Update, Delete and ConditionCheck); other key errors refuse it outright
        Map<Integer, String> mismatchedKeys = new java.util.HashMap<>();
        for (Parsed p : parsed) {
            TransactAction a = p.action();
            TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, a.tableName());
            KeyShape keys = table.definition().keys();
            Condition condition = p.condition();
            String rvocf = a.returnValuesOnConditionCheckFailure();
            Map<String, AttributeValue> key;
            ItemMutation mutation;
            switch (a.kind()) {
                case "Put" -> {
                    if (keys.mistypedBeforeMissing(a.item())) {
                        // a mistyped key attribute cancels with its "Type mismatch" text as the reason (live 2026,
                        // paritysuite tier3 transactWriteItems); a missing one is refused outright
                        mismatchedKeys.put(out.size(), refusal(() -> keys.validateItem(a.item())));
                        key = null;
                    } else {
                        keys.validateItem(a.item());
                        long size = ItemSize.of(a.item());
                        if (size > io.basalt.model.ServiceLimits.ITEM_BYTES) throw DynamoException.validation("Item size has exceeded the maximum allowed size");
                        bytes += size;
                        key = keys.keyOf(a.item());
                    }
                    mutation = ItemMutations.put(a.item(), condition, rvocf);
                }
                case "Update" -> {
                    key = checkedKey(keys, a.key(), mismatchedKeys, out.size());
                    for (String name : p.update().topNames()) {
                        if (keys.isKeyAttribute(name)) {
                            throw DynamoException.validation("One or more parameter values were invalid: Cannot update attribute " + name + ". This attribute is part of the key");
                        }
                    }
                    mutation = ItemMutations.update(a.key(), p.update(), condition, rvocf, null);
                }
                case "Delete" -> {
                    key = checkedKey(keys, a.key(), mismatchedKeys, out.size());
                    mutation = ItemMutations.delete(condition, rvocf);
                }
                default -> {
                    key = checkedKey(keys, a.key(), mismatchedKeys, out.size());
                    mutation = ItemMutations.conditionCheck(condition, rvocf);
                }
            }
            if (key != null && !items.add(ByteBuffer.wrap(ItemStore.storageKey(table.ref(), key)))) {
                throw DynamoException.validation("Transaction request cannot include multiple operations on one item");
            }
            out.add(new Prepared(table, key, mutation, a.kind().equals("ConditionCheck")));
        }
        if (!mismatchedKeys.isEmpty()) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>(out.size());
            for (int i = 0; i < out.size(); i++) {
                String m = mismatchedKeys.get(i);
                reasons.add(m == null ? TransactionCanceled.Reason.NONE : new TransactionCanceled.Reason("ValidationError", m, null));
            }
            throw new TransactionCanceled(reasons);
        }
        if (bytes > MAX_BYTES) throw DynamoException.validation("Transaction size has exceeded the maximum allowed size of 4 MB");
        return out;
    }

    /** The message of the validation error {@code check} raises. */
    private static String refusal(Runnable check) {
        try {
            check.run();
        } catch (DynamoException e) {
            return e.getMessage();
        }
        throw new IllegalStateException("expected a validation error");
    }

    /** The action's key, or null (its reason noted at {@code index}) when it does not fit the table's key schema. */
    private static Map<String, AttributeValue> checkedKey(KeyShape keys, Map<String, AttributeValue> key,
                                                          Map<Integer, String> mismatched, int index) {
        if (!keys.matchesSchema(key)) {
            mismatched.put(index, KeyShape.schemaMismatch().getMessage());
            return null;
        }
        keys.validateKey(key);
        return key;
    }

    private static String lower(String kind) {
        return Character.toLowerCase(kind.charAt(0)) + kind.substring(1);
    }
}
