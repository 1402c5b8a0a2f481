package io.basalt.server.auth.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * IAM's string patterns: {@code *} (any run of characters) and {@code ?} (one character) where
 * wildcards apply, and policy variables ({@code ${aws:username}}, {@code ${key, 'default'}}, and
 * the escapes {@code ${*}}, {@code ${?}}, {@code ${$}} for the literal characters). A variable with
 * no value and no default makes the pattern match nothing, as IAM treats it.
 */
final class Patterns {
    private Patterns() {}

    /** Whether {@code value} matches {@code pattern}; {@code vars} gives a key's single value, or null. */
    static boolean matches(String pattern, String value, Function<String, String> vars, boolean wildcards, boolean ignoreCase) {
        Pattern p = compile(pattern, vars, wildcards, ignoreCase);
        return p != null && p.matcher(value).matches();
    }

    /**
     * ARN matching (Resource elements, ArnLike/ArnEquals): "*" matches everything; otherwise each of
     * the six colon-separated parts is matched on its own, so a wildcard never spans a colon.
     */
    static boolean arnMatches(String pattern, String arn, Function<String, String> vars) {
        if (pattern.equals("*")) return true;
        List<String> parts = splitArnPattern(pattern);
        String[] values = arn.split(":", 6);
        if (parts.size() != 6 || values.length != 6) return false;
        for (int i = 0; i < 6; i++) {
            if (!matches(parts.get(i), values[i], vars, true, false)) return false;
        }
        return true;
    }

    /** Splits on the first five colons that are not inside a ${...} variable. */
    private static List<String> splitArnPattern(String pattern) {
        List<String> out = new ArrayList<>();
        int start = 0, depth = 0;
        for (int i = 0; i < pattern.length() && out.size() < 5; i++) {
            char c = pattern.charAt(i);
            if (c == '$' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '{') depth++;
            else if (c == '}' && depth > 0) depth--;
            else if (c == ':' && depth == 0) {
                out.add(pattern.substring(start, i));
                start = i + 1;
            }
        }
        out.add(pattern.substring(start));
        return out;
    }

    /** The pattern as a regular expression, or null when a variable has no value. */
    static Pattern compile(String pattern, Function<String, String> vars, boolean wildcards, boolean ignoreCase) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '$' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '{') {
                int end = pattern.indexOf('}', i + 2);
                if (end < 0) {
                    literal.append(c);
                    continue;
                }
                String value = variable(pattern.substring(i + 2, end), vars);
                if (value == null) return null;
                literal.append(value);
                i = end;
            } else if (wildcards && (c == '*' || c == '?')) {
                flush(re, literal);
                re.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(re, literal);
        return Pattern.compile(re.toString(), Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0));
    }

    private static void flush(StringBuilder re, StringBuilder literal) {
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }

    /** The text a ${...} stands for: an escape, a key's value, or the default after a comma. */
    private static String variable(String inside, Function<String, String> vars) {
        String name = inside.trim();
        if (name.equals("*") || name.equals("?") || name.equals("$")) return name;
        String fallback = null;
        int comma = name.indexOf(',');
        if (comma >= 0) {
            String d = name.substring(comma + 1).trim();
            if (d.length() >= 2 && d.startsWith("'") && d.endsWith("'")) fallback = d.substring(1, d.length() - 1);
            name = name.substring(0, comma).trim();
        }
        String value = vars.apply(name);
        return value != null ? value : fallback;
    }

    /** Whether a pattern uses policy variables (such patterns are resolved per request). */
    static boolean hasVariables(String pattern) {
        return pattern.contains("${");
    }
}
