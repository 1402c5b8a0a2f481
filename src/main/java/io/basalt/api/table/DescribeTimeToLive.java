package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.TtlChange;
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
        TableDefinition t = engine.catalog().require(TableNames.namespace(ctx, r.tableName()), r.name(ctx), TableNames.notFound(r.name(ctx))).definition();
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveDescription");
        TtlChange change = t.ttlChange();
        String status = change == null ? (t.ttlAttribute() == null ? "DISABLED" : "ENABLED")
                : change.status(engine.times().statusDelayMillis(), engine.clock().millis());
        out.writeStringField("TimeToLiveStatus", status);
        // while DISABLING the service still names the attribute being disabled
        String attribute = t.ttlAttribute() != null ? t.ttlAttribute() : status.equals("DISABLING") ? change.attributeName() : null;
        if (attribute != null) out.writeStringField("AttributeName", attribute);
        out.writeEndObject();
        out.writeEndObject();
    }
}
