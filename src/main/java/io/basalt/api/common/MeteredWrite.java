package io.basalt.api.common;

import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.WriteCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.ItemMutation;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import java.util.Map;

/**
 * A single-item write with metering (PutItem, UpdateItem, DeleteItem, PartiQL statements):
 * admitted first (it may be throttled), charged after; a write refused by its condition still
 * costs the existing item's units, as the service charges.
 *
 * @param outcome the write's outcome
 * @param units the units it consumed
 */
public record MeteredWrite(WriteOutcome outcome, WriteCapacity units) {

    /**
     * @param newItem the item a put writes (its GSIs must admit it too), null for updates and deletes
     *                (their GSI changes are admitted inside the write, once the old item is known)
     */
    public static MeteredWrite run(Engine engine, RequestContext ctx, TableCatalog.Entry table, Map<String, AttributeValue> key,
                                   Map<String, AttributeValue> newItem, ItemMutation mutation) {
        TableCapacity cap = engine.capacity().of(table);
        Partition part = cap == null ? null : cap.admitWrite(ctx.region(), key, newItem);
        ItemMutation admitted = mutation;
        if (cap != null && newItem == null) {
            // an update or delete: its GSI changes are known once the old item is read
            admitted = current -> {
                Map<String, AttributeValue> next = mutation.apply(current);
                if (next != current) cap.admitIndexWrites(ctx.region(), current, next);
                return next;
            };
        }
        WriteOutcome w;
        try {
            w = engine.items().write(table.ref(), key, admitted);
        } catch (ConditionalCheckFailed e) {
            if (cap != null) cap.chargeFailedWrite(part, e.existingItem() == null ? 0 : ItemSize.of(e.existingItem()), false);
            throw e;
        }
        WriteCapacity units = WriteCapacity.of(table.definition(), w.oldItem(), w.newItem(), false);
        if (cap != null) cap.chargeWrite(part, units, w.oldItem(), w.newItem());
        return new MeteredWrite(w, units);
    }
}
