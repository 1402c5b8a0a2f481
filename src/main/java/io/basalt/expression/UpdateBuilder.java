package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds an {@link UpdateAction} from parts, for update languages other than UpdateExpression
 * (PartiQL's UPDATE ... SET/REMOVE), so every update runs through the one applier.
 */
public final class UpdateBuilder {
    /** A value a SET computes from the item as it was before the update. */
    public static final class Value {
        private final UpdateValue value;

        private Value(UpdateValue value) {
            this.value = value;
        }
    }

    private final List<UpdateAction.Set> sets = new ArrayList<>();
    private final List<Path> removes = new ArrayList<>();
    private final List<UpdateAction.AddOrDelete> adds = new ArrayList<>();
    private final List<UpdateAction.AddOrDelete> deletes = new ArrayList<>();

    public static Value literal(AttributeValue v) {
        return new Value(new UpdateValue.Of(new Operand.Literal(null, v)));
    }

    public static Value path(Path p) {
        return new Value(new UpdateValue.Of(new Operand.PathOperand(p)));
    }

    public static Value arithmetic(boolean plus, Value left, Value right) {
        return new Value(new UpdateValue.Arithmetic(plus, left.value, right.value));
    }

    public static Value listAppend(Value left, Value right) {
        return new Value(new UpdateValue.ListAppend(left.value, right.value));
    }

    public UpdateBuilder set(Path path, Value value) {
        sets.add(new UpdateAction.Set(path, value.value));
        return this;
    }

    public UpdateBuilder remove(Path path) {
        removes.add(path);
        return this;
    }

    /** Adds the elements of a set to the set at {@code path} (creating it when absent). */
    public UpdateBuilder addToSet(Path path, AttributeValue set) {
        adds.add(new UpdateAction.AddOrDelete(path, set));
        return this;
    }

    /** Removes the elements of a set from the set at {@code path}. */
    public UpdateBuilder deleteFromSet(Path path, AttributeValue set) {
        deletes.add(new UpdateAction.AddOrDelete(path, set));
        return this;
    }

    public boolean isEmpty() {
        return sets.isEmpty() && removes.isEmpty() && adds.isEmpty() && deletes.isEmpty();
    }

    /** The update; overlapping paths are refused with the UpdateExpression texts. */
    public UpdateAction build() {
        UpdateAction a = UpdateAction.of(List.copyOf(sets), List.copyOf(removes), List.copyOf(adds), List.copyOf(deletes));
        a.checkOverlaps(ExpressionKind.UPDATE);
        return a;
    }
}
