package io.basalt.expression.partiql;

import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.Operand;
import io.basalt.expression.Path;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The expression part of DynamoDB's PartiQL: literals (every DynamoDB type), '?' parameters,
 * document paths, predicates and functions. WHERE clauses become {@link Condition}s of the
 * expression model, so PartiQL and the item API share one evaluator.
 */
class PartiqlExpressions {
    private static final Set<String> COMPARATORS = Set.of("=", "<>", "!=", "<", "<=", ">", ">=");
    private static final Set<String> ORDERING = Set.of("<", "<=", ">", ">=");
    private static final Set<AttrType> UNORDERED = EnumSet.of(AttrType.BOOL,
            AttrType.NULL, AttrType.L, AttrType.M,
            AttrType.SS, AttrType.NS, AttrType.BS);

    /** An expression before it is known whether it is a condition or a value. */
    sealed interface Node {}

    record PathNode(Path path) implements Node {}

    record ValueNode(AttributeValue value) implements Node {}

    record MissingNode() implements Node {}

    /** @param at the function name's token (positions in errors: " at line:column:length") */
    record CallNode(String name, List<Node> args, PartiqlToken at) implements Node {}

    record BinaryNode(String op, Node left, Node right) implements Node {}

    record NotNode(Node inner) implements Node {}

    record BetweenNode(Node value, Node low, Node high, boolean negated) implements Node {}

    record InNode(Node value, List<Node> candidates, boolean negated) implements Node {}

    record IsNode(Node value, String type, boolean negated) implements Node {}

    final List<PartiqlToken> tokens;
    final List<AttributeValue> parameters;
    int pos;
    int parametersUsed;
    /** Open parentheses and nested literals: bounded so that no statement can exhaust the stack. */
    private int depth;
    /** Where in the literal being read a number sits ("", ".x", "[1]"), for the service's " under root..." suffix. */
    private final StringBuilder literalPath = new StringBuilder();
    private static final int MAX_DEPTH = 100;

    private void enter() {
        if (++depth > MAX_DEPTH) throw PartiqlErrors.syntax("Expression nesting is too deep");
    }

    PartiqlExpressions(String src, List<AttributeValue> parameters) {
        this.tokens = PartiqlTokenizer.tokenize(src);
        this.parameters = parameters == null ? List.of() : parameters;
    }

    PartiqlToken peek() {
        return tokens.get(pos);
    }

    /** The token {@code ahead} places after {@code t} (t itself for 0). */
    PartiqlToken tokenAfter(PartiqlToken t, int ahead) {
        int i = tokens.indexOf(t);
        return tokens.get(Math.min(i + ahead, tokens.size() - 1));
    }

    PartiqlToken peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    PartiqlToken next() {
        return tokens.get(pos++);
    }

    boolean acceptWord(String w) {
        if (peek().isWord(w)) {
            pos++;
            return true;
        }
        return false;
    }

    boolean acceptPunct(String p) {
        if (peek().isPunct(p)) {
            pos++;
            return true;
        }
        return false;
    }

    void expectWord(String w) {
        if (!acceptWord(w)) throw unexpected();
    }

    void expectPunct(String p) {
        if (!acceptPunct(p)) throw unexpected();
    }

    DynamoException unexpected() {
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.IDENT && PartiqlKeywords.reserved(t.text())) {
            return PartiqlErrors.syntax("Unexpected keyword");
        }
        return PartiqlErrors.syntax("Unexpected token");
    }

    /** A name: a bare word that is not a keyword, or a double-quoted name. */
    String name() {
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.QUOTED_IDENT
                || (t.kind() == PartiqlToken.Kind.IDENT && !PartiqlKeywords.reserved(t.text()))) {
            pos++;
            return t.text();
        }
        throw unexpected();
    }

    boolean atName() {
        PartiqlToken t = peek();
        return t.kind() == PartiqlToken.Kind.QUOTED_IDENT
                || (t.kind() == PartiqlToken.Kind.IDENT && !PartiqlKeywords.reserved(t.text()) && !peek(1).isPunct("("));
    }

    /** name ( . name | [ index ] | [ 'key' ] )* */
    Path path() {
        List<Object> elements = new ArrayList<>();
        elements.add(name());
        while (true) {
            if (peek().isPunct(".") ) {
                pos++;
                // a keyword after the dot (m.inner): live eu-west-2 2026-10, paritysuite partiqlFunctions
                if (peek().kind() == PartiqlToken.Kind.IDENT && PartiqlKeywords.reserved(peek().text())) {
                    throw PartiqlErrors.syntax("Invalid path dot component");
                }
                elements.add(name());
            } else if (peek().isPunct("[")) {
                pos++;
                PartiqlToken t = next();
                if (t.kind() == PartiqlToken.Kind.STRING) {
                    elements.add(t.text());
                } else if (t.isPunct("-") && peek().kind() == PartiqlToken.Kind.NUMBER) {
                    throw PartiqlErrors.invalid("List index is not within the allowable range; index: [-" + next().text() + "]");
                } else if (t.kind() == PartiqlToken.Kind.NUMBER && t.text().chars().allMatch(Character::isDigit)) {
                    try {
                        elements.add(Integer.parseInt(t.text()));
                    } catch (NumberFormatException e) {
                        throw PartiqlErrors.invalid("List index is not within the allowable range; index: [" + t.text() + "]");
                    }
                } else if (t.isPunct("*")) {
                    throw PartiqlErrors.invalid("Wildcard path component like a[*].b are not supported");
                } else {
                    pos--;
                    throw unexpected();
                }
                expectPunct("]");
            } else {
                return new Path(List.copyOf(elements));
            }
        }
    }

    // ---- expressions ----

    Node or() {
        Node left = and();
        while (acceptWord("OR")) left = new BinaryNode("OR", left, and());
        return left;
    }

    Node and() {
        Node left = not();
        while (acceptWord("AND")) left = new BinaryNode("AND", left, not());
        return left;
    }

    Node not() {
        if (acceptWord("NOT")) {
            enter();
            Node inner = not();
            depth--;
            return new NotNode(inner);
        }
        return predicate();
    }

    Node predicate() {
        Node left = additive();
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.PUNCT && COMPARATORS.contains(t.text())) {
            pos++;
            String op = t.text().equals("!=") ? "<>" : t.text();
            return new BinaryNode(op, left, additive());
        }
        boolean negated = false;
        if (t.isWord("NOT") && (peek(1).isWord("BETWEEN") || peek(1).isWord("IN"))) {
            pos++;
            negated = true;
        }
        if (acceptWord("BETWEEN")) {
            Node low = additive();
            expectWord("AND");
            return new BetweenNode(left, low, additive(), negated);
        }
        if (acceptWord("IN")) {
            String close;
            if (acceptPunct("(")) close = ")";
            else if (acceptPunct("[")) close = "]";
            else throw unexpected();
            List<Node> candidates = new ArrayList<>();
            if (!peek().isPunct(close)) {
                candidates.add(additive());
                while (acceptPunct(",")) candidates.add(additive());
            }
            expectPunct(close);
            return new InNode(left, candidates, negated);
        }
        if (acceptWord("IS")) {
            boolean not = acceptWord("NOT");
            PartiqlToken type = next();
            if (type.kind() != PartiqlToken.Kind.IDENT) {
                pos--;
                throw unexpected();
            }
            return new IsNode(left, type.text().toUpperCase(), not);
        }
        return left;
    }

    Node additive() {
        Node left = primary();
        while (peek().isPunct("+") || peek().isPunct("-")) {
            String op = next().text();
            left = new BinaryNode(op, left, primary());
        }
        return left;
    }

    Node primary() {
        PartiqlToken t = peek();
        if (t.isPunct("(")) {
            pos++;
            enter();
            Node inner = or();
            expectPunct(")");
            depth--;
            return inner;
        }
        if (t.kind() == PartiqlToken.Kind.IDENT && peek(1).isPunct("(")
                && (!PartiqlKeywords.reserved(t.text()) || PartiqlKeywords.function(t.text()))) {
            pos += 2;
            enter();
            List<Node> args = new ArrayList<>();
            if (!peek().isPunct(")")) {
                args.add(or());
                while (acceptPunct(",")) args.add(or());
            }
            expectPunct(")");
            depth--;
            return new CallNode(t.text().toLowerCase(), args, t);
        }
        if (t.isWord("MISSING")) {
            pos++;
            return new MissingNode();
        }
        if (atName()) return new PathNode(path());
        return new ValueNode(literal());
    }

    /** A literal value: string, number, TRUE/FALSE, NULL, tuple {...}, list [...], bag <<...>>, or a '?' parameter. */
    AttributeValue literal() {
        enter();
        try {
            return literalAt(next());
        } finally {
            depth--;
        }
    }

    private AttributeValue literalAt(PartiqlToken t) {
        switch (t.kind()) {
            case STRING:
                return new AttributeValue.S(t.text());
            case NUMBER:
                return number(t.text());
            case PARAM:
                if (parametersUsed >= parameters.size()) throw PartiqlErrors.invalid(PartiqlErrors.PARAMETER_COUNT);
                return parameters.get(parametersUsed++);
            case IDENT:
                if (peek().isPunct("(")) {
                    // a function call where a value belongs (live eu-west-2 2026-10, paritysuite partiqlFunctions)
                    throw PartiqlErrors.invalid("Unsupported data type: " + t.text().toLowerCase() + " under key root" + at(t));
                }
                if (t.isWord("TRUE")) return AttributeValue.Bool.TRUE;
                if (t.isWord("FALSE")) return AttributeValue.Bool.FALSE;
                if (t.isWord("NULL")) return AttributeValue.Null.INSTANCE;
                break;
            case PUNCT:
                switch (t.text()) {
                    case "-":
                        if (peek().kind() == PartiqlToken.Kind.NUMBER) return number("-" + next().text());
                        break;
                    case "{":
                        return tuple(false);
                    case "[": {
                        List<AttributeValue> l = new ArrayList<>();
                        if (!peek().isPunct("]")) {
                            do {
                                l.add(nested("[" + l.size() + "]"));
                            } while (acceptPunct(","));
                        }
                        expectPunct("]");
                        return new AttributeValue.L(l);
                    }
                    case "<<":
                        return bag();
                    default:
                        break;
                }
                break;
            default:
                break;
        }
        pos--;
        throw unexpected();
    }

    /**
     * A number literal. One Java's BigDecimal cannot hold (an exponent or a scale beyond 32 bits) is a syntax error
     * with nothing after the colon; one DynamoDB cannot store gets the number text and where it sits in the literal
     * (" under root", " under root.x", " under root[1]"). Live eu-west-2 2026-10, paritysuite partiqlGrammar.
     */
    private AttributeValue number(String text) {
        if (!PartiqlNumbers.convertible(text)) throw PartiqlErrors.syntax("");
        try {
            return new AttributeValue.N(DNumber.parse(text));
        } catch (NumberFormatError e) {
            throw DynamoException.validation(e.getMessage() + " under root" + literalPath);
        }
    }

    /** A literal inside another, at {@code step} of the path. */
    private AttributeValue nested(String step) {
        int mark = literalPath.length();
        literalPath.append(step);
        try {
            return literal();
        } finally {
            literalPath.setLength(mark);
        }
    }

    /** An INSERT's item: a tuple whose members are each a root of their own for number errors. */
    AttributeValue itemLiteral() {
        if (!peek().isPunct("{")) return literal();
        enter();
        try {
            pos++;
            return tuple(true);
        } finally {
            depth--;
        }
    }

    private AttributeValue tuple(boolean membersAreRoots) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        if (!peek().isPunct("}")) {
            do {
                AttributeValue key = literal();
                if (!(key instanceof AttributeValue.S s)) {
                    throw PartiqlErrors.invalid("Tuple keys must be of type String. Actual type: " + key.type().tag());
                }
                expectPunct(":");
                if (m.put(s.value(), membersAreRoots ? literal() : nested("." + s.value())) != null) {
                    throw PartiqlErrors.invalid("Duplicate keys in tuple. Key: " + s.value());
                }
            } while (acceptPunct(","));
        }
        expectPunct("}");
        return new AttributeValue.M(m);
    }

    /** A string or number bag with a repeated member (live eu-west-2 2026-10, paritysuite partiqlFunctions: [x, x]). */
    private static DynamoException duplicates(List<AttributeValue> elements) {
        List<String> shown = new ArrayList<>();
        for (AttributeValue e : elements) {
            shown.add(e instanceof AttributeValue.S str ? str.value() : ((AttributeValue.N) e).value().toString());
        }
        return PartiqlErrors.invalid("One or more parameter values were invalid: Input collection " + shown + " contains duplicates.");
    }

    /** << ... >>: a string, number or binary set (binary elements only come from parameters). */
    private AttributeValue bag() {
        List<AttributeValue> elements = new ArrayList<>();
        if (!peek().isPunct(">>")) {
            elements.add(literal());
            while (acceptPunct(",")) elements.add(literal());
        }
        expectPunct(">>");
        if (elements.isEmpty()) throw PartiqlErrors.invalid("Empty bags are not supported");
        Class<?> kind = elements.get(0).getClass();
        for (AttributeValue e : elements) {
            if (e.getClass() != kind || !(e instanceof AttributeValue.S || e instanceof AttributeValue.N || e instanceof AttributeValue.B)) {
                throw PartiqlErrors.invalid("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
            }
        }
        if (kind == AttributeValue.S.class) {
            Set<String> s = new LinkedHashSet<>();
            for (AttributeValue e : elements) s.add(((AttributeValue.S) e).value());
            if (s.size() < elements.size()) throw duplicates(elements);
            return new AttributeValue.SS(new ArrayList<>(s));
        }
        if (kind == AttributeValue.N.class) {
            Set<DNumber> s = new LinkedHashSet<>();
            for (AttributeValue e : elements) s.add(((AttributeValue.N) e).value());
            if (s.size() < elements.size()) throw duplicates(elements);
            return new AttributeValue.NS(new ArrayList<>(s));
        }
        List<byte[]> bs = new ArrayList<>();
        for (AttributeValue e : elements) {
            byte[] b = ((AttributeValue.B) e).value();
            if (bs.stream().noneMatch(x -> java.util.Arrays.equals(x, b))) bs.add(b);
        }
        return new AttributeValue.BS(bs);
    }

    // ---- conversion to the expression model ----

    /** A WHERE clause as a condition. */
    static Condition condition(Node n) {
        return switch (n) {
            case BinaryNode b when b.op().equals("AND") -> new Condition.And(booleanArg(b.left()), booleanArg(b.right()));
            case BinaryNode b when b.op().equals("OR") -> new Condition.Or(booleanArg(b.left()), booleanArg(b.right()));
            case BinaryNode b when b.op().equals("=") && b.left() instanceof CallNode c && !c.name().equals("size")
                    && b.right() instanceof ValueNode v && v.value() instanceof AttributeValue.Bool bool ->
                    // a condition function compared with a boolean (live 2026, paritysuite tier2/partiql/whereFunctions)
                    negate(!bool.value(), function(c));
            case BinaryNode b when COMPARATORS.contains(b.op()) -> {
                if (ORDERING.contains(b.op())) checkOrdered(b.op(), b.left(), b.right());
                yield new Condition.Compare(b.op(), operand(b.left()), operand(b.right()));
            }
            case NotNode x -> {
                if (!isBoolean(x.inner())) throw PartiqlErrors.invalid("The argument to NOT must be a Type or Expression");
                yield new Condition.Not(condition(x.inner()));
            }
            case BetweenNode b -> {
                checkOrdered("BETWEEN", b.value(), b.low(), b.high());
                yield negate(b.negated(), new Condition.Between(operand(b.value()), operand(b.low()), operand(b.high())));
            }
            case InNode i -> {
                if (!(i.value() instanceof PathNode) || i.candidates().isEmpty()) {
                    throw PartiqlErrors.invalid("IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member");
                }
                List<Operand> c = new ArrayList<>();
                for (Node x : i.candidates()) c.add(operand(x));
                yield negate(i.negated(), new Condition.In(operand(i.value()), c));
            }
            case IsNode i -> is(i);
            case CallNode c -> function(c);
            default -> throw PartiqlErrors.invalid("WHERE clause must contain an expression that resolves to a boolean");
        };
    }

    /**
     * An ordering operator refuses a literal or parameter of a type without an order, whatever the item holds
     * (live us-east-1, 2026; paritysuite tier2/partiql/comparison): the operator as written and the first such type.
     */
    private static void checkOrdered(String op, Node... operands) {
        for (Node n : operands) {
            if (n instanceof ValueNode v && UNORDERED.contains(v.value().type())) {
                throw PartiqlErrors.invalid("Incorrect operand type for operator or function; operator or function: " + op
                        + ", operand type: " + v.value().type().tag());
            }
        }
    }

    private static boolean isBoolean(Node n) {
        return !(n instanceof PathNode || n instanceof ValueNode || n instanceof MissingNode
                || (n instanceof BinaryNode b && (b.op().equals("+") || b.op().equals("-")))
                || (n instanceof CallNode c && c.name().equals("size")));
    }

    private static Condition booleanArg(Node n) {
        if (!isBoolean(n)) throw PartiqlErrors.invalid("The arguments to AND/OR must be Expressions");
        return condition(n);
    }

    private static Condition negate(boolean negated, Condition c) {
        return negated ? new Condition.Not(c) : c;
    }

    private static Condition is(IsNode i) {
        if (!(i.value() instanceof PathNode p)) {
            throw PartiqlErrors.invalid("The left hand side argument to IS must be a Variable Reference, Literal, or Path");
        }
        String tag = switch (i.type()) {
            case "MISSING" -> null;
            case "NULL" -> "NULL";
            case "BOOLEAN", "BOOL" -> "BOOL";
            case "STRING" -> "S";
            case "NUMERIC", "NUMBER", "INT", "INTEGER", "DECIMAL", "FLOAT" -> "N";
            case "BLOB" -> "B";
            case "STRUCT", "TUPLE" -> "M";
            case "LIST" -> "L";
            default -> throw PartiqlErrors.invalid("Unsupported data type for IS operator: " + i.type()
                    + ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]");
        };
        Condition c = tag == null ? new Condition.Exists(p.path(), false)
                : new Condition.TypeIs(p.path(), new Operand.Literal(null, new AttributeValue.S(tag)));
        return negate(i.negated(), c);
    }

    /** " at line:column:length" of a token, as the service places some errors. */
    static String at(PartiqlToken t) {
        return " at " + t.line() + ":" + t.column() + ":" + t.text().length();
    }

    static DynamoException unrecognized(CallNode c) {
        return PartiqlErrors.invalid("Unrecognized function: " + c.name() + at(c.at()));
    }

    /** A function in a WHERE clause, with the service's texts (live eu-west-2 2026-10, paritysuite partiqlFunctions). */
    private static Condition function(CallNode c) {
        int expected = switch (c.name()) {
            case "attribute_exists", "attribute_not_exists" -> 1;
            case "attribute_type", "begins_with", "contains" -> 2;
            case "size" -> throw PartiqlErrors.invalid("WHERE clause must contain an expression that resolves to a boolean");
            default -> throw unrecognized(c);
        };
        if (c.args().size() != expected) {
            throw PartiqlErrors.invalid("Incorrect number of operands for operator or function; operator or function: "
                    + c.name() + ", number of operands: " + c.args().size());
        }
        Operand first = operand(c.args().get(0));
        if (expected == 1 || c.name().equals("attribute_type")) {
            if (!(first instanceof Operand.PathOperand p)) {
                throw PartiqlErrors.invalid("Operator or function requires a document path; operator or function: " + c.name());
            }
            return switch (c.name()) {
                case "attribute_exists" -> new Condition.Exists(p.path(), true);
                case "attribute_not_exists" -> new Condition.Exists(p.path(), false);
                default -> new Condition.TypeIs(p.path(), operand(c.args().get(1)));
            };
        }
        Operand second = operand(c.args().get(1));
        return c.name().equals("begins_with") ? new Condition.BeginsWith(first, second) : new Condition.Contains(first, second);
    }

    static Operand operand(Node n) {
        return switch (n) {
            case PathNode p -> new Operand.PathOperand(p.path());
            case ValueNode v -> new Operand.Literal(null, v.value());
            case MissingNode m -> throw PartiqlErrors.invalid("MISSING must be compared using IS operator");
            case CallNode c when c.name().equals("size") -> {
                if (c.args().size() != 1 || !(c.args().get(0) instanceof PathNode p)) {
                    throw PartiqlErrors.invalid("Function size requires a document path as its only argument");
                }
                yield new Operand.Size(p.path());
            }
            case CallNode c -> throw unrecognized(c);
            case BinaryNode b when b.op().equals("+") || b.op().equals("-") ->
                    throw PartiqlErrors.invalid("Unsupported operator in Condition Expression. Operator: " + b.op());
            default -> throw PartiqlErrors.invalid("WHERE clause must contain an expression that resolves to a boolean");
        };
    }
}
