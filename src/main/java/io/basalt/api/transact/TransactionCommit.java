package io.basalt.api.transact;

import io.basalt.api.common.ConditionalCheckFailed;
import io.basalt.engine.Engine;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.WriteCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemMutation;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.engine.transact.IdempotencyCache;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Commits the actions of a write transaction (TransactWriteItems, PartiQL ExecuteTransaction)
 * through ItemStore's atomic, version-checked batch, turning refusals into
 * TransactionCanceledException with one reason per action, and meters it.
 */
public final class TransactionCommit {
    /** One action: a mutation of one item, or a condition check ({@code check}) that writes nothing. */
    public record Action(TableCatalog.Entry table, Map<String, AttributeValue> key, ItemMutation mutation, boolean check) {}

    private TransactionCommit() {}

    /**
     * Runs the transaction, at most once per ClientRequestToken (null: no token) and request
     * within the idempotency window; a token reused with another request is refused.
     */
    public static Map<String, ConsumedCapacityWriter.TableUnits> run(Engine engine, String region, List<Action> actions,
                                                                     IdempotencyCache tokens, String token, Object request) {
        if (token == null) return run(engine, region, actions);
        try {
            return tokens.run(token, request, () -> run(engine, region, actions), ConsumedCapacityWriter.TableUnits.CODEC);
        } catch (IdempotencyCache.Mismatch e) {
            throw new DynamoException(ErrorType.IDEMPOTENT_PARAMETER_MISMATCH,
                    "Request parameters were provided that do not match the parameters of the original request with the same ClientRequestToken");
        } catch (IdempotencyCache.InProgress e) {
            throw new DynamoException(ErrorType.TRANSACTION_IN_PROGRESS, "The transaction with the given request token is already in progress.");
        }
    }

    /**
     * Runs the transaction (each item admitted first: a throttled item cancels it); returns the
     * consumed units per table, at transactional rates, with each index's share.
     */
    public static Map<String, ConsumedCapacityWriter.TableUnits> run(Engine engine, String region, List<Action> actions) {
        Partition[] parts = TransactionThrottling.admit(engine, region, actions.size(), i -> actions.get(i).table(),
                i -> actions.get(i).key(), i -> !actions.get(i).check());
        List<ItemStore.TxItem> items = new ArrayList<>(actions.size());
        for (Action a : actions) items.add(new ItemStore.TxItem(a.table().ref(), a.key(), a.mutation()));
        List<WriteOutcome> outcomes;
        try {
            outcomes = engine.items().transact(items);
        } catch (ItemStore.TxFailure f) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            for (RuntimeException e : f.failures()) {
                if (e == null) reasons.add(TransactionCanceled.Reason.NONE);
                else if (e instanceof ConditionalCheckFailed c) reasons.add(new TransactionCanceled.Reason("ConditionalCheckFailed", ConditionalCheckFailed.MESSAGE, c.item()));
                else reasons.add(new TransactionCanceled.Reason("ValidationError", e.getMessage(), null));
            }
            throw new TransactionCanceled(reasons);
        } catch (ItemStore.TxConflict c) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            for (int i = 0; i < actions.size(); i++) {
                reasons.add(i == c.position() ? new TransactionCanceled.Reason("TransactionConflict", "Transaction is ongoing for the item", null)
                        : TransactionCanceled.Reason.NONE);
            }
            throw new TransactionCanceled(reasons);
        }
        Map<String, ConsumedCapacityWriter.TableUnits> units = new LinkedHashMap<>();
        for (int i = 0; i < actions.size(); i++) {
            Action a = actions.get(i);
            WriteOutcome o = outcomes.get(i);
            ConsumedCapacityWriter.TableUnits t = units.computeIfAbsent(a.table().definition().name(), k -> new ConsumedCapacityWriter.TableUnits());
            TableCapacity cap = engine.capacity().of(a.table());
            if (a.check()) {
                double u = CapacityUnits.transactionalRead(o.oldItem() == null ? 0 : ItemSize.of(o.oldItem()));
                t.addTable(u);
                if (cap != null) cap.chargeRead(null, parts[i], u);
            } else {
                WriteCapacity wc = WriteCapacity.of(a.table().definition(), o.oldItem(), o.newItem(), true);
                t.add(wc);
                if (cap != null) cap.chargeWrite(parts[i], wc, o.oldItem(), o.newItem());
            }
        }
        return units;
    }
}
