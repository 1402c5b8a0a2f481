package io.basalt.expression;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemSize;
import java.util.Map;

/** A value-producing part of an expression: a path, a placeholder value, or size(path). */
public sealed interface Operand {
    /** The value against an item, or null when it does not exist. */
    AttributeValue eval(Map<String, AttributeValue> item);

    record PathOperand(Path path) implements Operand {
        public AttributeValue eval(Map<String, AttributeValue> item) {
            return path.resolve(item);
        }
    }

    record Literal(String placeholder, AttributeValue value) implements Operand {
        public AttributeValue eval(Map<String, AttributeValue> item) {
            return value;
        }
    }

    record Size(Path path) implements Operand {
        public AttributeValue eval(Map<String, AttributeValue> item) {
            AttributeValue v = path.resolve(item);
            if (v == null) return null;
            long n = switch (v) {
                case AttributeValue.S s -> ItemSize.utf8Length(s.value());
                case AttributeValue.B b -> b.value().length;
                case AttributeValue.SS s -> s.value().size();
                case AttributeValue.NS s -> s.value().size();
                case AttributeValue.BS s -> s.value().size();
                case AttributeValue.L l -> l.value().size();
                case AttributeValue.M m -> m.value().size();
                default -> -1;
            };
            return n < 0 ? null : new AttributeValue.N(DNumber.of(n));
        }
    }
}
