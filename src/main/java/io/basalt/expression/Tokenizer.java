package io.basalt.expression;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression into tokens; an invalid character is a syntax error at that character. */
final class Tokenizer {
    private Tokenizer() {}

    static List<Token> tokenize(String src, ExpressionKind kind) {
        List<Token> out = new ArrayList<>();
        int i = 0, n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            if (c == '#' || c == ':') {
                i++;
                while (i < n && isNameChar(src.charAt(i))) i++;
                if (i == start + 1) throw ExpressionErrors.syntax(kind, src, out, new Token(Token.Kind.PUNCT, String.valueOf(c), start, i));
                out.add(new Token(c == '#' ? Token.Kind.NAME_PLACEHOLDER : Token.Kind.VALUE_PLACEHOLDER, src.substring(start, i), start, i));
            } else if (Character.isLetter(c)) { // a name starts with a letter: `_123` is a syntax error at "_"
                while (i < n && isNameChar(src.charAt(i))) i++;
                out.add(new Token(Token.Kind.NAME, src.substring(start, i), start, i));
            } else if (c >= '0' && c <= '9') {
                while (i < n && src.charAt(i) >= '0' && src.charAt(i) <= '9') i++;
                out.add(new Token(Token.Kind.NUMBER, src.substring(start, i), start, i));
            } else if ((c == '<' || c == '>') && i + 1 < n && (src.charAt(i + 1) == '=' || (c == '<' && src.charAt(i + 1) == '>'))) {
                i += 2;
                out.add(new Token(Token.Kind.PUNCT, src.substring(start, i), start, i));
            } else if ("()[],.=<>+-".indexOf(c) >= 0) {
                i++;
                out.add(new Token(Token.Kind.PUNCT, String.valueOf(c), start, i));
            } else {
                throw ExpressionErrors.syntax(kind, src, out, new Token(Token.Kind.PUNCT, String.valueOf(c), start, start + 1));
            }
        }
        out.add(new Token(Token.Kind.EOF, "<EOF>", n, n));
        return out;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
