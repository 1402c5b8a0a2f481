package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import java.io.IOException;

/** DescribeTable. */
public final class DescribeTable implements Operation<TableNameRequest> {
    private final Engine engine;

    public DescribeTable(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeTable"; }

    @Override
    public TableNameRequest parse(JsonParser p) throws IOException {
        return TableNameRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, TableNameRequest r, JsonGenerator out) throws IOException {
        r.validate();
        TableCatalog.Entry e = engine.catalog().require(TableNames.namespace(ctx, r.tableName()), r.name(ctx), TableNames.notFound(r.name(ctx)));
        out.writeStartObject();
        out.writeFieldName("Table");
        TableDescriptionWriter.write(out, ctx, e, "ACTIVE", engine.counts());
        out.writeEndObject();
    }
}
