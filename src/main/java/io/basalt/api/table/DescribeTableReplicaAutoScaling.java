package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import java.io.IOException;
import java.util.TreeSet;

/**
 * DescribeTableReplicaAutoScaling: a global table's replicas (its own region included, sorted by
 * region) with their auto scaling settings, which are always disabled (Basalt has no Application
 * Auto Scaling); a regional or missing table is not found (DDB-TABLE-187/232/254, live 2026-10-09).
 */
public final class DescribeTableReplicaAutoScaling implements Operation<TableNameRequest> {
    private final Engine engine;

    public DescribeTableReplicaAutoScaling(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeTableReplicaAutoScaling"; }

    @Override
    public TableNameRequest parse(JsonParser p) throws IOException {
        return TableNameRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, TableNameRequest r, JsonGenerator out) throws IOException {
        r.validate();
        TableCatalog.Entry e = engine.catalog().find(TableNames.namespace(ctx, r.tableName()), r.name(ctx));
        if (e == null || !e.definition().global()) {
            throw DynamoException.resourceNotFound("Global table with name: '" + r.name(ctx) + "' does not exist.");
        }
        TableDefinition t = e.definition();
        TreeSet<String> regions = new TreeSet<>();
        regions.add(ctx.region());
        for (TableDefinition.Replica replica : t.replicas()) regions.add(replica.region());
        out.writeStartObject();
        out.writeObjectFieldStart("TableAutoScalingDescription");
        out.writeStringField("TableName", t.name());
        out.writeStringField("TableStatus", "ACTIVE");
        out.writeArrayFieldStart("Replicas");
        for (String region : regions) {
            out.writeStartObject();
            out.writeStringField("RegionName", region);
            out.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (IndexDefinition i : t.globalIndexes()) {
                out.writeStartObject();
                out.writeStringField("IndexName", i.name());
                out.writeStringField("IndexStatus", i.status());
                disabled(out, "ProvisionedReadCapacityAutoScalingSettings");
                disabled(out, "ProvisionedWriteCapacityAutoScalingSettings");
                out.writeEndObject();
            }
            out.writeEndArray();
            disabled(out, "ReplicaProvisionedReadCapacityAutoScalingSettings");
            disabled(out, "ReplicaProvisionedWriteCapacityAutoScalingSettings");
            out.writeStringField("ReplicaStatus", "ACTIVE");
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeEndObject();
        out.writeEndObject();
    }

    /** Settings of a dimension without auto scaling, as the service shows them also on on-demand tables. */
    private static void disabled(JsonGenerator out, String member) throws IOException {
        out.writeObjectFieldStart(member);
        out.writeBooleanField("AutoScalingDisabled", true);
        out.writeArrayFieldStart("ScalingPolicies");
        out.writeEndArray();
        out.writeEndObject();
    }
}
