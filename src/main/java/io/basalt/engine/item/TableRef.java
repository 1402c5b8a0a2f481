package io.basalt.engine.item;

import io.basalt.model.KeyShape;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the item path needs to know about a table: its storage id, key shape, and live counters
 * (item count and total item bytes, updated by every committed change).
 */
public record TableRef(String name, long tableId, KeyShape keys, AtomicLong itemCount, AtomicLong sizeBytes) {}
