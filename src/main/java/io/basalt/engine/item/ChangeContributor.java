package io.basalt.engine.item;

import io.basalt.model.AttributeValue;
import io.basalt.storage.WriteBatch;
import java.util.Map;

/**
 * Adds what must commit atomically with an item change (index entries, stream records) to the
 * change's batch. Registered with the {@link ItemStore}.
 */
public interface ChangeContributor {
    void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, WriteBatch batch);

    /** Called when a change this contributor saw was not committed (lost a race, or failed). */
    default void aborted() {}

    /** Called once the change has committed (for counters). */
    default void committed(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {}
}
