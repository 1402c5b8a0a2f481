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

/** DescribeContributorInsights: the status, mode and rule names of a table's or GSI's insights. */
public final class DescribeContributorInsights implements Operation<DescribeContributorInsights.Request> {
    record Request(String tableName, String indexName) {}

    private final Engine engine;

    public DescribeContributorInsights(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeContributorInsights"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] f = new String[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "IndexName" -> f[1] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(f[0], f[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .tableName(r.indexName(), "indexName").check();
        TableDefinition t = ContributorInsightsOps.target(engine, ctx, r.tableName(), r.indexName());
        ContributorInsights.Scope s = engine.capacity().insights(t.id()).scope(r.indexName());
        boolean on = s != null && s.enabled();
        out.writeStartObject();
        out.writeStringField("TableName", t.name());
        if (r.indexName() != null) out.writeStringField("IndexName", r.indexName());
        if (on) {
            out.writeArrayFieldStart("ContributorInsightsRuleList");
            for (String rule : ContributorInsightsOps.rules(t, r.indexName(), s)) out.writeString(rule);
            out.writeEndArray();
        }
        out.writeStringField("ContributorInsightsStatus", on ? "ENABLED" : "DISABLED");
        if (s != null) out.writeNumberField("LastUpdateDateTime", s.lastUpdate());
        // kept after a disable (DDB-TABLE-089, live 2026-10-08)
        if (s != null) out.writeStringField("ContributorInsightsMode", ContributorInsightsOps.mode(s));
        out.writeEndObject();
    }
}
