package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** DescribeLimits: the service's default account and table throughput quotas. */
public final class DescribeLimits implements Operation<Object> {
    @Override public String name() { return "DescribeLimits"; }

    @Override
    public Object parse(JsonParser p) throws IOException {
        JsonIn.skip(p);
        return Boolean.TRUE;
    }

    @Override
    public void execute(RequestContext ctx, Object r, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeNumberField("AccountMaxReadCapacityUnits", 80_000);
        out.writeNumberField("AccountMaxWriteCapacityUnits", 80_000);
        out.writeNumberField("TableMaxReadCapacityUnits", 40_000);
        out.writeNumberField("TableMaxWriteCapacityUnits", 40_000);
        out.writeEndObject();
    }
}
