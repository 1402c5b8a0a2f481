package io.basalt.api.kinesis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.KinesisDestinations;
import java.io.IOException;

/** UpdateKinesisStreamingDestination: needs an ACTIVE destination, which a Basalt table never has ({@link KinesisDestinations}). */
public final class UpdateKinesisStreamingDestination implements Operation<KinesisDestinationRequest> {
    private final Engine engine;

    public UpdateKinesisStreamingDestination(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateKinesisStreamingDestination"; }

    @Override
    public KinesisDestinationRequest parse(JsonParser p) throws IOException {
        return KinesisDestinationRequest.parse(p, "UpdateKinesisStreamingConfiguration");
    }

    @Override
    public void execute(RequestContext ctx, KinesisDestinationRequest r, JsonGenerator out) throws IOException {
        r.validate(true, "updateKinesisStreamingConfiguration");
        TableDefinition t = r.table(engine, ctx);
        throw KinesisDestinations.notActiveForUpdate(t.name(), r.streamArn());
    }
}
