package io.basalt.expression;

import io.basalt.error.ConstraintViolations;
import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The legacy (pre-expression) parameters, converted into the same conditions, updates and
 * projections the expression language produces: Expected, QueryFilter/ScanFilter/KeyConditions
 * conditions, AttributeUpdates and AttributesToGet.
 */
public final class Legacy {
    private Legacy() {}

    /** One entry of Expected. */
    public record Expected(AttributeValue value, Boolean exists, String comparisonOperator, List<AttributeValue> attributeValueList) {}

    /** One entry of AttributeUpdates. */
    public record AttributeUpdate(String action, AttributeValue value) {}

    /** One condition of QueryFilter / ScanFilter / KeyConditions. */
    public record FilterCondition(String comparisonOperator, List<AttributeValue> attributeValueList) {}

    private static DynamoException invalid(String detail) {
        return DynamoException.validation(io.basalt.error.ValidationFamily.LEGACY_CONDITION, "One or more parameter values were invalid: " + detail);
    }

    public static Condition expected(Map<String, Expected> expected, String conditionalOperator) {
        Condition result = null;
        for (Map.Entry<String, Expected> e : expected.entrySet()) {
            String name = e.getKey();
            Expected x = e.getValue();
            Condition c;
            if (x.comparisonOperator() != null) {
                if (x.value() != null) {
                    throw invalid("Value and AttributeValueList cannot be used together for Attribute: " + name);
                }
                if (x.exists() != null && x.exists()) {
                    throw invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + name);
                }
                if (x.attributeValueList() == null && !x.comparisonOperator().equals("NULL") && !x.comparisonOperator().equals("NOT_NULL")) {
                    // neither form of the value (live PutItem/DeleteItem captures of 2026-10-09, paritysuite/dynamodb-conformance)
                    throw invalid("Value or AttributeValueList must be used with ComparisonOperator: " + x.comparisonOperator() + " for Attribute: " + name);
                }
                c = comparison(name, x.comparisonOperator(), x.attributeValueList());
            } else if (x.attributeValueList() != null) {
                throw invalid("AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
            } else if (x.exists() != null && !x.exists()) {
                if (x.value() != null) {
                    throw invalid("Value cannot be used when Exists is false for Attribute: " + name);
                }
                c = new Condition.Exists(path(name), false);
            } else {
                if (x.value() == null) {
                    throw invalid("Value must be provided when Exists is " + (x.exists() == null ? "null" : "true") + " for Attribute: " + name);
                }
                c = new Condition.Compare("=", pathOperand(name), literal(x.value()));
            }
            result = combine(result, c, conditionalOperator);
        }
        return result == null ? Condition.True.INSTANCE : result;
    }

    public static Condition filter(Map<String, FilterCondition> filter, String conditionalOperator) {
        Condition result = null;
        for (Map.Entry<String, FilterCondition> e : filter.entrySet()) {
            Condition c = comparison(e.getKey(), e.getValue().comparisonOperator(), e.getValue().attributeValueList());
            result = combine(result, c, conditionalOperator);
        }
        return result == null ? Condition.True.INSTANCE : result;
    }

    private static Condition combine(Condition acc, Condition c, String op) {
        if (acc == null) return c;
        return "OR".equals(op) ? new Condition.Or(acc, c) : new Condition.And(acc, c);
    }

    private static Path path(String name) {
        return new Path(List.of(name));
    }

    private static Operand pathOperand(String name) {
        return new Operand.PathOperand(path(name));
    }

    private static Operand literal(AttributeValue v) {
        return new Operand.Literal(null, v);
    }

    /** A ComparisonOperator with its AttributeValueList, validated as the service does. */
    public static Condition comparison(String name, String op, List<AttributeValue> args) {
        List<AttributeValue> list = args == null ? List.of() : args;
        Operand attr = pathOperand(name);
        switch (op) {
            case "EQ", "NE", "LE", "LT", "GE", "GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH" -> count(op, list, 1);
            case "NULL", "NOT_NULL" -> count(op, list, 0);
            case "BETWEEN" -> count(op, list, 2);
            case "IN" -> {
                if (list.isEmpty()) throw invalid("Invalid number of argument(s) for the IN ComparisonOperator");
            }
            default -> throw invalid("Unsupported ComparisonOperator: " + op);
        }
        for (AttributeValue v : list) checkArgumentType(op, v);
        return switch (op) {
            case "EQ" -> new Condition.Compare("=", attr, literal(list.get(0)));
            case "NE" -> new Condition.Compare("<>", attr, literal(list.get(0)));
            case "LE" -> new Condition.Compare("<=", attr, literal(list.get(0)));
            case "LT" -> new Condition.Compare("<", attr, literal(list.get(0)));
            case "GE" -> new Condition.Compare(">=", attr, literal(list.get(0)));
            case "GT" -> new Condition.Compare(">", attr, literal(list.get(0)));
            case "NULL" -> new Condition.Exists(path(name), false);
            case "NOT_NULL" -> new Condition.Exists(path(name), true);
            case "CONTAINS" -> new Condition.Contains(attr, literal(list.get(0)));
            case "NOT_CONTAINS" -> new Condition.Not(new Condition.Contains(attr, literal(list.get(0))));
            case "BEGINS_WITH" -> new Condition.BeginsWith(attr, literal(list.get(0)));
            case "BETWEEN" -> {
                Integer o = Comparisons.order(list.get(0), list.get(1));
                if (o != null && o > 0) {
                    throw invalid("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
                }
                yield new Condition.Between(attr, literal(list.get(0)), literal(list.get(1)));
            }
            default -> {
                List<Operand> c = new ArrayList<>();
                for (AttributeValue v : list) c.add(literal(v));
                yield new Condition.In(attr, c);
            }
        };
    }

    private static void count(String op, List<AttributeValue> list, int n) {
        if (list.size() != n) throw invalid("Invalid number of argument(s) for the " + op + " ComparisonOperator");
    }

    private static void checkArgumentType(String op, AttributeValue v) {
        boolean scalar = v instanceof AttributeValue.S || v instanceof AttributeValue.N || v instanceof AttributeValue.B;
        boolean ok = switch (op) {
            case "LE", "LT", "GE", "GT", "BETWEEN" -> scalar;
            case "CONTAINS", "NOT_CONTAINS" -> scalar || v instanceof AttributeValue.Bool || v instanceof AttributeValue.Null;
            case "BEGINS_WITH" -> v instanceof AttributeValue.S || v instanceof AttributeValue.B;
            case "IN" -> scalar;
            default -> true;
        };
        if (!ok) {
            throw invalid("ComparisonOperator " + op + " is not valid for " + v.type().tag() + " AttributeValue type");
        }
    }

    /** AttributeUpdates → an update (PUT = SET, DELETE = REMOVE or set subtraction, ADD = add/union/append). */
    public static UpdateAction attributeUpdates(Map<String, AttributeUpdate> updates) {
        List<UpdateAction.Set> sets = new ArrayList<>();
        List<Path> removes = new ArrayList<>();
        List<UpdateAction.AddOrDelete> adds = new ArrayList<>();
        List<UpdateAction.AddOrDelete> deletes = new ArrayList<>();
        for (Map.Entry<String, AttributeUpdate> e : updates.entrySet()) {
            String name = e.getKey();
            String action = e.getValue().action() == null ? "PUT" : e.getValue().action();
            AttributeValue v = e.getValue().value();
            switch (action) {
                case "PUT" -> {
                    if (v == null) throw invalid("Only DELETE action is allowed when no attribute value is specified");
                    sets.add(new UpdateAction.Set(path(name), new UpdateValue.Of(literal(v))));
                }
                case "DELETE" -> {
                    if (v == null) {
                        removes.add(path(name));
                    } else {
                        if (!v.type().isSet()) throw invalid("DELETE action with value is not supported for the type " + v.type().tag());
                        deletes.add(new UpdateAction.AddOrDelete(path(name), v));
                    }
                }
                case "ADD" -> {
                    if (v == null) throw invalid("Only DELETE action is allowed when no attribute value is specified");
                    if (v instanceof AttributeValue.L) {
                        sets.add(new UpdateAction.Set(path(name), new UpdateValue.ListAppend(
                                new UpdateValue.IfNotExists(path(name), new UpdateValue.Of(literal(new AttributeValue.L(List.of())))),
                                new UpdateValue.Of(literal(v)))));
                    } else if (v instanceof AttributeValue.N || v.type().isSet()) {
                        adds.add(new UpdateAction.AddOrDelete(path(name), v));
                    } else {
                        throw invalid("ADD action is not supported for the type " + v.type().tag());
                    }
                }
                default -> throw ConstraintViolations.of(ConstraintViolations.violation(action,
                        "attributeUpdates." + name + ".member.action", "Member must satisfy enum value set: [ADD, PUT, DELETE]"));
            }
        }
        return UpdateAction.of(sets, removes, adds, deletes);
    }

    /** AttributesToGet as a projection; a name given twice is refused, as the service does. */
    public static Projection attributesToGet(List<String> names) {
        List<Path> paths = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) throw invalid("Duplicate value in attribute name: " + n);
            paths.add(path(n));
        }
        return new Projection(paths);
    }
}
