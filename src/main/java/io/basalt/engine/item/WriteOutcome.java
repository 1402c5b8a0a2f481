package io.basalt.engine.item;

import io.basalt.model.AttributeValue;
import java.util.Map;

/**
 * What a committed single-item write did.
 *
 * @param oldItem the item before (null when absent)
 * @param newItem the item after (null when deleted or still absent)
 * @param changed whether anything was written
 */
public record WriteOutcome(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, boolean changed) {}
