package io.basalt.expression.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a PartiQL statement into tokens: bare and double-quoted identifiers, single-quoted
 * strings ('' escapes a quote), numbers, '?' parameters and punctuation. Comments (-- to the end
 * of the line, and block comments) and whitespace separate tokens.
 */
final class PartiqlTokenizer {
    private static final String[] TWO_CHAR = {"<<", ">>", "<=", ">=", "<>", "!=", "||"};
    private static final String ONE_CHAR = "()[]{},.*=<>+-:;/%";

    private final String src;
    private final List<PartiqlToken> out = new ArrayList<>();
    private int i;
    private int line = 1;
    private int lineStart;

    private PartiqlTokenizer(String src) {
        this.src = src;
    }

    static List<PartiqlToken> tokenize(String src) {
        PartiqlTokenizer t = new PartiqlTokenizer(src);
        t.run();
        return t.out;
    }

    private int column() {
        return i - lineStart + 1;
    }

    private void run() {
        while (true) {
            skipSpaceAndComments();
            if (i >= src.length()) {
                out.add(new PartiqlToken(PartiqlToken.Kind.EOF, "", line, column()));
                return;
            }
            int l = line, c = column();
            char ch = src.charAt(i);
            if (ch == '\'') {
                out.add(new PartiqlToken(PartiqlToken.Kind.STRING, quoted('\''), l, c));
            } else if (ch == '"') {
                out.add(new PartiqlToken(PartiqlToken.Kind.QUOTED_IDENT, quoted('"'), l, c));
            } else if (Character.isDigit(ch) || (ch == '.' && i + 1 < src.length() && Character.isDigit(src.charAt(i + 1)))) {
                out.add(new PartiqlToken(PartiqlToken.Kind.NUMBER, number(), l, c));
            } else if (Character.isLetter(ch) || ch == '_' || ch == '$') {
                int start = i;
                while (i < src.length() && (Character.isLetterOrDigit(src.charAt(i)) || src.charAt(i) == '_' || src.charAt(i) == '$')) i++;
                out.add(new PartiqlToken(PartiqlToken.Kind.IDENT, src.substring(start, i), l, c));
            } else if (ch == '?') {
                i++;
                out.add(new PartiqlToken(PartiqlToken.Kind.PARAM, "?", l, c));
            } else {
                String p = punctuation();
                // a character outside the language (e.g. '#'): nothing after the colon (live eu-west-2 2026-10)
                if (p == null) throw PartiqlErrors.syntax("");
                out.add(new PartiqlToken(PartiqlToken.Kind.PUNCT, p, l, c));
            }
        }
    }

    private String punctuation() {
        for (String two : TWO_CHAR) {
            if (src.startsWith(two, i)) {
                i += 2;
                return two;
            }
        }
        char ch = src.charAt(i);
        if (ONE_CHAR.indexOf(ch) >= 0) {
            i++;
            return String.valueOf(ch);
        }
        return null;
    }

    private void skipSpaceAndComments() {
        while (i < src.length()) {
            char ch = src.charAt(i);
            if (ch == '\n') {
                i++;
                line++;
                lineStart = i;
            } else if (Character.isWhitespace(ch)) {
                i++;
            } else if (src.startsWith("--", i)) {
                while (i < src.length() && src.charAt(i) != '\n') i++;
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                if (end < 0) throw PartiqlErrors.syntax(""); // unterminated: as an unknown character (live 2026-10)
                while (i < end + 2) {
                    if (src.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                    i++;
                }
            } else {
                return;
            }
        }
    }

    private String quoted(char q) {
        StringBuilder sb = new StringBuilder();
        i++;
        while (true) {
            if (i >= src.length()) throw PartiqlErrors.syntax("Unexpected token");
            char ch = src.charAt(i);
            if (ch == q) {
                if (i + 1 < src.length() && src.charAt(i + 1) == q) {
                    sb.append(q);
                    i += 2;
                    continue;
                }
                i++;
                return sb.toString();
            }
            if (ch == '\n') {
                line++;
                lineStart = i + 1;
            }
            sb.append(ch);
            i++;
        }
    }

    private String number() {
        int start = i;
        while (i < src.length() && Character.isDigit(src.charAt(i))) i++;
        if (i < src.length() && src.charAt(i) == '.') {
            i++;
            while (i < src.length() && Character.isDigit(src.charAt(i))) i++;
        }
        if (i < src.length() && (src.charAt(i) == 'e' || src.charAt(i) == 'E')) {
            int save = i;
            i++;
            if (i < src.length() && (src.charAt(i) == '+' || src.charAt(i) == '-')) i++;
            if (i < src.length() && Character.isDigit(src.charAt(i))) {
                while (i < src.length() && Character.isDigit(src.charAt(i))) i++;
            } else {
                i = save;
            }
        }
        return src.substring(start, i);
    }
}
