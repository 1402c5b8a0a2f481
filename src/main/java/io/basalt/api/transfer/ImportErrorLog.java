package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.Clock;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.wire.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The records the service sends to CloudWatch Logs for the items an import could not write, kept as
 * JSON lines that the import writes into the source bucket at {@code aws-dynamodb/imports/<ImportId>.json}.
 * The service's event (Developer Guide, "Import format quotas and validation", its example log) has a
 * {@code timestamp} in epoch millis, log group {@code /aws-dynamodb/imports}, stream
 * {@code <ImportId>/error}, and a message {@code {"itemS3Pointer":{"bucket":...,"key":...,"itemIndex":N},
 * "importArn":...,"errorMessages":[...]}}. A Basalt record is one event flattened: {@code timestamp},
 * {@code logGroup}, {@code logStream}, then the message's fields in the service's order, then
 * {@code lineNumber} (Basalt's addition: the 1-based line; absent with itemIndex -1, when the object
 * itself could not be read).
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
        this.stream = r.arn().substring(r.arn().lastIndexOf('/') + 1) + "/error";
    }

    /** Adds one record; {@code itemIndex} -1 for the object as a whole. */
    void add(String key, long itemIndex, String message) {
        add(key, itemIndex, -1, message);
    }

    void add(String key, long itemIndex, long lineNumber, String message) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("timestamp", clock.millis());
            g.writeStringField("logGroup", LOG_GROUP);
            g.writeStringField("logStream", stream);
            g.writeObjectFieldStart("itemS3Pointer");
            g.writeStringField("bucket", r.bucket());
            g.writeStringField("key", key);
            g.writeNumberField("itemIndex", itemIndex);
            g.writeEndObject();
            g.writeStringField("importArn", r.arn());
            g.writeArrayFieldStart("errorMessages");
            g.writeString(message);
            g.writeEndArray();
            if (lineNumber > 0) g.writeNumberField("lineNumber", lineNumber);
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
