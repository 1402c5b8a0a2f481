package io.basalt.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;

/** The shared, configured Jackson factory (thread-safe). */
public final class Json {
    /**
     * JSON nesting bound (Jackson's own default). Attribute values deeper than 32 levels get the
     * service's nesting ValidationException from the value reader; the service answers even 100
     * nested maps (200+ JSON levels) that way (live captures, paritysuite partiqlParameterNumbers),
     * so the parser must not refuse them first. Deeper bodies get a SerializationException.
     */
    public static final int MAX_JSON_DEPTH = 1000;

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_JSON_DEPTH)
                    .maxStringLength(20_000_000)
                    .maxNumberLength(1000)
                    // attribute names of up to 64 KB are the service's (Jackson's default stops at 50,000 characters)
                    .maxNameLength(1_000_000)
                    .build())
            // characters outside the BMP as 4-byte UTF-8, not as escaped surrogate pairs
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    private Json() {}
}
