package io.basalt.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one request's expressions with their ExpressionAttributeNames/Values: conditions, filters,
 * projections and update expressions, mostly valid, sometimes subtly not (unknown functions, wrong
 * arity, unescaped reserved words, overlapping or conflicting paths, unused or undefined
 * placeholders, syntax errors, mismatched types).
 */
final class Expressions {
    private final Values v;
    final Map<String, Object> names = new LinkedHashMap<>();
    final Map<String, Object> values = new LinkedHashMap<>();

    Expressions(Values v) {
        this.v = v;
    }

    /** An attribute name as written in an expression: a #placeholder, or the name itself. */
    String name(String attr) {
        if (attr.contains(".") || v.chance(40)) {
            String ph = "#n" + names.size();
            names.put(ph, attr);
            return ph;
        }
        return attr;
    }

    String value(Map<String, Object> av) {
        String ph = ":v" + values.size();
        values.put(ph, av);
        return ph;
    }

    /** A document path into an item: top-level, nested map member, list element. */
    String path() {
        String top = name(v.pick(Values.ATTRIBUTES));
        return switch (v.between(0, 7)) {
            case 0 -> top + "." + name(v.pick(List.of("x", "y", "deep")));
            case 1 -> top + "[" + v.pick(List.of("0", "1", "5", "100")) + "]";
            case 2 -> top + "[0]." + name("x");
            case 3 -> top + ".x.y";
            default -> top;
        };
    }

    String condition(int depth) {
        if (depth > 0 && v.chance(30)) {
            return switch (v.between(0, 3)) {
                case 0 -> condition(depth - 1) + " AND " + condition(depth - 1);
                case 1 -> condition(depth - 1) + " OR " + condition(depth - 1);
                case 2 -> "NOT " + condition(depth - 1);
                default -> "(" + condition(depth - 1) + ")";
            };
        }
        String p = path();
        return switch (v.between(0, 18)) {
            case 0 -> "attribute_exists(" + p + ")";
            case 1 -> "attribute_not_exists(" + p + ")";
            case 2 -> "attribute_type(" + p + ", " + value(v.s(v.pick(List.of("S", "N", "B", "SS", "M", "L", "NULL", "BOOL", "XX")))) + ")";
            case 3 -> "begins_with(" + p + ", " + value(v.chance(80) ? v.s(v.pick(List.of("a", "k", "h", ""))) : v.n("1")) + ")";
            case 4 -> "contains(" + p + ", " + value(v.scalar()) + ")";
            case 5 -> "size(" + p + ") " + v.pick(List.of(">", "<=", "=", "<>")) + " " + value(v.n(v.pick(List.of("0", "1", "3"))));
            case 6, 7 -> p + " " + v.pick(List.of("=", "<>", "<", "<=", ">", ">=")) + " " + value(v.scalar());
            case 8 -> p + " BETWEEN " + value(v.n(v.pick(List.of("1", "5")))) + " AND " + value(v.n(v.pick(List.of("1", "10", "0"))));
            case 9 -> p + " IN (" + value(v.scalar()) + ", " + value(v.scalar()) + ")";
            case 10 -> p + " = " + path();
            // subtly invalid from here on
            case 11 -> v.pick(List.of("unknown_fn(", "attribute_exist(", "size_of(")) + p + ")";
            case 12 -> v.pick(List.of("attribute_exists(" + p + ", " + p + ")", "begins_with(" + p + ")",
                    "attribute_type(" + p + ")", "contains(" + p + ")"));
            case 13 -> v.pick(List.of("name", "count", "status", "data", "size")) + " = " + value(v.scalar());
            case 14 -> "size(" + p + ")";
            case 15 -> p + " = " + v.pick(List.of(":undefined", "#undefined"));
            case 16 -> p + " " + v.pick(List.of("==", "=<", "!=", "")) + " " + value(v.scalar());
            case 17 -> "begins_with(" + p + ", " + value(v.n("1")) + ")" + " AND " + p + " BETWEEN " + value(v.s("b")) + " AND " + value(v.s("a"));
            default -> p + " IN ()";
        };
    }

    String projection() {
        List<String> parts = new ArrayList<>();
        int n = v.between(1, 4);
        for (int i = 0; i < n; i++) parts.add(path());
        if (v.chance(8)) parts.add(parts.get(0));
        if (v.chance(8)) parts.add(parts.get(0) + ".x");
        if (v.chance(3)) return "";
        if (v.chance(3)) return String.join(" ", parts);
        return String.join(", ", parts);
    }

    /** An update expression: sections in random order, sometimes invalid. */
    String update(Model.Table t) {
        List<String> set = new ArrayList<>(), remove = new ArrayList<>(), add = new ArrayList<>(), delete = new ArrayList<>();
        int actions = v.between(1, 4);
        for (int i = 0; i < actions; i++) {
            switch (v.between(0, 9)) {
                case 0, 1 -> set.add(path() + " = " + value(v.any(2)));
                case 2 -> set.add(name("n") + " = " + name("n") + " " + v.pick(List.of("+", "-")) + " " + value(v.n(v.pick(Values.NUMBERS))));
                case 3 -> set.add(name("l") + " = list_append(" + v.pick(List.of(name("l"), value(v.list(0)))) + ", " + value(v.list(0)) + ")");
                case 4 -> set.add(name("c") + " = " + v.pick(List.of("if_not_exists(", "(if_not_exists(")) + name("c") + ", " + value(v.n("0")) + ")"
                        + (v.chance(50) ? " + " + value(v.n("1")) + (v.chance(50) ? ")" : "") : ""));
                case 5 -> remove.add(path());
                case 6 -> add.add(path() + " " + value(v.chance(60) ? v.n(v.number()) : v.set()));
                case 7 -> delete.add(path() + " " + value(v.set()));
                case 8 -> set.add(name(t.hash) + " = " + value(v.keyValue(t.hashType)));
                default -> set.add(path() + " = " + v.pick(List.of("unknown_fn(" + path() + ")", "list_append(" + path() + ")",
                        "if_not_exists(" + path() + ", if_not_exists(" + path() + ", " + value(v.n("1")) + "))", path() + " + ")));
            }
        }
        if (v.chance(8)) set.add(set.isEmpty() ? name("a") + " = " + value(v.n("1")) : set.get(0).split(" = ")[0] + " = " + value(v.s("dup")));
        if (v.chance(6)) remove.add("m");
        if (v.chance(6)) set.add("m.x = " + value(v.s("conflict")));
        List<String> sections = new ArrayList<>();
        if (!set.isEmpty()) sections.add("SET " + String.join(", ", set));
        if (!remove.isEmpty()) sections.add("REMOVE " + String.join(", ", remove));
        if (!add.isEmpty()) sections.add("ADD " + String.join(", ", add));
        if (!delete.isEmpty()) sections.add("DELETE " + String.join(", ", delete));
        if (v.chance(4) && !sections.isEmpty()) sections.add(sections.get(0));
        if (v.chance(10)) java.util.Collections.reverse(sections);
        if (v.chance(2)) return "";
        return String.join(" ", sections);
    }

    /** Puts the maps into a request body, sometimes with an unused, missing or empty entry. */
    void into(Map<String, Object> body) {
        if (v.chance(5)) names.put("#unused", "zz");
        if (v.chance(5)) values.put(":unused", v.n("1"));
        if (!names.isEmpty() || v.chance(2)) body.put("ExpressionAttributeNames", names);
        if (!values.isEmpty() || v.chance(2)) body.put("ExpressionAttributeValues", values);
    }
}
