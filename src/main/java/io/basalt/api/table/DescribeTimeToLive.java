package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import java.io.IOException;

/** DescribeTimeToLive. */
public final class DescribeTimeToLive implements Operation<TableNameRequest> {
    private final Engine engine;

    public DescribeTimeToLive(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeTimeToLive"; }

    @Override
    public TableNameRequest parse(JsonParser p) throws IOException {
        return TableNameRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, TableNameRequest r, JsonGenerator out) throws IOException {
        r.validate();
        TableDefinition t = engine.catalog().require(r.name(), TableNames.notFound(r.name())).definition();
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveDescription");
        out.writeStringField("TimeToLiveStatus", t.ttlAttribute() == null ? "DISABLED" : "ENABLED");
        if (t.ttlAttribute() != null) out.writeStringField("AttributeName", t.ttlAttribute());
        out.writeEndObject();
        out.writeEndObject();
    }
}
