package io.basalt.expression;

import io.basalt.error.DynamoException;
import java.util.ArrayList;
import java.util.List;

/** Token cursor and document-path parsing shared by the expression parsers. */
abstract class ParserBase {
    static final int MAX_EXPRESSION_LENGTH = io.basalt.model.ServiceLimits.EXPRESSION_LENGTH;
    static final int MAX_PATH_DEPTH = io.basalt.model.ServiceLimits.NESTING_LEVELS;
    /** The service allows at most 300 operators and functions in one expression. */
    static final int MAX_OPERATORS = io.basalt.model.ServiceLimits.EXPRESSION_OPERATORS;
    /** Words of the expression grammar itself: where a name is expected they are a syntax error. */
    private static final java.util.Set<String> GRAMMAR_WORDS = java.util.Set.of("AND", "OR", "NOT", "BETWEEN", "IN");

    final String src;
    final ExpressionKind kind;
    final ExpressionContext ctx;
    final List<Token> tokens;
    int pos;
    private int operators;
    private int depth;
    /** Nodes that came straight out of parentheses: wrapping one again is redundant, and the service refuses it. */
    private final java.util.Set<Object> parenthesized = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    ParserBase(String src, ExpressionKind kind, ExpressionContext ctx) {
        this.src = src;
        this.kind = kind;
        this.ctx = ctx;
        if (src.length() > MAX_EXPRESSION_LENGTH) {
            // an UpdateExpression's refusal stops at the semicolon (live us-east-1 and eu-west-2 2026-10-09,
            // paritysuite validation-ordering/deepRequests); the others name the size
            throw ExpressionErrors.invalid(kind, "Expression size has exceeded the maximum allowed size;"
                    + (kind == ExpressionKind.UPDATE ? "" : " expression size: " + src.length()));
        }
        if (src.isBlank()) {
            throw ExpressionErrors.invalid(kind, "The expression can not be empty;");
        }
        this.tokens = Tokenizer.tokenize(src, kind);
    }

    Token peek() {
        return tokens.get(pos);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        return tokens.get(pos++);
    }

    DynamoException syntaxError() {
        return ExpressionErrors.syntax(kind, src, tokens.subList(0, pos), peek());
    }

    void expectPunct(String p) {
        if (!peek().isPunct(p)) throw syntaxError();
        pos++;
    }

    /**
     * '(' inner ')', at a '(' token. The service checks redundancy as each group closes, so
     * "((x))" fails there even if a syntax error follows later.
     */
    <T> T inParentheses(java.util.function.Supplier<T> inner) {
        expectPunct("(");
        enter();
        T node = inner.get();
        leave();
        expectPunct(")");
        if (!parenthesized.add(node)) {
            throw ExpressionErrors.invalid(kind, "The expression has redundant parentheses;");
        }
        return node;
    }

    /** One more operator or function (AND, OR, NOT, a comparison, BETWEEN, IN, a function, + or -). */
    void operator() {
        operators++;
    }

    /**
     * One level deeper (a group, a NOT, a function's argument). Each level holds an operator or a
     * parenthesis the service refuses anyway, so nesting beyond the operator limit is refused here,
     * before the parser's own recursion could grow without bound.
     */
    void enter() {
        if (++depth > MAX_OPERATORS) throw tooManyOperators(Math.max(operators, depth));
    }

    void leave() {
        depth--;
    }

    /** After the whole expression is parsed: the service's operator limit. */
    void checkOperatorCount() {
        if (operators > MAX_OPERATORS) throw tooManyOperators(operators);
    }

    private DynamoException tooManyOperators(int count) {
        return ExpressionErrors.invalid(kind, "The expression contains too many operators; operator count: " + count);
    }

    void expectEnd() {
        if (peek().kind() != Token.Kind.EOF) throw syntaxError();
    }

    boolean atPathStart() {
        Token t = peek();
        return t.kind() == Token.Kind.NAME || t.kind() == Token.Kind.NAME_PLACEHOLDER;
    }

    /** path := name ( '.' name | '[' number ']' )* */
    Path parsePath() {
        List<Object> elements = new ArrayList<>(2);
        elements.add(pathName());
        while (true) {
            if (peek().isPunct(".")) {
                pos++;
                elements.add(pathName());
            } else if (peek().isPunct("[")) {
                pos++;
                Token n = peek();
                if (n.kind() != Token.Kind.NUMBER) throw syntaxError();
                pos++;
                int index;
                try {
                    index = Integer.parseInt(n.text());
                } catch (NumberFormatException e) {
                    throw ExpressionErrors.invalid(kind, "List index is not within the allowable range; index: [" + n.text() + "]");
                }
                elements.add(index);
                expectPunct("]");
            } else {
                break;
            }
        }
        if (elements.size() > MAX_PATH_DEPTH) {
            throw ExpressionErrors.invalid(kind, "The document path has too many nesting levels; nesting levels: " + elements.size());
        }
        return new Path(List.copyOf(elements));
    }

    private String pathName() {
        Token t = peek();
        if (t.kind() == Token.Kind.NAME_PLACEHOLDER) {
            pos++;
            return ctx.name(kind, t.text());
        }
        if (t.kind() == Token.Kind.NAME) {
            if (GRAMMAR_WORDS.contains(t.text().toUpperCase(java.util.Locale.ROOT))) {
                throw syntaxError();
            }
            if (ReservedWords.isReserved(t.text())) {
                throw ExpressionErrors.invalid(kind, "Attribute name is a reserved keyword; reserved keyword: " + t.text());
            }
            pos++;
            return t.text();
        }
        throw syntaxError();
    }
}
