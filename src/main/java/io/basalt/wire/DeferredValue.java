package io.basalt.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import io.basalt.error.DynamoException;
import java.io.IOException;
import java.util.function.Predicate;

/**
 * A request member's value, or the validation error reading it met when that error is one the service
 * reports only after other checks (a value nested too deep): the rest of the request is still read.
 */
public record DeferredValue<T>(T value, DynamoException error) {

    public static <T> T valueOf(DeferredValue<T> d) {
        return d == null ? null : d.value();
    }

    public static DynamoException errorOf(DeferredValue<?> d) {
        return d == null ? null : d.error();
    }

    /**
     * Reads a member with {@code reader}; an error {@code keep} accepts is returned in place of the value
     * and the rest of the member skipped, any other is thrown.
     */
    public static <T> DeferredValue<T> read(JsonParser p, JsonIn.ValueReader<T> reader, Predicate<DynamoException> keep)
            throws IOException {
        // at a START_OBJECT/START_ARRAY the parsing context is the new structure's; its parent is where reading ends
        JsonStreamContext outside = p.currentToken() != null && p.currentToken().isStructStart() ? p.getParsingContext().getParent() : null;
        try {
            return new DeferredValue<>(reader.read(p), null);
        } catch (DynamoException e) {
            if (!keep.test(e)) throw e;
            if (outside != null) {
                while (p.getParsingContext() != outside) {
                    if (p.nextToken() == null) throw e;
                }
            }
            return new DeferredValue<>(null, e);
        }
    }
}
