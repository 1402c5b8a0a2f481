package io.basalt.expression.partiql;

/**
 * One PartiQL token.
 *
 * @param kind what it is
 * @param text identifier/keyword as written, the unescaped string or quoted name, the number, or the punctuation
 * @param line 1-based line of its first character
 * @param column 1-based column of its first character
 */
public record PartiqlToken(Kind kind, String text, int line, int column) {
    public enum Kind { IDENT, QUOTED_IDENT, STRING, NUMBER, PUNCT, PARAM, EOF }

    /** A bare word equal (ignoring case) to a keyword. */
    public boolean isWord(String keyword) {
        return kind == Kind.IDENT && text.equalsIgnoreCase(keyword);
    }

    public boolean isPunct(String p) {
        return kind == Kind.PUNCT && text.equals(p);
    }
}
