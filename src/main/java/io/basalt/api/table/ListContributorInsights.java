package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.ContributorInsights;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * ListContributorInsights: the insights status of every table and GSI (or of one table and its
 * GSIs), paged by MaxResults with an opaque NextToken.
 */
public final class ListContributorInsights implements Operation<ListContributorInsights.Request> {
    record Request(String tableName, String nextToken, Long maxResults) {}

    private static final int DEFAULT_PAGE = 100;

    private final Engine engine;

    public ListContributorInsights(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListContributorInsights"; }

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<String> NEXT_TOKEN = Member.string("NextToken");
    private static final Member<Long> MAX_RESULTS = Member.integer("MaxResults");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, NEXT_TOKEN, MAX_RESULTS);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(NEXT_TOKEN), m.get(MAX_RESULTS));
    }

    private static boolean listed(ContributorInsights.Scope s) {
        return s != null && s.enabled();
    }

    private record Row(long tableId, String table, String index) {}

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().tableNameOrArn(r.tableName(), "tableName").max(r.maxResults(), "maxResults", 100).check();
        List<TableCatalog.Entry> tables = new ArrayList<>();
        if (r.tableName() != null) {
            String name = TableNames.fromNameOrArn(ctx, r.tableName());
            tables.add(TableNames.require(engine, ctx, r.tableName(), TableNames.notFound(name)));
        } else {
            for (String name : engine.catalog().names(ctx.namespace())) {
                TableCatalog.Entry e = engine.catalog().find(ctx.namespace(), name);
                if (e != null) tables.add(e);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (TableCatalog.Entry e : tables) {
            TableDefinition t = e.definition();
            // only what is not DISABLED is listed (DDB-TABLE-095/343, live 2026-10-08/09)
            ContributorInsights settings = engine.capacity().insights(t.id());
            if (listed(settings.scope(null))) rows.add(new Row(t.id(), t.name(), null));
            for (IndexDefinition i : t.globalIndexes()) {
                if (listed(settings.scope(i.name()))) rows.add(new Row(t.id(), t.name(), i.name()));
            }
        }
        int from = 0;
        if (r.nextToken() != null) {
            try {
                from = Integer.parseInt(r.nextToken());
            } catch (NumberFormatException bad) {
                throw DynamoException.validation("Invalid NextToken");
            }
        }
        int page = r.maxResults() == null || r.maxResults() <= 0 ? DEFAULT_PAGE : r.maxResults().intValue();
        int to = Math.min(rows.size(), from + page);
        out.writeStartObject();
        out.writeArrayFieldStart("ContributorInsightsSummaries");
        for (int i = from; i < to; i++) {
            Row row = rows.get(i);
            ContributorInsights.Scope s = engine.capacity().insights(row.tableId()).scope(row.index());
            ContributorInsightsOps.writeSummary(out, row.table(), row.index(), s);
        }
        out.writeEndArray();
        if (to < rows.size()) out.writeStringField("NextToken", Integer.toString(to));
        out.writeEndObject();
    }
}
