package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** ListImports: the account's imports (into one table with TableArn), oldest first, PageSize (1-25) a page. */
public final class ListImports implements Operation<ListImports.Request> {
    record Request(String tableArn, Long pageSize, String nextToken) {}

    private static final Member<String> TABLE_ARN = Member.string("TableArn");
    private static final Member<Long> PAGE_SIZE = Member.integer("PageSize");
    private static final Member<String> NEXT = Member.string("NextToken");
    private static final Structure SHAPE = Structure.of(TABLE_ARN, PAGE_SIZE, NEXT);

    private final Engine engine;

    public ListImports(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListImports"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_ARN), m.get(PAGE_SIZE), m.get(NEXT));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().minLength(r.tableArn(), "tableArn", 1).maxLength(r.tableArn(), "tableArn", 1024)
                .min(r.pageSize(), "pageSize", 1).max(r.pageSize(), "pageSize", 25).check();
        var page = engine.imports().page(ctx.namespace(), r.tableArn(), r.nextToken(),
                r.pageSize() == null ? 25 : r.pageSize().intValue());
        out.writeStartObject();
        out.writeArrayFieldStart("ImportSummaryList");
        for (ImportRecord i : page.items()) ImportJson.summary(out, i);
        out.writeEndArray();
        if (page.nextToken() != null) out.writeStringField("NextToken", page.nextToken());
        out.writeEndObject();
    }
}
