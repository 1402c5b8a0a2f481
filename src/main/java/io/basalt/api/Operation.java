package io.basalt.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * One DynamoDB operation. Implementations keep the three steps apart, in this order:
 * <ol>
 *   <li>{@link #parse}: JSON to a typed request record; wrong JSON types raise SerializationException;</li>
 *   <li>validation of the record: ValidationException with the service's exact text
 *       (in a separate {@code *Validator} class when it is more than a few lines);</li>
 *   <li>{@link #execute}: run against the engine and write the response JSON.</li>
 * </ol>
 * Instances are shared by all requests and must be thread-safe (stateless).
 *
 * @param <Q> the typed request
 */
public interface Operation<Q> {

    /** The name after "DynamoDB_20120810." in X-Amz-Target, e.g. "PutItem". */
    String name();

    /**
     * Reads the request. The parser is positioned on the body's START_OBJECT (a body of {} or an
     * empty body arrives as an empty object).
     */
    Q parse(JsonParser p) throws IOException;

    /** Validates, executes and writes the whole response object (start to end) to {@code out}. */
    void execute(RequestContext ctx, Q request, JsonGenerator out) throws IOException;

    /**
     * Whether a network thread may try this operation itself, with memory-only reads
     * ({@link io.basalt.eventloop.MemoryOnlyReads}), before handing it to a worker. Only for operations
     * that do every storage read before any side effect (capacity charged, Contributor Insights
     * counted), since an attempt that meets {@link io.basalt.eventloop.ReadWouldBlock} is run again.
     */
    default boolean inlineable() {
        return false;
    }

    /**
     * The request-validation families this operation reports inside the service's 2026 envelope
     * "1 validation error detected: " (applied once where the error leaves the operation, by
     * {@link io.basalt.error.ValidationEnvelope}); every other error stays bare.
     */
    default java.util.Set<io.basalt.error.ValidationFamily> envelopedFamilies() {
        return java.util.Set.of();
    }
}
