package io.basalt.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.common.ConditionalCheckFailed;
import io.basalt.api.transact.TransactionCanceled;
import io.basalt.engine.capacity.Throttled;
import io.basalt.error.DynamoException;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Renders an error as the service shapes its body: {@code __type}, the message under the member name
 * the service uses for that error, then the members some errors add (the item a failed condition
 * saw, a cancelled transaction's reasons, throttling reasons). Errors themselves are plain data.
 */
public final class ErrorResponses {
    private ErrorResponses() {}

    /** Writes the whole error body. */
    public static void write(DynamoException e, OutputStream out) throws IOException {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("__type", e.type().wireType());
            if (e.getMessage() != null) {
                g.writeStringField(e.type().messageField(), e.getMessage());
            }
            writeDetails(e, g);
            g.writeEndObject();
        }
    }

    private static void writeDetails(DynamoException e, JsonGenerator g) throws IOException {
        switch (e) {
            case ConditionalCheckFailed c -> {
                if (c.item() != null) {
                    g.writeFieldName("Item");
                    AttributeValueJson.writeItem(g, c.item());
                }
            }
            case TransactionCanceled t -> {
                g.writeArrayFieldStart("CancellationReasons");
                for (TransactionCanceled.Reason r : t.reasons()) {
                    g.writeStartObject();
                    if (r.item() != null) {
                        g.writeFieldName("Item");
                        AttributeValueJson.writeItem(g, r.item());
                    }
                    g.writeStringField("Code", r.code());
                    if (r.message() != null) g.writeStringField("Message", r.message());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            case Throttled t -> {
                // the service's model spells the member differently in the two exceptions
                g.writeArrayFieldStart(t.provisioned() ? "ThrottlingReasons" : "throttlingReasons");
                g.writeStartObject();
                g.writeStringField("reason", t.reason());
                g.writeStringField("resource", t.resource());
                g.writeEndObject();
                g.writeEndArray();
            }
            default -> { }
        }
    }
}
