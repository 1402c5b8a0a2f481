package io.basalt.migrate.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * Writes reports as JSON from plain maps, lists, strings, numbers and booleans, indented for
 * reading and diffing. Decimals print without exponent or trailing zeros (1087.5, 150).
 */
public final class JsonText {
    private JsonText() {}

    public static String write(Object value) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.append('\n').toString();
    }

    /** One line of compact JSON (a JSON Lines record), without the newline. */
    public static String line(Object value) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case String s -> g.writeString(s);
            case BigDecimal d -> g.writeNumber(d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
            case Double d when d.isNaN() || d.isInfinite() -> g.writeNull();
            case Number n -> g.writeNumber(n.toString());
            case Boolean b -> g.writeBoolean(b);
            case Map<?, ?> m -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    g.writeFieldName(String.valueOf(e.getKey()));
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case Collection<?> c -> {
                g.writeStartArray();
                for (Object o : c) write(g, o);
                g.writeEndArray();
            }
            default -> g.writeString(v.toString());
        }
    }
}
