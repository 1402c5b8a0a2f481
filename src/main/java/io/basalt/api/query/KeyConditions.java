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

    static KeyConditionSpec fromExpression(Condition c, KeyShape keys) {
        List<Condition> leaves = new ArrayList<>();
        flatten(c, leaves);
        AttributeValue pk = null;
        String op = null;
        List<AttributeValue> values = null;
        for (Condition leaf : leaves) {
            String attr;
            String leafOp;
            List<AttributeValue> leafValues;
            switch (leaf) {
                case Condition.Compare cmp -> {
                    if (cmp.op().equals("<>")) throw invalid("Unsupported operator used in KeyConditionExpression: <>");
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
            if (attr.equals(keys.hashName())) {
                if (pk != null) throw invalid("KeyConditionExpressions must only contain one condition per key");
                if (!leafOp.equals("EQ")) throw invalid("Query key condition not supported");
                pk = leafValues.get(0);
            } else if (attr.equals(keys.rangeName())) {
                if (op != null) throw invalid("KeyConditionExpressions must only contain one condition per key");
                op = leafOp;
                values = leafValues;
            } else {
                throw invalid("Query condition missed key schema element: " + (pk == null ? keys.hashName() : keys.rangeName()));
            }
        }
        return checked(pk, op, values, keys);
    }

    private static String single(Operand.PathOperand p) {
        if (p.path().elements().size() != 1) {
            throw invalid("Key condition may not use nested attributes: " + p.path());
        }
        return p.path().topName();
    }

    private static void flatten(Condition c, List<Condition> out) {
        if (c instanceof Condition.And a) {
            flatten(a.left(), out);
            flatten(a.right(), out);
        } else {
            out.add(c);
        }
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
        if (pk.type() != keys.hashType()) {
            throw invalid("One or more parameter values were invalid: Condition parameter type does not match schema type");
        }
        if (op != null) {
            for (AttributeValue v : values) {
                if (v.type() != keys.rangeType()) {
                    throw invalid("One or more parameter values were invalid: Condition parameter type does not match schema type");
                }
            }
        }
        return new KeyConditionSpec(pk, op, values);
    }
}
