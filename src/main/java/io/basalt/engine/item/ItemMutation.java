package io.basalt.engine.item;

import io.basalt.model.AttributeValue;
import java.util.Map;

/**
 * The change a single-item write makes, computed from the item as it is now. Called again when a
 * concurrent write got in between (optimistic concurrency), so it must be free of side effects.
 */
@FunctionalInterface
public interface ItemMutation {
    /**
     * @param current the stored item, or null when absent
     * @return the new item; null to delete; {@code current} itself for "no change"
     * @throws io.basalt.error.DynamoException e.g. ConditionalCheckFailedException
     */
    Map<String, AttributeValue> apply(Map<String, AttributeValue> current);
}
