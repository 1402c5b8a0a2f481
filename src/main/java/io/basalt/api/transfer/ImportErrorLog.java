package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.Clock;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.wire.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * The records the service sends to CloudWatch Logs (log group {@code /aws-dynamodb/imports}) for
 * the items an import could not write, kept as JSON lines that the import writes into the source
 * bucket at {@code aws-dynamodb/imports/<ImportId>.json}. One record per refused item:
 * {@code {"timestamp":...,"logGroup":"/aws-dynamodb/imports","logStream":<ImportId>,"importArn":...,
 * "itemS3Pointer":{"bucket":...,"key":<object key>,"itemIndex":<0-based item of the object>},
 * "lineNumber":<1-based line>,"errorMessages":[...]}} (itemIndex -1, no lineNumber: the object
 * itself could not be read). The field names follow the service's records as far as public
 * material shows them; timestamp, logGroup, logStream and lineNumber are Basalt's additions.
 */
final class ImportErrorLog {
    static final String LOG_GROUP = "/aws-dynamodb/imports";

    private final ImportRecord r;
    private final Clock clock;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final String stream;

    ImportErrorLog(ImportRecord r, Clock clock) {
        this.r = r;
        this.clock = clock;
        this.stream = r.arn().substring(r.arn().lastIndexOf('/') + 1);
    }

    /** Adds one record; {@code itemIndex} -1 for the object as a whole. */
    void add(String key, long itemIndex, String message) {
        add(key, itemIndex, -1, message);
    }

    void add(String key, long itemIndex, long lineNumber, String message) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("timestamp", Instant.ofEpochMilli(clock.millis()).toString());
            g.writeStringField("logGroup", LOG_GROUP);
            g.writeStringField("logStream", stream);
            g.writeStringField("importArn", r.arn());
            g.writeObjectFieldStart("itemS3Pointer");
            g.writeStringField("bucket", r.bucket());
            g.writeStringField("key", key);
            g.writeNumberField("itemIndex", itemIndex);
            g.writeEndObject();
            if (lineNumber > 0) g.writeNumberField("lineNumber", lineNumber);
            g.writeArrayFieldStart("errorMessages");
            g.writeString(message);
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.write('\n');
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
