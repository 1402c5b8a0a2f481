package io.basalt.api.transfer;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.Map;

/**
 * Items as Amazon Ion text, as DynamoDB's ION exports write them: {@code {Item:{...}}} per line;
 * strings are Ion strings, numbers Ion decimals, binaries Ion blobs, maps structs, lists lists,
 * and sets lists annotated {@code $dynamodb_SS}, {@code $dynamodb_NS} or {@code $dynamodb_BS}.
 */
final class IonText {
    private IonText() {}

    static String line(Map<String, AttributeValue> item) {
        StringBuilder b = new StringBuilder(128).append("{Item:");
        struct(b, item);
        return b.append('}').toString();
    }

    static void struct(StringBuilder b, Map<String, AttributeValue> m) {
        b.append('{');
        boolean first = true;
        for (Map.Entry<String, AttributeValue> e : m.entrySet()) {
            if (!first) b.append(',');
            first = false;
            symbol(b, e.getKey());
            b.append(':');
            value(b, e.getValue());
        }
        b.append('}');
    }

    private static void value(StringBuilder b, AttributeValue v) {
        switch (v) {
            case AttributeValue.S s -> string(b, s.value());
            case AttributeValue.N n -> decimal(b, n.value());
            case AttributeValue.B bin -> blob(b, bin.value());
            case AttributeValue.Bool x -> b.append(x.value());
            case AttributeValue.Null x -> b.append("null");
            case AttributeValue.M m -> struct(b, m.value());
            case AttributeValue.L l -> list(b, "", l.value(), IonText::value);
            case AttributeValue.SS ss -> list(b, "$dynamodb_SS::", ss.value(), IonText::string);
            case AttributeValue.NS ns -> list(b, "$dynamodb_NS::", ns.value(), IonText::decimal);
            case AttributeValue.BS bs -> list(b, "$dynamodb_BS::", bs.value(), IonText::blob);
        }
    }

    private static <T> void list(StringBuilder b, String annotation, java.util.List<T> values,
                                 java.util.function.BiConsumer<StringBuilder, T> element) {
        b.append(annotation).append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) b.append(',');
            element.accept(b, values.get(i));
        }
        b.append(']');
    }

    /** An Ion decimal: unscaled digits with a 'd' exponent, so integers stay decimals (Ion reads "5" as an int). */
    private static void decimal(StringBuilder b, DNumber n) {
        BigDecimal d = n.value();
        b.append(d.unscaledValue()).append('d').append(-d.scale());
    }

    private static void blob(StringBuilder b, byte[] bytes) {
        b.append("{{").append(Base64.getEncoder().encodeToString(bytes)).append("}}");
    }

    private static void symbol(StringBuilder b, String name) {
        if (!name.isEmpty() && isIdentifier(name)) {
            b.append(name);
            return;
        }
        b.append('\'');
        escaped(b, name, '\'');
        b.append('\'');
    }

    private static boolean isIdentifier(String s) {
        char c0 = s.charAt(0);
        if (!(Character.isLetter(c0) && c0 < 128) && c0 != '_' && c0 != '$') return false;
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c < 128 && Character.isLetterOrDigit(c)) || c == '_' || c == '$')) return false;
        }
        return !(s.equals("null") || s.equals("true") || s.equals("false") || s.equals("nan") || s.startsWith("$ion"));
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        escaped(b, s, '"');
        b.append('"');
    }

    private static void escaped(StringBuilder b, String s, char quote) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == quote || c == '\\') b.append('\\').append(c);
            else if (c == '\n') b.append("\\n");
            else if (c == '\r') b.append("\\r");
            else if (c == '\t') b.append("\\t");
            else if (c < 0x20 || c == 0x7f) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
    }
}
