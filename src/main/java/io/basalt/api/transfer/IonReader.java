package io.basalt.api.transfer;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Amazon Ion text that DynamoDB's ION exports hold (and {@link IonText} writes): top-level
 * structs {@code {Item:{...}}}, after an optional {@code $ion_1_0} marker. Strings, symbols
 * (identifiers or 'quoted'), decimals, ints and floats (as numbers), blobs, structs, lists, bools,
 * nulls, and lists annotated {@code $dynamodb_SS} / {@code _NS} / {@code _BS} as sets. Comments and
 * other Ion types are not read: an IOException names what was met.
 */
final class IonReader {
    private final Reader in;
    private int peeked = -2;
    private long line = 1;

    IonReader(Reader in) {
        this.in = in;
    }

    long line() {
        return line;
    }

    private int peek() throws IOException {
        if (peeked == -2) peeked = in.read();
        return peeked;
    }

    private int next() throws IOException {
        int c = peek();
        peeked = -2;
        if (c == '\n') line++;
        return c;
    }

    private int skipSpace() throws IOException {
        while (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t' || peek() == ',') next();
        return peek();
    }

    /** The next top-level value's Item struct, or null at the end; IOException when it cannot be read. */
    Map<String, AttributeValue> nextItem() throws IOException {
        while (true) {
            int c = skipSpace();
            if (c == -1) return null;
            if (c == '$') {
                String marker = word();
                if (marker.equals("$ion_1_0")) continue;
                throw new IOException("Unexpected symbol " + marker);
            }
            if (c != '{') throw new IOException("Expected a struct, found '" + (char) c + "'");
            Map<String, Object> top = rawStruct();
            Object item = top.get("Item");
            if (!(item instanceof AttributeValue.M m)) throw new IOException("The struct has no Item struct");
            return m.value();
        }
    }

    private Map<String, Object> rawStruct() throws IOException {
        AttributeValue.M m = (AttributeValue.M) value();
        return new LinkedHashMap<>(m.value());
    }

    private String word() throws IOException {
        StringBuilder b = new StringBuilder();
        while (true) {
            int c = peek();
            if (c == -1 || !(Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '-' || c == '+')) break;
            b.append((char) next());
        }
        return b.toString();
    }

    private AttributeValue value() throws IOException {
        int c = skipSpace();
        if (c == '"') return new AttributeValue.S(quoted('"'));
        if (c == '[') return new AttributeValue.L(list());
        if (c == '{') {
            next();
            if (peek() == '{') {
                next();
                StringBuilder b = new StringBuilder();
                while (true) {
                    int x = next();
                    if (x == -1) throw new IOException("Unclosed blob");
                    if (x == '}') break;
                    if (!Character.isWhitespace(x)) b.append((char) x);
                }
                if (next() != '}') throw new IOException("Unclosed blob");
                try {
                    return new AttributeValue.B(Base64.getDecoder().decode(b.toString()));
                } catch (IllegalArgumentException e) {
                    throw new IOException("Bad blob: " + e.getMessage());
                }
            }
            Map<String, AttributeValue> m = new LinkedHashMap<>();
            while (skipSpace() != '}') {
                if (peek() == -1) throw new IOException("Unclosed struct");
                String name = peek() == '\'' ? quoted('\'') : peek() == '"' ? quoted('"') : word();
                if (name.isEmpty()) throw new IOException("Expected a field name, found '" + (char) peek() + "'");
                if (skipSpace() != ':') throw new IOException("Expected ':' after " + name);
                next();
                m.put(name, value());
            }
            next();
            return new AttributeValue.M(m);
        }
        if (c == -1) throw new IOException("Unexpected end of the data");
        String w = word();
        if (w.isEmpty()) throw new IOException("Unexpected '" + (char) c + "'");
        if (w.startsWith("$dynamodb_") && skipSpace() == ':') {
            next();
            if (next() != ':') throw new IOException("Expected '::' after " + w);
            skipSpace();
            List<AttributeValue> elements = list();
            return set(w, elements);
        }
        return switch (w) {
            case "true" -> new AttributeValue.Bool(true);
            case "false" -> new AttributeValue.Bool(false);
            case "null", "null.null" -> new AttributeValue.Null();
            default -> new AttributeValue.N(number(w));
        };
    }

    private static AttributeValue set(String annotation, List<AttributeValue> elements) throws IOException {
        try {
            return switch (annotation) {
                case "$dynamodb_SS" -> new AttributeValue.SS(elements.stream().map(e -> ((AttributeValue.S) e).value()).toList());
                case "$dynamodb_NS" -> new AttributeValue.NS(elements.stream().map(e -> ((AttributeValue.N) e).value()).toList());
                case "$dynamodb_BS" -> new AttributeValue.BS(elements.stream().map(e -> ((AttributeValue.B) e).value()).toList());
                default -> throw new IOException("Unknown annotation " + annotation);
            };
        } catch (ClassCastException e) {
            throw new IOException("A " + annotation + " set holds an element of another type");
        }
    }

    private static DNumber number(String w) throws IOException {
        try {
            String d = w.replace("_", "");
            int i = Math.max(d.indexOf('d'), d.indexOf('D'));
            if (i >= 0) d = d.substring(0, i) + "E" + d.substring(i + 1);
            return DNumber.parse(new BigDecimal(d).toString());
        } catch (RuntimeException e) {
            throw new IOException("Not a number: " + w);
        }
    }

    private List<AttributeValue> list() throws IOException {
        if (next() != '[') throw new IOException("Expected a list");
        List<AttributeValue> out = new ArrayList<>();
        while (skipSpace() != ']') {
            if (peek() == -1) throw new IOException("Unclosed list");
            out.add(value());
        }
        next();
        return out;
    }

    private String quoted(char quote) throws IOException {
        next();
        StringBuilder b = new StringBuilder();
        while (true) {
            int c = next();
            if (c == -1 || c == '\n') throw new IOException("Unclosed string");
            if (c == quote) return b.toString();
            if (c != '\\') {
                b.append((char) c);
                continue;
            }
            int e = next();
            switch (e) {
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case '0' -> b.append('\0');
                case 'x' -> b.append((char) hex(2));
                case 'u' -> b.append((char) hex(4));
                case 'U' -> b.appendCodePoint(hex(8));
                default -> b.append((char) e);
            }
        }
    }

    private int hex(int digits) throws IOException {
        int v = 0;
        for (int i = 0; i < digits; i++) {
            int d = Character.digit(next(), 16);
            if (d < 0) throw new IOException("Bad escape");
            v = v * 16 + d;
        }
        return v;
    }
}
