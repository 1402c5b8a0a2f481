package io.basalt.api.partiql;

import io.basalt.expression.Condition;
import io.basalt.expression.Operand;
import io.basalt.expression.partiql.PartiqlErrors;
import io.basalt.expression.partiql.WherePartitions;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the key a PartiQL WHERE clause fixes: the top-level AND-ed equalities on key attributes.
 * What is left over is a condition on the item.
 */
final class StatementKeys {
    private StatementKeys() {}

    /** The item key, and the rest of the WHERE clause (null when nothing is left). */
    record KeyAndCondition(Map<String, AttributeValue> key, Condition rest) {}

    static List<Condition> conjuncts(Condition c) {
        return Condition.conjuncts(c);
    }

    /** The literal a conjunct compares a top-level attribute with, by {@code op} (either side), else null. */
    static AttributeValue compared(Condition c, String attr, String op) {
        return WherePartitions.compared(c, attr, op);
    }

    static boolean names(Operand o, String attr) {
        return WherePartitions.names(o, attr);
    }

    /**
     * The full primary key of a statement that must name one item (UPDATE, DELETE, and reads in
     * batches and transactions), with the service's refusals.
     */
    static KeyAndCondition fullKey(Condition where, KeyShape keys) {
        Map<String, AttributeValue> found = new LinkedHashMap<>();
        List<Condition> rest = new ArrayList<>();
        for (Condition c : conjuncts(where)) {
            String attr = null;
            AttributeValue v = null;
            for (KeyShape.Part p : keys.parts()) {
                v = compared(c, p.name(), "=");
                if (v != null) {
                    attr = p.name();
                    break;
                }
            }
            if (attr == null) {
                rest.add(c);
                continue;
            }
            if (found.containsKey(attr)) {
                throw PartiqlErrors.invalid("Multiple conditions on same key " + attr + ". Only single item Update/Insert/Delete are supported");
            }
            found.put(attr, v);
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (KeyShape.Part p : keys.parts()) {
            AttributeValue v = found.get(p.name());
            if (v == null) throw PartiqlErrors.invalid(PartiqlErrors.INCOMPLETE_KEY);
            key.put(p.name(), v);
        }
        checkKeyTypes(key, keys);
        return new KeyAndCondition(key, and(rest));
    }

    /** Key values must have the schema's types (S, N or B as declared). */
    static void checkKeyTypes(Map<String, AttributeValue> item, KeyShape keys) {
        for (KeyShape.Part p : keys.parts()) {
            AttributeValue v = item.get(p.name());
            if (v == null) throw PartiqlErrors.invalid("Key attribute should be present in the item: Key " + p.name());
            if (v.type() != p.type()) {
                throw PartiqlErrors.invalid("Key attribute's data type should match its data type in table's schema: Key " + p.name());
            }
        }
    }

    static Condition and(List<Condition> parts) {
        Condition out = null;
        for (Condition c : parts) out = out == null ? c : new Condition.And(out, c);
        return out;
    }
}
