package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.ContributorInsights;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** UpdateContributorInsights: turns key-level insights of a table or GSI on or off. */
public final class UpdateContributorInsights implements Operation<UpdateContributorInsights.Request> {
    record Request(String tableName, String indexName, String action, String mode) {}

    private final Engine engine;

    public UpdateContributorInsights(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateContributorInsights"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] f = new String[4];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "IndexName" -> f[1] = JsonIn.string(q);
                case "ContributorInsightsAction" -> f[2] = JsonIn.string(q);
                case "ContributorInsightsMode" -> f[3] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(f[0], f[1], f[2], f[3]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .tableName(r.indexName(), "indexName")
                .notNull(r.action(), "contributorInsightsAction")
                .enumValue(r.action(), "contributorInsightsAction", "[ENABLE, DISABLE]")
                .enumValue(r.mode(), "contributorInsightsMode", ContributorInsightsOps.MODE_ENUM).check();
        TableDefinition t = ContributorInsightsOps.target(engine, ctx, r.tableName(), r.indexName());
        boolean enable = "ENABLE".equals(r.action());
        ContributorInsights.Scope was = engine.capacity().insights(t.id()).scope(r.indexName());
        boolean on = was != null && was.enabled();
        // a disable keeps the mode, which DescribeContributorInsights still shows (DDB-TABLE-089, live 2026-10-08)
        boolean throttledOnly = enable ? ContributorInsightsOps.THROTTLED.equals(r.mode()) : was != null && was.throttledOnly();
        // DISABLE when disabled and ENABLE when enabled in the same mode change nothing and answer the
        // settled status (DDB-TABLE-091/341, live 2026-10-08/09)
        boolean noOp = enable ? on && was.throttledOnly() == throttledOnly : !on;
        if (!noOp) engine.capacity().setInsights(t.id(), r.indexName(), enable, throttledOnly);
        out.writeStartObject();
        out.writeStringField("TableName", t.name());
        if (r.indexName() != null) out.writeStringField("IndexName", r.indexName());
        out.writeStringField("ContributorInsightsStatus", enable ? (noOp ? "ENABLED" : "ENABLING") : (noOp ? "DISABLED" : "DISABLING"));
        if (enable) {
            out.writeStringField("ContributorInsightsMode", throttledOnly ? ContributorInsightsOps.THROTTLED : ContributorInsightsOps.ACCESSED_AND_THROTTLED);
        }
        out.writeEndObject();
    }
}
