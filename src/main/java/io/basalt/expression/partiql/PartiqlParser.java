package io.basalt.expression.partiql;

import io.basalt.expression.Condition;
import io.basalt.expression.Path;
import io.basalt.expression.UpdateAction;
import io.basalt.expression.UpdateBuilder;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses one DynamoDB PartiQL statement (SELECT, INSERT, UPDATE, DELETE, and EXISTS for
 * transactions) and binds its '?' parameters in order.
 */
public final class PartiqlParser extends PartiqlExpressions {
    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

    private PartiqlParser(String src, List<AttributeValue> parameters) {
        super(src, parameters);
    }

    /**
     * @param parameters the request's Parameters (null when none); their number must equal the number of '?'
     */
    public static PartiqlStatement parse(String statement, List<AttributeValue> parameters) {
        PartiqlParser p = new PartiqlParser(statement, parameters);
        PartiqlStatement s = p.statement();
        p.acceptPunct(";");
        if (p.peek().kind() != PartiqlToken.Kind.EOF) {
            throw PartiqlErrors.invalid(PartiqlErrors.NOT_WELL_FORMED + "Unexpected token after expression");
        }
        // names are checked once the whole statement parsed: syntax errors come first
        if (!TABLE_NAME.matcher(s.table()).matches()) {
            throw PartiqlErrors.invalid("Table name should be within the length [3, 255] and only contain 'a-z', 'A-Z', '0-9', '-', '_', '.'.");
        }
        return s;
    }

    private PartiqlStatement statement() {
        PartiqlToken t = peek();
        if (t.isWord("SELECT")) return select();
        if (t.isWord("INSERT")) return insert();
        if (t.isWord("UPDATE")) return update();
        if (t.isWord("DELETE")) return delete();
        if (t.isWord("FROM")) return fromFirstUpdate();
        if (t.isWord("EXISTS")) {
            pos++;
            expectPunct("(");
            if (!peek().isWord("SELECT")) throw unexpected();
            PartiqlStatement.Select s = select();
            expectPunct(")");
            return new PartiqlStatement.Exists(s);
        }
        throw PartiqlErrors.invalid(PartiqlErrors.NOT_WELL_FORMED + "Expected data manipulation");
    }

    private PartiqlStatement.Select select() {
        expectWord("SELECT");
        if (peek().isWord("VALUE")) throw PartiqlErrors.invalid("Select projection doesn't support value or pivot keywords");
        List<Path> projection = new ArrayList<>();
        boolean star = false;
        boolean count = countProjection();
        if (!count) do {
            if (acceptPunct("*")) {
                star = true;
            } else if (peek().kind() == PartiqlToken.Kind.IDENT && peek(1).isPunct("(")) {
                // a function as a column (live eu-west-2 2026-10, paritysuite partiqlFunctions)
                throw PartiqlErrors.invalid("Unexpected path component" + at(peek()));
            } else {
                projection.add(path());
                if (peek().isWord("AS")) throw PartiqlErrors.invalid("Aliasing is not supported");
            }
        } while (acceptPunct(","));
        if (star && !projection.isEmpty()) {
            throw PartiqlErrors.invalid("Other attributes should not be present in the projection when '*' is used.");
        }
        expectWord("FROM");
        String table = tableName();
        String index = null;
        if (acceptPunct(".")) {
            index = name();
            if (peek().isPunct(".")) throw PartiqlErrors.invalid("A path may contain at most 2 components in the FROM clause");
        }
        refuseAlias();
        if (peek().isPunct(",")) throw PartiqlErrors.invalid("Only select from a single table or index is supported.");
        // the service refuses COUNT(...) as a keyword where a path belongs; on an index it first checks the index
        // (a multi-attribute key is refused ahead of it: live us-east-1/eu-west-2 2026-10), so it waits for the plan
        if (count && index == null) throw PartiqlStatement.Select.countRefused();
        Condition where = null;
        if (acceptWord("WHERE")) {
            // nothing after WHERE: "Unexpected term" (live us-east-1/eu-west-2 2026-10, paritysuite partiqlMultiAttributeIndex)
            if (peek().kind() == PartiqlToken.Kind.EOF) throw PartiqlErrors.syntax("Unexpected term");
            where = PartiqlExpressions.condition(or());
        }
        List<String> orderBy = new ArrayList<>();
        boolean descending = false;
        if (acceptWord("ORDER")) {
            expectWord("BY");
            do {
                Path p = path();
                if (p.elements().size() != 1) {
                    throw PartiqlErrors.invalid("Argument to ORDER BY must be of type VariableReference. Type: path");
                }
                orderBy.add(p.topName());
                if (acceptWord("DESC")) descending = true;
                else acceptWord("ASC");
            } while (acceptPunct(","));
        }
        return new PartiqlStatement.Select(table, index, star ? null : List.copyOf(projection), where, orderBy, descending, count);
    }

    /** COUNT(...) as the projection: skipped to its closing parenthesis, the statement is refused later. */
    private boolean countProjection() {
        if (!peek().isWord("COUNT") || !peek(1).isPunct("(")) return false;
        pos += 2;
        int depth = 1;
        while (depth > 0 && peek().kind() != PartiqlToken.Kind.EOF) {
            if (peek().isPunct("(")) depth++;
            else if (peek().isPunct(")")) depth--;
            pos++;
        }
        if (depth > 0) throw unexpected();
        return true;
    }

    private String tableName() {
        return name();
    }

    /** A table alias (a name or AS after the table) is refused. */
    private void refuseAlias() {
        if (peek().isWord("AS") || (peek().kind() == PartiqlToken.Kind.IDENT && !PartiqlKeywords.reserved(peek().text()))) {
            throw PartiqlErrors.invalid("Aliasing is not supported");
        }
    }

    /** A DML target: a table, never an index, without an alias (live eu-west-2 2026-10 for UPDATE and DELETE). */
    private String dmlTable() {
        String table = tableName();
        if (peek().isPunct(".")) throw PartiqlErrors.invalid("This operation is not supported on an index");
        refuseAlias();
        return table;
    }

    private PartiqlStatement insert() {
        expectWord("INSERT");
        expectWord("INTO");
        String table = tableName();
        if (peek().isPunct(".")) throw PartiqlErrors.invalid("This operation is not supported on an index");
        // INSERT reads a name after the table as a leftover token, not an alias (live eu-west-2 2026-10)
        if (peek().kind() == PartiqlToken.Kind.IDENT && !PartiqlKeywords.reserved(peek().text())) {
            throw PartiqlErrors.syntax("Unexpected token after expression");
        }
        if (peek().isWord("VALUES") || peek().isPunct("(")) {
            throw PartiqlErrors.invalid("Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead");
        }
        expectWord("VALUE");
        if (peek().isPunct("<<") || peek().isPunct("[")) {
            throw PartiqlErrors.invalid("Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead");
        }
        if (!peek().isPunct("{") && peek().kind() != PartiqlToken.Kind.PARAM) {
            throw PartiqlErrors.invalid("Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.");
        }
        AttributeValue item = itemLiteral();
        if (!(item instanceof AttributeValue.M m)) {
            throw PartiqlErrors.invalid("Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.");
        }
        if (peek().isWord("RETURNING")) throw PartiqlErrors.invalid("RETURNING is not supported in INSERT");
        if (peek().isWord("AT")) throw PartiqlErrors.invalid("AT is not supported in insert statements.");
        return new PartiqlStatement.Insert(table, m.value());
    }

    private PartiqlStatement update() {
        expectWord("UPDATE");
        String table = dmlTable();
        UpdateAction action = updateClauses();
        if (!acceptWord("WHERE")) throw PartiqlErrors.invalid(PartiqlErrors.INCOMPLETE_KEY);
        Condition where = PartiqlExpressions.condition(or());
        String returning = returning();
        return new PartiqlStatement.Update(table, action, where, returning);
    }

    /**
     * The FROM-first form of UPDATE, {@code FROM "T" WHERE <key> [AND cond] (SET ... | REMOVE ...)+ [RETURNING ...]}:
     * the service runs it as the UPDATE it spells (live us-east-1/eu-west-2, 2026-10).
     */
    private PartiqlStatement fromFirstUpdate() {
        expectWord("FROM");
        String table = dmlTable();
        if (!acceptWord("WHERE")) throw PartiqlErrors.invalid(PartiqlErrors.INCOMPLETE_KEY);
        Condition where = PartiqlExpressions.condition(or());
        UpdateAction action = updateClauses();
        String returning = returning();
        return new PartiqlStatement.Update(table, action, where, returning);
    }

    /** One or more SET / REMOVE clauses, in any order. */
    private UpdateAction updateClauses() {
        UpdateBuilder b = new UpdateBuilder();
        while (true) {
            if (acceptWord("SET")) {
                do {
                    assignment(b);
                } while (acceptPunct(","));
            } else if (acceptWord("REMOVE")) {
                do {
                    b.remove(path());
                } while (acceptPunct(","));
            } else {
                break;
            }
        }
        if (b.isEmpty()) throw PartiqlErrors.syntax("Expected data manipulation");
        return b.build();
    }

    private void assignment(UpdateBuilder b) {
        Path target = path();
        expectPunct("=");
        Node value = additive();
        if (value instanceof CallNode c && (c.name().equals("set_add") || c.name().equals("set_delete"))) {
            // positions: the function name; for the second argument, the token after the parenthesis (live 2026-10)
            String fn = c.name().substring(4).toUpperCase();
            String at = at(c.at());
            if (c.args().size() != 2) throw PartiqlErrors.invalid("SET_" + fn + " must have exactly two arguments" + at);
            if (!(c.args().get(0) instanceof PathNode p) || !p.path().equals(target)) {
                throw PartiqlErrors.invalid("The first argument to SET_" + fn + " must equal the assignment value" + at);
            }
            if (!(c.args().get(1) instanceof ValueNode v) || !v.value().type().isSet()) {
                throw PartiqlErrors.invalid("The second argument to SET_" + fn + " must be a value with type SET"
                        + at(tokenAfter(c.at(), 2)));
            }
            if (fn.equals("ADD")) b.addToSet(target, v.value());
            else b.deleteFromSet(target, v.value());
            return;
        }
        b.set(target, updateValue(value));
    }

    private static UpdateBuilder.Value updateValue(Node n) {
        return switch (n) {
            case ValueNode v -> UpdateBuilder.literal(v.value());
            case PathNode p -> UpdateBuilder.path(p.path());
            case BinaryNode x when x.op().equals("+") || x.op().equals("-") ->
                    UpdateBuilder.arithmetic(x.op().equals("+"), updateValue(x.left()), updateValue(x.right()));
            case CallNode c when c.name().equals("list_append") -> {
                if (c.args().size() != 2) throw PartiqlErrors.invalid("LIST_APPEND must have exactly two arguments");
                yield UpdateBuilder.listAppend(updateValue(c.args().get(0)), updateValue(c.args().get(1)));
            }
            case CallNode c -> throw PartiqlErrors.invalid("Unrecognized function: " + c.name());
            case IsNode i -> throw PartiqlErrors.invalid("IS operator is not supported in update expressions");
            case BinaryNode x -> throw PartiqlErrors.invalid("Unsupported operator in Update Expression. Operator: " + x.op());
            default -> throw PartiqlErrors.invalid("Unsupported operator in Update Expression. Operator: " + n.getClass().getSimpleName());
        };
    }

    private PartiqlStatement delete() {
        expectWord("DELETE");
        expectWord("FROM");
        String table = dmlTable();
        if (!acceptWord("WHERE")) throw PartiqlErrors.invalid(PartiqlErrors.INCOMPLETE_KEY);
        Condition where = PartiqlExpressions.condition(or());
        String returning = returning();
        if (returning != null && !returning.equals("ALL_OLD")) {
            throw PartiqlErrors.invalid("Invalid returning clause: RETURNING " + returning.replace('_', ' ')
                    + " *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
        }
        return new PartiqlStatement.Delete(table, where, returning);
    }

    /** RETURNING (ALL | MODIFIED) (OLD | NEW) *, as ALL_OLD etc.; null when absent. */
    private String returning() {
        if (!acceptWord("RETURNING")) return null;
        String which;
        if (acceptWord("ALL")) which = "ALL";
        else if (acceptWord("MODIFIED")) which = "MODIFIED";
        else throw unexpected();
        String age;
        if (acceptWord("OLD")) age = "OLD";
        else if (acceptWord("NEW")) age = "NEW";
        else throw unexpected();
        if (!acceptPunct("*")) throw PartiqlErrors.invalid("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
        if (peek().isPunct(",")) throw PartiqlErrors.invalid("Invalid syntax with multiple returning elements in RETURNING clause");
        return which + "_" + age;
    }
}
