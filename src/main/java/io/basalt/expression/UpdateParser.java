package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses UpdateExpression: clauses SET, REMOVE, ADD, DELETE (each at most once, any order), each
 * with comma-separated actions.
 */
public final class UpdateParser extends ParserBase {
    private final List<UpdateAction.Set> sets = new ArrayList<>();
    private final List<Path> removes = new ArrayList<>();
    private final List<UpdateAction.AddOrDelete> adds = new ArrayList<>();
    private final List<UpdateAction.AddOrDelete> deletes = new ArrayList<>();

    private UpdateParser(String src, ExpressionContext ctx) {
        super(src, ExpressionKind.UPDATE, ctx);
    }

    public static UpdateAction parse(String src, ExpressionContext ctx) {
        return ExpressionCache.get(ExpressionKind.UPDATE, src, ctx, c -> parseUncached(src, c));
    }

    static UpdateAction parseUncached(String src, ExpressionContext ctx) {
        UpdateParser p = new UpdateParser(src, ctx);
        p.clauses();
        p.checkOperatorCount();
        UpdateAction a = new UpdateAction(p.sets, p.removes, p.adds, p.deletes);
        a.checkOverlaps(p.kind);
        return a;
    }

    private void clauses() {
        Set<String> seen = new HashSet<>();
        do {
            Token t = peek();
            if (t.kind() != Token.Kind.NAME) throw syntaxError();
            String clause = t.text().toUpperCase(java.util.Locale.ROOT);
            if (!Set.of("SET", "REMOVE", "ADD", "DELETE").contains(clause)) throw syntaxError();
            if (!seen.add(clause)) {
                throw ExpressionErrors.invalid(kind, "The \"" + clause + "\" section can only be used once in an update expression;");
            }
            pos++;
            do {
                switch (clause) {
                    case "SET" -> setAction();
                    case "REMOVE" -> removes.add(parsePath());
                    case "ADD" -> adds.add(addOrDelete("ADD"));
                    default -> deletes.add(addOrDelete("DELETE"));
                }
                if (!peek().isPunct(",")) break;
                pos++;
            } while (true);
        } while (peek().kind() != Token.Kind.EOF);
    }

    private void setAction() {
        Path path = parsePath();
        expectPunct("=");
        sets.add(new UpdateAction.Set(path, setValue()));
    }

    /**
     * value := term | term '+' operand | term '-' operand, where a term is an operand or a
     * parenthesised value. As the service: "(b + :v)" is a value, but "(b + :v) + :v" and
     * ":v + (b - :v)" are syntax errors at the second operator.
     */
    private UpdateValue setValue() {
        UpdateValue v = peek().isPunct("(") ? inParentheses(this::setValue) : operand();
        if (peek().isPunct("+") || peek().isPunct("-")) {
            if (v instanceof UpdateValue.Arithmetic) throw syntaxError();
            boolean plus = next().text().equals("+");
            operator();
            UpdateValue right = operand();
            checkNumeric(plus ? "+" : "-", v);
            checkNumeric(plus ? "+" : "-", right);
            v = new UpdateValue.Arithmetic(plus, v, right);
        }
        return v;
    }

    private void checkNumeric(String op, UpdateValue v) {
        if (v instanceof UpdateValue.Of o && o.operand() instanceof Operand.Literal l && !(l.value() instanceof AttributeValue.N)) {
            throw ExpressionErrors.invalid(kind, "Incorrect operand type for operator or function; operator or function: "
                    + op + ", operand type: " + ConditionParser.typeName(l.value()));
        }
    }

    /** Only if_not_exists nests: list_append as a function's argument is refused as the service refuses it. */
    private UpdateValue notAListAppend(UpdateValue argument) {
        if (argument instanceof UpdateValue.ListAppend) {
            throw ExpressionErrors.invalid(kind, "The function is not allowed to be used this way in an expression; function: list_append");
        }
        return argument;
    }

    /** operand := path | :v | if_not_exists(path, operand) | list_append(operand, operand) | '(' operand ')' */
    private UpdateValue operand() {
        Token t = peek();
        if (t.isPunct("(")) {
            return inParentheses(this::operand);
        }
        if (t.kind() == Token.Kind.VALUE_PLACEHOLDER) {
            pos++;
            return new UpdateValue.Of(new Operand.Literal(t.text(), ctx.value(kind, t.text())));
        }
        if (t.kind() == Token.Kind.NAME && peek(1).isPunct("(")) {
            String fn = t.text();
            pos += 2;
            operator();
            enter();
            UpdateValue result;
            switch (fn) {
                case "if_not_exists" -> {
                    Path p = ifNotExistsPath();
                    expectPunct(",");
                    result = new UpdateValue.IfNotExists(p, notAListAppend(operand()));
                }
                case "list_append" -> {
                    UpdateValue a = notAListAppend(operand());
                    expectPunct(",");
                    UpdateValue b = notAListAppend(operand());
                    for (UpdateValue x : List.of(a, b)) {
                        if (x instanceof UpdateValue.Of o && o.operand() instanceof Operand.Literal l && !(l.value() instanceof AttributeValue.L)) {
                            throw ExpressionErrors.invalid(kind, "Incorrect operand type for operator or function; operator or function: list_append, operand type: "
                                    + ConditionParser.typeName(l.value()));
                        }
                    }
                    result = new UpdateValue.ListAppend(a, b);
                }
                default -> throw ExpressionErrors.invalid(kind, ConditionParser.isConditionFunction(fn)
                        ? "The function is not allowed in an update expression; function: " + fn
                        : "Invalid function name; function: " + fn);
            }
            leave();
            expectPunct(")");
            return result;
        }
        if (atPathStart()) {
            return new UpdateValue.Of(new Operand.PathOperand(parsePath()));
        }
        throw syntaxError();
    }

    private Path ifNotExistsPath() {
        if (peek().isPunct("(")) {
            return inParentheses(this::ifNotExistsPath);
        }
        if (!atPathStart()) {
            throw ExpressionErrors.invalid(kind, "Operator or function requires a document path; operator or function: if_not_exists");
        }
        return parsePath();
    }

    private UpdateAction.AddOrDelete addOrDelete(String op) {
        Path path = parsePath();
        Token t = peek();
        if (t.kind() != Token.Kind.VALUE_PLACEHOLDER) throw syntaxError();
        pos++;
        AttributeValue v = ctx.value(kind, t.text());
        boolean ok = op.equals("ADD") ? (v instanceof AttributeValue.N || v.type().isSet()) : v.type().isSet();
        if (!ok) {
            throw ExpressionErrors.invalid(kind, "Incorrect operand type for operator or function; operator: " + op
                    + ", operand type: " + longTypeName(v));
        }
        return new UpdateAction.AddOrDelete(path, v);
    }

    static String longTypeName(AttributeValue v) {
        return switch (v.type()) {
            case S -> "STRING";
            case N -> "NUMBER";
            case B -> "BINARY";
            case BOOL -> "BOOLEAN";
            case NULL -> "NULL";
            case M -> "MAP";
            case L -> "LIST";
            case SS -> "STRING_SET";
            case NS -> "NUMBER_SET";
            case BS -> "BINARY_SET";
        };
    }
}
