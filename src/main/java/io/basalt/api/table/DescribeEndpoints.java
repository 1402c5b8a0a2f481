package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** DescribeEndpoints: the regional endpoint, as the service answers. */
public final class DescribeEndpoints implements Operation<Object> {
    @Override public String name() { return "DescribeEndpoints"; }

    @Override
    public Object parse(JsonParser p) throws IOException {
        JsonIn.skip(p);
        return Boolean.TRUE;
    }

    @Override
    public void execute(RequestContext ctx, Object r, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("Endpoints");
        out.writeStartObject();
        out.writeStringField("Address", "dynamodb." + ctx.region() + ".amazonaws.com");
        out.writeNumberField("CachePeriodInMinutes", 1440);
        out.writeEndObject();
        out.writeEndArray();
        out.writeEndObject();
    }
}
