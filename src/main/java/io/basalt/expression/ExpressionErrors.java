package io.basalt.expression;

import io.basalt.error.DynamoException;
import java.util.List;

/** The service's texts for expression errors, prefixed "Invalid <Parameter>: ". */
final class ExpressionErrors {
    private ExpressionErrors() {}

    static DynamoException invalid(ExpressionKind kind, String detail) {
        return DynamoException.validation(kind.family(), "Invalid " + kind.parameter() + ": " + detail);
    }

    /** Syntax error at {@code at}; "near" spans the previous token to the next, as the service shows it. */
    static DynamoException syntax(ExpressionKind kind, String src, List<Token> before, Token at) {
        int nearStart = before.isEmpty() ? at.start() : before.get(before.size() - 1).start();
        int nearEnd = Math.min(src.length(), Math.max(at.end(), nextTokenEnd(src, at.end())));
        return invalid(kind, "Syntax error; token: \"" + at.text() + "\", near: \"" + src.substring(nearStart, nearEnd) + "\"");
    }

    private static int nextTokenEnd(String src, int from) {
        int i = from;
        while (i < src.length() && Character.isWhitespace(src.charAt(i))) i++;
        if (i >= src.length()) return from;
        char c = src.charAt(i);
        if (Character.isLetterOrDigit(c) || c == '_' || c == '#' || c == ':') {
            i++;
            while (i < src.length() && (Character.isLetterOrDigit(src.charAt(i)) || src.charAt(i) == '_')) i++;
            return i;
        }
        if (i + 1 < src.length() && (src.startsWith("<=", i) || src.startsWith(">=", i) || src.startsWith("<>", i))) return i + 2;
        return i + 1;
    }
}
