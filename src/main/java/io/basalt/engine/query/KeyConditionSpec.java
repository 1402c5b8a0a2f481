package io.basalt.engine.query;

import io.basalt.model.AttributeValue;
import io.basalt.model.KeyCodec;
import java.util.List;

/**
 * A Query's key condition reduced to what selects the key range: the partition key value(s), the
 * values of leading sort attributes compared with equality (multi-attribute keys), and an optional
 * operator (EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH) on the next sort attribute.
 */
public record KeyConditionSpec(List<AttributeValue> partitionValues, List<AttributeValue> sortPrefix,
                               String sortOperator, List<AttributeValue> sortValues) {

    /** A single-attribute key condition. */
    public KeyConditionSpec(AttributeValue partitionValue, String sortOperator, List<AttributeValue> sortValues) {
        this(List.of(partitionValue), List.of(), sortOperator, sortValues);
    }

    public AttributeValue partitionValue() {
        return partitionValues.get(0);
    }

    /** The storage range of matching entries, walked forward or backward. */
    public KeyRange range(long id, boolean forward) {
        byte[] p = KeyCodec.compositePrefix(id, partitionValues, sortPrefix);
        byte[] from = p;
        byte[] to = KeyCodec.prefixEnd(p);
        if (sortOperator != null) {
            AttributeValue v = sortValues.get(0);
            byte[] at = KeyCodec.withSortKey(p, v);
            switch (sortOperator) {
                // prefixEnd, not successor: index entry keys continue after the sort key with the table key
                case "EQ" -> { from = at; to = KeyCodec.prefixEnd(at); }
                case "LT" -> to = at;
                case "LE" -> to = KeyCodec.prefixEnd(at);
                case "GT" -> from = KeyCodec.prefixEnd(at);
                case "GE" -> from = at;
                case "BETWEEN" -> { from = at; to = KeyCodec.prefixEnd(KeyCodec.withSortKey(p, sortValues.get(1))); }
                case "BEGINS_WITH" -> {
                    from = KeyCodec.concat(p, KeyCodec.encodePrefix(v));
                    to = KeyCodec.prefixEnd(from);
                }
                default -> throw new IllegalArgumentException(sortOperator);
            }
        }
        return new KeyRange(from, to, !forward);
    }
}
