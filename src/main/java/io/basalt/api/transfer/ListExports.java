package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ExportRecord;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** ListExports: the account's exports (of one table with TableArn), oldest first, MaxResults (1-25) a page. */
public final class ListExports implements Operation<ListExports.Request> {
    record Request(String tableArn, Long maxResults, String nextToken) {}

    private static final Member<String> TABLE_ARN = Member.string("TableArn");
    private static final Member<Long> MAX = Member.integer("MaxResults");
    private static final Member<String> NEXT = Member.string("NextToken");
    private static final Structure SHAPE = Structure.of(TABLE_ARN, MAX, NEXT);

    private final Engine engine;

    public ListExports(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListExports"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_ARN), m.get(MAX), m.get(NEXT));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().minLength(r.tableArn(), "tableArn", 1).maxLength(r.tableArn(), "tableArn", 1024)
                .min(r.maxResults(), "maxResults", 1).max(r.maxResults(), "maxResults", 25).check();
        var page = engine.exports().page(ctx.namespace(), r.tableArn(), r.nextToken(),
                r.maxResults() == null ? 25 : r.maxResults().intValue());
        out.writeStartObject();
        out.writeArrayFieldStart("ExportSummaries");
        for (ExportRecord e : page.items()) ExportJson.summary(out, e);
        out.writeEndArray();
        if (page.nextToken() != null) out.writeStringField("NextToken", page.nextToken());
        out.writeEndObject();
    }
}
