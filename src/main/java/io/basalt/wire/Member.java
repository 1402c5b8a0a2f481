package io.basalt.wire;

import com.fasterxml.jackson.core.JsonToken;
import java.util.List;
import java.util.Map;

/**
 * One member of a structure the service's model defines: its name on the wire and how its value is
 * read. Declared once per request type as a constant; {@link Structure} reads a request with them and
 * {@link Members#get} gives each value back with its type.
 */
public final class Member<T> {
    private final String name;
    private final JsonIn.ValueReader<? extends T> reader;

    private Member(String name, JsonIn.ValueReader<? extends T> reader) {
        this.name = name;
        this.reader = reader;
    }

    public static <T> Member<T> of(String name, JsonIn.ValueReader<? extends T> reader) {
        return new Member<>(name, reader);
    }

    public static Member<String> string(String name) {
        return of(name, JsonIn::string);
    }

    public static Member<Boolean> bool(String name) {
        return of(name, JsonIn::bool);
    }

    /** An Integer or Long member. */
    public static Member<Long> integer(String name) {
        return of(name, JsonIn::integer);
    }

    public static Member<List<String>> stringList(String name) {
        return of(name, JsonIn::stringList);
    }

    public static Member<Map<String, String>> stringMap(String name) {
        return of(name, JsonIn::stringMap);
    }

    /** A nested structure, read into its own {@link Members} (null when sent as JSON null). */
    public static Member<Members> structure(String name, Structure shape) {
        return of(name, shape::read);
    }

    /** A member whose content is not read, only whether it was sent (TRUE; null when absent or JSON null). */
    public static Member<Boolean> presence(String name) {
        return of(name, p -> {
            boolean sent = p.currentToken() != JsonToken.VALUE_NULL;
            JsonIn.skip(p);
            return sent ? Boolean.TRUE : null;
        });
    }

    public String name() {
        return name;
    }

    JsonIn.ValueReader<? extends T> reader() {
        return reader;
    }

    @Override
    public String toString() {
        return name;
    }
}
