package io.basalt.api.kinesis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.stream.KinesisDestinations;
import java.io.IOException;

/** DisableKinesisStreamingDestination: needs an ACTIVE destination, which a Basalt table never has ({@link KinesisDestinations}). */
public final class DisableKinesisStreamingDestination implements Operation<KinesisDestinationRequest> {
    private final Engine engine;

    public DisableKinesisStreamingDestination(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DisableKinesisStreamingDestination"; }

    @Override
    public KinesisDestinationRequest parse(JsonParser p) throws IOException {
        return KinesisDestinationRequest.parse(p, "EnableKinesisStreamingConfiguration");
    }

    @Override
    public void execute(RequestContext ctx, KinesisDestinationRequest r, JsonGenerator out) throws IOException {
        r.validate(true, "enableKinesisStreamingConfiguration");
        r.table(engine, ctx);
        throw KinesisDestinations.notActiveForDisable();
    }
}
