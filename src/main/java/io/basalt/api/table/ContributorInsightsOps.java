package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.api.RequestContext;
import io.basalt.engine.capacity.ContributorInsights;
import io.basalt.api.RequestContext;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.api.RequestContext;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Shared parts of UpdateContributorInsights, DescribeContributorInsights and
 * ListContributorInsights: the table or GSI named, and its rule names. The counts themselves are
 * served by the admin service (the service sends them to CloudWatch).
 */
final class ContributorInsightsOps {
    static final String MODE_ENUM = "[ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS]";
    static final String ACCESSED_AND_THROTTLED = "ACCESSED_AND_THROTTLED_KEYS";
    static final String THROTTLED = "THROTTLED_KEYS";

    private ContributorInsightsOps() {}

    /** The table's definition; ResourceNotFoundException for a missing table or GSI (LSIs have no insights of their own). */
    static TableDefinition target(Engine engine, RequestContext ctx, String nameOrArn, String index) {
        String name = TableNames.fromNameOrArn(ctx, nameOrArn);
        TableDefinition t = engine.catalog().require(TableNames.namespace(ctx, nameOrArn), name, TableNames.notFound(name)).definition();
        if (index != null) {
            IndexDefinition i = t.index(index);
            if (i == null || !i.global()) {
                throw DynamoException.resourceNotFound("Requested resource not found: Index: " + index + " not found for table: " + name);
            }
        }
        return t;
    }

    /**
     * The rule names the service creates: most accessed (C) and most throttled (T) partition keys
     * (PK) and, with a sort key, keys (SK); only the throttled ones in THROTTLED_KEYS mode.
     */
    static List<String> rules(TableDefinition t, String index, ContributorInsights.Scope s) {
        boolean sortKey = index == null ? t.keys().hasRange() : t.index(index).keys().hasRange();
        String suffix = t.name() + (index == null ? "" : "-" + index) + "-" + (long) (s.lastUpdate() * 1000);
        List<String> out = new ArrayList<>();
        for (String kind : sortKey ? new String[] {"PKC", "PKT", "SKC", "SKT"} : new String[] {"PKC", "PKT"}) {
            if (s.throttledOnly() && kind.endsWith("C")) continue;
            out.add("DynamoDBContributorInsights-" + kind + "-" + suffix);
        }
        return out;
    }

    static String mode(ContributorInsights.Scope s) {
        return s.throttledOnly() ? THROTTLED : ACCESSED_AND_THROTTLED;
    }

    /** A ContributorInsightsSummary (ListContributorInsights). */
    static void writeSummary(JsonGenerator out, String table, String index, ContributorInsights.Scope s) throws IOException {
        out.writeStartObject();
        out.writeStringField("TableName", table);
        if (index != null) out.writeStringField("IndexName", index);
        boolean on = s != null && s.enabled();
        out.writeStringField("ContributorInsightsStatus", on ? "ENABLED" : "DISABLED");
        if (on) out.writeStringField("ContributorInsightsMode", mode(s));
        out.writeEndObject();
    }
}
