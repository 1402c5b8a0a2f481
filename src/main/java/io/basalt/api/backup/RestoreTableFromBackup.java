package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.BackupRecord;
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
 * RestoreTableFromBackup: a new table with the backup's key schema, attribute definitions,
 * indexes (all, or those the overrides keep), billing mode and throughput (or the overrides), and
 * exactly the backup's items with their index entries. As in the service, tags, stream and TTL
 * settings, resource policies and deletion protection are not restored. The response says
 * CREATING with RestoreInProgress; the table is complete when it is sent, so DescribeTable shows
 * ACTIVE.
 */
public final class RestoreTableFromBackup implements Operation<RestoreTableFromBackup.Request> {
    record Request(String targetTableName, String backupArn, RestoreOverrides.Overrides overrides) {}

    private static final Structure SHAPE;

    static {
        List<Member<?>> members = new ArrayList<>(RestoreOverrides.MEMBERS);
        members.add(BackupArnRequest.BACKUP_ARN);
        SHAPE = Structure.of(members.toArray(Member<?>[]::new));
    }

    private final Engine engine;

    public RestoreTableFromBackup(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "RestoreTableFromBackup"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(RestoreOverrides.TARGET), m.get(BackupArnRequest.BACKUP_ARN), RestoreOverrides.of(m));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = RestoreOverrides.checkTarget(new Constraints(), r.targetTableName()).notNull(r.backupArn(), "backupArn");
        RestoreOverrides.checkOverrides(c, r.overrides());
        BackupArnRequest.arn(c, r.backupArn(), "backupArn").check();
        if (!r.backupArn().contains("/backup/")) throw io.basalt.error.DynamoException.validation("Invalid Backup ARN"); // a table ARN, say
        BackupRecord backup = source(ctx, r);
        double now = engine.clock().millis() / 1000.0;
        TableDefinition target = RestoreOverrides.target(engine, ctx, r.targetTableName(), backup.table(), r.overrides(),
                new TableDefinition.RestoreSummary(backup.arn(), backup.tableArn(), now));
        TableCatalog.Entry entry = engine.backups().restore(ctx.namespace(), backup, target);
        engine.vectorBackfills().startAll(entry);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.write(out, ctx, entry, "CREATING", engine.counts());
        out.writeEndObject();
    }

    /**
     * The backup restored from: in the caller's region, or — a cross-region restore — in the region
     * its ARN names, which the service allows only with SSESpecificationOverride (live 2026-10-09,
     * DDB-TABLE-274).
     */
    private BackupRecord source(RequestContext ctx, Request r) {
        String[] parts = r.backupArn().split(":", 6);
        String region = parts.length == 6 && !parts[3].isEmpty() ? parts[3] : ctx.region();
        if (region.equals(ctx.region())) return DescribeBackup.find(engine, ctx, r.backupArn());
        if (r.overrides().sse() == null) {
            throw DynamoException.validation("Invalid Request: sseSpecificationOverride must be provided for cross-region restores");
        }
        return DescribeBackup.find(engine, ctx, r.backupArn(), region);
    }
}
