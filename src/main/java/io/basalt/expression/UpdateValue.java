package io.basalt.expression;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The right-hand side of a SET action, evaluated against the item as it was before the update. */
sealed interface UpdateValue {
    AttributeValue eval(Map<String, AttributeValue> old);

    record Of(Operand operand) implements UpdateValue {
        public AttributeValue eval(Map<String, AttributeValue> old) {
            AttributeValue v = operand.eval(old);
            if (v == null) throw UpdateAction.missingAttribute();
            return v;
        }
    }

    record Arithmetic(boolean plus, UpdateValue left, UpdateValue right) implements UpdateValue {
        public AttributeValue eval(Map<String, AttributeValue> old) {
            AttributeValue a = left.eval(old), b = right.eval(old);
            if (!(a instanceof AttributeValue.N x) || !(b instanceof AttributeValue.N y)) throw UpdateAction.wrongType();
            try {
                return new AttributeValue.N(plus ? x.value().add(y.value()) : x.value().subtract(y.value()));
            } catch (NumberFormatError e) {
                throw io.basalt.error.DynamoException.validation(e.getMessage());
            }
        }
    }

    record IfNotExists(Path path, UpdateValue fallback) implements UpdateValue {
        public AttributeValue eval(Map<String, AttributeValue> old) {
            AttributeValue v = path.resolve(old);
            return v != null ? v : fallback.eval(old);
        }
    }

    record ListAppend(UpdateValue left, UpdateValue right) implements UpdateValue {
        public AttributeValue eval(Map<String, AttributeValue> old) {
            AttributeValue a = left.eval(old), b = right.eval(old);
            if (!(a instanceof AttributeValue.L x) || !(b instanceof AttributeValue.L y)) throw UpdateAction.wrongType();
            List<AttributeValue> out = new ArrayList<>(x.value().size() + y.value().size());
            out.addAll(x.value());
            out.addAll(y.value());
            return new AttributeValue.L(out);
        }
    }

}
