package io.basalt.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;

/** The shared, configured Jackson factory (thread-safe). */
public final class Json {
    /** JSON nesting bound: 32 levels of attribute values need ~70; anything deeper is refused early. */
    public static final int MAX_JSON_DEPTH = 200;

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_JSON_DEPTH)
                    .maxStringLength(20_000_000)
                    .maxNumberLength(1000)
                    .build())
            // characters outside the BMP as 4-byte UTF-8, not as escaped surrogate pairs
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    private Json() {}
}
