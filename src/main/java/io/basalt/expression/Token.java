package io.basalt.expression;

/**
 * A lexical token of an expression, with its position in the source (for the service's
 * "near: ..." error text).
 */
record Token(Kind kind, String text, int start, int end) {
    enum Kind { NAME, NAME_PLACEHOLDER, VALUE_PLACEHOLDER, NUMBER, PUNCT, EOF }

    boolean is(String punctOrKeyword) {
        return (kind == Kind.PUNCT || kind == Kind.NAME) && text.equalsIgnoreCase(punctOrKeyword);
    }

    boolean isPunct(String p) {
        return kind == Kind.PUNCT && text.equals(p);
    }
}
