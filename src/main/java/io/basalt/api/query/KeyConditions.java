package io.basalt.api.query;

import io.basalt.engine.query.KeyConditionSpec;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.Legacy;
import io.basalt.expression.Operand;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a KeyConditionExpression (or legacy KeyConditions) into a {@link KeyConditionSpec}, with the
 * service's messages for conditions a Query cannot use.
 */
final class KeyConditions {
    private KeyConditions() {}

    private static DynamoException invalid(String message) {
        return DynamoException.validation(message);
    }

    /** A condition on one key attribute. */
    private record Leaf(String op, List<AttributeValue> values) {}

    static KeyConditionSpec fromExpression(Condition c, KeyShape keys) {
        List<Condition> leaves = Condition.conjuncts(c);
        checkConditionCount(leaves, keys);
        Map<String, Leaf> byAttr = new java.util.LinkedHashMap<>();
        for (Condition leaf : leaves) {
            String attr;
            String leafOp;
            List<AttributeValue> leafValues;
            switch (leaf) {
                case Condition.Compare written -> {
                    if (written.op().equals("<>")) throw invalid("Invalid operator used in KeyConditionExpression: <>");
                    Condition.Compare cmp = keyOnTheLeft(written);
                    if (!(cmp.left() instanceof Operand.PathOperand p) || !(cmp.right() instanceof Operand.Literal l)) {
                        throw invalid("Query key condition not supported");
                    }
                    attr = single(p);
                    leafOp = switch (cmp.op()) {
                        case "=" -> "EQ";
                        case "<" -> "LT";
                        case "<=" -> "LE";
                        case ">" -> "GT";
                        default -> "GE";
                    };
                    leafValues = List.of(l.value());
                }
                case Condition.Between b -> {
                    if (!(b.value() instanceof Operand.PathOperand p) || !(b.low() instanceof Operand.Literal lo)
                            || !(b.high() instanceof Operand.Literal hi)) {
                        throw invalid("Query key condition not supported");
                    }
                    attr = single(p);
                    leafOp = "BETWEEN";
                    leafValues = List.of(lo.value(), hi.value());
                }
                case Condition.BeginsWith bw -> {
                    if (!(bw.value() instanceof Operand.PathOperand p) || !(bw.prefix() instanceof Operand.Literal l)) {
                        throw invalid("Query key condition not supported");
                    }
                    attr = single(p);
                    leafOp = "BEGINS_WITH";
                    leafValues = List.of(l.value());
                }
                case Condition.Or o -> throw invalid("Invalid operator used in KeyConditionExpression: OR");
                case Condition.Not n -> throw invalid("Invalid operator used in KeyConditionExpression: NOT");
                case Condition.In i -> throw invalid("Invalid operator used in KeyConditionExpression: IN");
                default -> throw invalid("Query key condition not supported");
            }
            if (!keys.isKeyAttribute(attr)) {
                throw invalid("Query condition missed key schema element: " + firstMissing(keys, byAttr));
            }
            if (byAttr.put(attr, new Leaf(leafOp, leafValues)) != null) {
                throw DynamoException.validation(io.basalt.error.ValidationFamily.KEY_CONDITION_EXPRESSION,
                        "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key");
            }
        }
        return assemble(byAttr, keys);
    }

    /**
     * Conditions on more distinct attributes than the key has are refused by count before anything else
     * is said about them (live eu-west-2 2026-10, paritysuite queryKeyConditionOperands: {@code pk = :p AND
     * sk > :a AND extra = :b} on a two-attribute key). Two conditions on one key attribute are not counted
     * here: they get "one condition per key".
     */
    private static void checkConditionCount(List<Condition> leaves, KeyShape keys) {
        java.util.Set<String> named = new java.util.HashSet<>();
        for (Condition leaf : leaves) {
            Operand subject = switch (leaf) {
                case Condition.Compare cmp -> keyOnTheLeft(cmp).left();
                case Condition.Between b -> b.value();
                case Condition.BeginsWith bw -> bw.value();
                default -> null;
            };
            if (subject instanceof Operand.PathOperand p) named.add(p.path().topName());
        }
        int keyAttributes = keys.parts().size();
        if (named.size() > keyAttributes) {
            throw invalid("The number of query conditions (" + leaves.size() + ") exceeds the number of key attributes defined in the schema ("
                    + keyAttributes + ")");
        }
    }

    /**
     * A comparison with the value on the left turned around ({@code :c < sk} is {@code sk > :c}): the
     * service accepts key conditions written either way.
     */
    private static Condition.Compare keyOnTheLeft(Condition.Compare c) {
        if (!(c.left() instanceof Operand.Literal) || !(c.right() instanceof Operand.PathOperand)) return c;
        String mirrored = switch (c.op()) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> c.op();
        };
        return new Condition.Compare(mirrored, c.right(), c.left());
    }

    /** The first key attribute (partition attributes, then sort attributes) without a condition. */
    private static String firstMissing(KeyShape keys, Map<String, Leaf> byAttr) {
        for (KeyShape.Part p : keys.parts()) if (!byAttr.containsKey(p.name())) return p.name();
        return keys.hashName();
    }

    /**
     * Every partition attribute by equality; sort attributes left to right: equality on a prefix,
     * then at most one other comparison, with no gaps.
     */
    private static KeyConditionSpec assemble(Map<String, Leaf> byAttr, KeyShape keys) {
        List<AttributeValue> partition = new ArrayList<>();
        for (KeyShape.Part p : keys.hashParts()) {
            Leaf l = byAttr.get(p.name());
            if (l == null) throw invalid("Query condition missed key schema element: " + p.name());
            if (!l.op().equals("EQ")) throw invalid("Query key condition not supported");
            if (l.values().get(0).type() != p.type()) {
                throw invalid("One or more parameter values were invalid: Condition parameter type does not match schema type");
            }
            partition.add(l.values().get(0));
        }
        List<AttributeValue> prefix = new ArrayList<>();
        String op = null;
        List<AttributeValue> values = null;
        boolean ended = false;
        for (KeyShape.Part p : keys.rangeParts()) {
            Leaf l = byAttr.get(p.name());
            if (l == null) {
                ended = true;
                continue;
            }
            if (ended || op != null) throw invalid("Query key condition not supported");
            for (AttributeValue v : l.values()) {
                if (v.type() != p.type()) {
                    throw invalid("One or more parameter values were invalid: Condition parameter type does not match schema type");
                }
            }
            boolean last = p.equals(keys.rangeParts().get(keys.rangeParts().size() - 1));
            if (l.op().equals("EQ") && !last) {
                prefix.add(l.values().get(0));
            } else {
                op = l.op();
                values = l.values();
            }
        }
        return new KeyConditionSpec(partition, prefix, op, values);
    }

    private static String single(Operand.PathOperand p) {
        if (p.path().elements().size() != 1) {
            throw invalid("Key condition may not use nested attributes: " + p.path());
        }
        return p.path().topName();
    }

    static KeyConditionSpec fromLegacy(Map<String, Legacy.FilterCondition> conditions, KeyShape keys) {
        if (conditions.size() > 2) throw invalid("Conditions can be of length 1 or 2 only");
        AttributeValue pk = null;
        String op = null;
        List<AttributeValue> values = null;
        for (Map.Entry<String, Legacy.FilterCondition> e : conditions.entrySet()) {
            String cop = e.getValue().comparisonOperator();
            List<AttributeValue> args = e.getValue().attributeValueList() == null ? List.of() : e.getValue().attributeValueList();
            Legacy.comparison(e.getKey(), cop, args); // argument-count validation
            if (e.getKey().equals(keys.hashName())) {
                if (!"EQ".equals(cop)) throw invalid("Query key condition not supported");
                pk = args.get(0);
            } else if (e.getKey().equals(keys.rangeName())) {
                if (!List.of("EQ", "LE", "LT", "GE", "GT", "BEGINS_WITH", "BETWEEN").contains(cop)) {
                    throw invalid("Attempted conditional constraint is not an indexable operation");
                }
                op = cop;
                values = args;
            } else {
                throw invalid("Query condition missed key schema element: " + (keys.hasRange() ? keys.rangeName() : keys.hashName()));
            }
        }
        return checked(pk, op, values, keys);
    }

    private static KeyConditionSpec checked(AttributeValue pk, String op, List<AttributeValue> values, KeyShape keys) {
        if (pk == null) throw invalid("Query condition missed key schema element: " + keys.hashName());
        Map<String, Leaf> byAttr = new java.util.LinkedHashMap<>();
        byAttr.put(keys.hashName(), new Leaf("EQ", List.of(pk)));
        if (op != null) byAttr.put(keys.rangeName(), new Leaf(op, values));
        return assemble(byAttr, keys);
    }
}
