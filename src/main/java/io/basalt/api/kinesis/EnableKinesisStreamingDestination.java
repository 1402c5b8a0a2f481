package io.basalt.api.kinesis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.KinesisDestinations;
import java.io.IOException;

/**
 * EnableKinesisStreamingDestination: answers ENABLING as the service does (it checks the stream
 * later); the entry then fails, as the service's does on a stream it cannot use ({@link KinesisDestinations}).
 */
public final class EnableKinesisStreamingDestination implements Operation<KinesisDestinationRequest> {
    private static final String CONFIGURATION = "EnableKinesisStreamingConfiguration";
    private final Engine engine;

    public EnableKinesisStreamingDestination(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "EnableKinesisStreamingDestination"; }

    @Override
    public KinesisDestinationRequest parse(JsonParser p) throws IOException {
        return KinesisDestinationRequest.parse(p, CONFIGURATION);
    }

    @Override
    public void execute(RequestContext ctx, KinesisDestinationRequest r, JsonGenerator out) throws IOException {
        r.validate(true, "enableKinesisStreamingConfiguration");
        TableDefinition t = r.table(engine, ctx);
        KinesisDestinations.Destination d = engine.kinesisDestinations().enable(t.id(), r.streamArn(), r.precision());
        out.writeStartObject();
        out.writeStringField("TableName", t.name());
        out.writeStringField("StreamArn", d.streamArn());
        out.writeStringField("DestinationStatus", "ENABLING");
        if (r.hasConfiguration()) {
            out.writeObjectFieldStart(CONFIGURATION);
            if (r.precision() != null) out.writeStringField("ApproximateCreationDateTimePrecision", r.precision());
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}
