package io.basalt.api.kinesis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.KinesisDestinations;
import java.io.IOException;

/** DescribeKinesisStreamingDestination: the table's destinations, newest first ({@link KinesisDestinations}). */
public final class DescribeKinesisStreamingDestination implements Operation<KinesisDestinationRequest> {
    private final Engine engine;

    public DescribeKinesisStreamingDestination(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeKinesisStreamingDestination"; }

    @Override
    public KinesisDestinationRequest parse(JsonParser p) throws IOException {
        return KinesisDestinationRequest.parse(p, null);
    }

    @Override
    public void execute(RequestContext ctx, KinesisDestinationRequest r, JsonGenerator out) throws IOException {
        r.validate(false, null);
        TableDefinition t = r.table(engine, ctx);
        KinesisDestinations destinations = engine.kinesisDestinations();
        long now = engine.clock().millis();
        out.writeStartObject();
        out.writeArrayFieldStart("KinesisDataStreamDestinations");
        for (KinesisDestinations.Destination d : destinations.of(t.id())) {
            String status = d.status(destinations.statusDelayMillis(), now);
            out.writeStartObject();
            out.writeStringField("StreamArn", d.streamArn());
            out.writeStringField("DestinationStatus", status);
            if (status.equals("ENABLE_FAILED")) {
                out.writeStringField("DestinationStatusDescription", KinesisDestinations.ENABLE_FAILED_DESCRIPTION);
            } else if (d.precision() != null) {
                out.writeStringField("ApproximateCreationDateTimePrecision", d.precision());
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeStringField("TableName", t.name());
        out.writeEndObject();
    }
}
