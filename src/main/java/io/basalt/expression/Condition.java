package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;

/** A parsed condition (ConditionExpression, FilterExpression, or converted legacy conditions). */
public sealed interface Condition {
    /** Whether the item (null when absent) satisfies the condition. */
    boolean test(Map<String, AttributeValue> item);

    record And(Condition left, Condition right) implements Condition {
        public boolean test(Map<String, AttributeValue> item) { return left.test(item) && right.test(item); }
    }

    record Or(Condition left, Condition right) implements Condition {
        public boolean test(Map<String, AttributeValue> item) { return left.test(item) || right.test(item); }
    }

    record Not(Condition inner) implements Condition {
        public boolean test(Map<String, AttributeValue> item) { return !inner.test(item); }
    }

    record Compare(String op, Operand left, Operand right) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            return Comparisons.compare(op, left.eval(item), right.eval(item));
        }
    }

    record Between(Operand value, Operand low, Operand high) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = value.eval(item);
            Integer lo = Comparisons.order(v, low.eval(item));
            Integer hi = Comparisons.order(v, high.eval(item));
            return lo != null && hi != null && lo >= 0 && hi <= 0;
        }
    }

    record In(Operand value, List<Operand> candidates) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = value.eval(item);
            if (v == null) return false;
            for (Operand c : candidates) {
                if (Comparisons.equal(v, c.eval(item))) return true;
            }
            return false;
        }
    }

    /** attribute_exists / attribute_not_exists. */
    record Exists(Path path, boolean shouldExist) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            return (path.resolve(item) != null) == shouldExist;
        }
    }

    record TypeIs(Path path, Operand type) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = path.resolve(item);
            AttributeValue t = type.eval(item);
            return v != null && t instanceof AttributeValue.S s && v.type().tag().equals(s.value());
        }
    }

    record BeginsWith(Operand value, Operand prefix) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            return Comparisons.beginsWith(value.eval(item), prefix.eval(item));
        }
    }

    record Contains(Operand value, Operand element) implements Condition {
        public boolean test(Map<String, AttributeValue> item) {
            return Comparisons.contains(value.eval(item), element.eval(item));
        }
    }

    /** The operands of the top-level ANDs of a condition, left to right (the condition itself when it is no AND). */
    static List<Condition> conjuncts(Condition c) {
        List<Condition> out = new java.util.ArrayList<>();
        java.util.ArrayDeque<Condition> stack = new java.util.ArrayDeque<>();
        if (c != null) stack.push(c);
        while (!stack.isEmpty()) {
            Condition x = stack.pop();
            if (x instanceof And a) {
                stack.push(a.right());
                stack.push(a.left());
            } else {
                out.add(x);
            }
        }
        return out;
    }

    /** The top-level attribute names a condition reads, in the order they appear. */
    static java.util.Set<String> topNames(Condition c) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        collectNames(c, out);
        return out;
    }

    private static void collectNames(Condition c, java.util.Set<String> out) {
        switch (c) {
            case And a -> { collectNames(a.left(), out); collectNames(a.right(), out); }
            case Or o -> { collectNames(o.left(), out); collectNames(o.right(), out); }
            case Not n -> collectNames(n.inner(), out);
            case Compare x -> { name(x.left(), out); name(x.right(), out); }
            case Between b -> { name(b.value(), out); name(b.low(), out); name(b.high(), out); }
            case In i -> { name(i.value(), out); i.candidates().forEach(o -> name(o, out)); }
            case Exists e -> out.add(e.path().topName());
            case TypeIs t -> { out.add(t.path().topName()); name(t.type(), out); }
            case BeginsWith b -> { name(b.value(), out); name(b.prefix(), out); }
            case Contains x -> { name(x.value(), out); name(x.element(), out); }
            case True t -> { }
        }
    }

    private static void name(Operand o, java.util.Set<String> out) {
        if (o instanceof Operand.PathOperand p) out.add(p.path().topName());
        else if (o instanceof Operand.Size s) out.add(s.path().topName());
    }

    /** Always true (an absent condition). */
    record True() implements Condition {
        public static final True INSTANCE = new True();
        public boolean test(Map<String, AttributeValue> item) { return true; }
    }
}
