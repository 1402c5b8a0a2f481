package io.basalt.expression.partiql;

import io.basalt.expression.Condition;
import io.basalt.expression.Operand;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.List;

/**
 * The partitions a PartiQL WHERE clause fixes: equalities (or one IN list) on the partition key
 * among its top-level AND-ed conditions. A SELECT that fixes none reads the whole table (a Scan,
 * what IAM's {@code dynamodb:FullTableScan} names); one that fixes some reads only those.
 */
public final class WherePartitions {
    private WherePartitions() {}

    /**
     * One list of partition key values per partition read, or null when the clause fixes none.
     * Values of another type than the key's match no item and are dropped.
     */
    public static List<List<AttributeValue>> of(Condition where, KeyShape keys) {
        List<Condition> conjuncts = Condition.conjuncts(where);
        List<AttributeValue> fixed = new ArrayList<>();
        for (KeyShape.Part p : keys.hashParts()) {
            AttributeValue v = null;
            for (Condition c : conjuncts) {
                v = compared(c, p.name(), "=");
                if (v != null) break;
            }
            if (v == null) break;
            fixed.add(v);
        }
        List<List<AttributeValue>> out = new ArrayList<>();
        if (fixed.size() == keys.hashParts().size()) {
            if (typesMatch(fixed, keys.hashParts())) out.add(fixed);
            return out;
        }
        if (keys.hashParts().size() != 1) return null;
        AttrType type = keys.hashType();
        for (Condition c : conjuncts) {
            if (c instanceof Condition.In in && names(in.value(), keys.hashName())
                    && in.candidates().stream().allMatch(o -> o instanceof Operand.Literal)) {
                for (Operand o : in.candidates()) {
                    AttributeValue v = ((Operand.Literal) o).value();
                    if (v.type() == type && out.stream().noneMatch(x -> x.get(0).equals(v))) out.add(List.of(v));
                }
                return out;
            }
        }
        return null;
    }

    /** The literal a conjunct compares a top-level attribute with, by {@code op} (either side), else null. */
    public static AttributeValue compared(Condition c, String attr, String op) {
        if (!(c instanceof Condition.Compare cmp) || !cmp.op().equals(op)) return null;
        if (names(cmp.left(), attr) && cmp.right() instanceof Operand.Literal l) return l.value();
        if (names(cmp.right(), attr) && cmp.left() instanceof Operand.Literal l) return l.value();
        return null;
    }

    /** Whether an operand is the top-level attribute {@code attr}. */
    public static boolean names(Operand o, String attr) {
        return o instanceof Operand.PathOperand p && p.path().elements().size() == 1 && p.path().topName().equals(attr);
    }

    private static boolean typesMatch(List<AttributeValue> values, List<KeyShape.Part> parts) {
        for (int i = 0; i < values.size(); i++) if (values.get(i).type() != parts.get(i).type()) return false;
        return true;
    }
}
