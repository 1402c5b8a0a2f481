package io.basalt.api.query;

import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.Operand;
import java.util.HashSet;
import java.util.Set;

/**
 * The shape SearchConditionExpression may have: equalities between an attribute and a value,
 * joined by AND (the only comparator the service supports there yet); the HASH attribute of the
 * index's search schema among them when the index has one.
 */
final class SearchConditions {
    private SearchConditions() {}

    static void check(VectorIndexDefinition index, Condition condition) {
        Set<String> equated = new HashSet<>();
        if (condition != null) collect(condition, equated);
        String hash = index.hashAttribute();
        if (hash != null && !equated.contains(hash)) {
            throw DynamoException.validation("SearchConditionExpression must be provided when SearchSchema has a HASH key");
        }
    }

    private static void collect(Condition c, Set<String> equated) {
        if (c instanceof Condition.And and) {
            collect(and.left(), equated);
            collect(and.right(), equated);
            return;
        }
        if (c instanceof Condition.Compare cmp && "=".equals(cmp.op())) {
            String name = attribute(cmp.left(), cmp.right());
            if (name == null) name = attribute(cmp.right(), cmp.left());
            if (name != null) {
                equated.add(name);
                return;
            }
        }
        throw DynamoException.validation("Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
    }

    private static String attribute(Operand path, Operand value) {
        if (path instanceof Operand.PathOperand p && value instanceof Operand.Literal && p.path().elements().size() == 1) {
            return p.path().topName();
        }
        return null;
    }
}
