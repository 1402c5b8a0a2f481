package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.ContinuousBackups;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * RestoreTableToPointInTime: a new table holding exactly the items the source table held at the
 * requested moment (to the millisecond), with the source's key schema and indexes (or those the
 * overrides keep). The overrides and what is not restored are RestoreTableFromBackup's. The
 * response says CREATING; the table is complete when it is sent.
 */
public final class RestoreTableToPointInTime implements Operation<RestoreTableToPointInTime.Request> {
    record Request(String sourceName, String sourceArn, String targetTableName, Instant at, Boolean latest,
                   RestoreOverrides.Overrides overrides) {}

    private static final Member<String> SOURCE_NAME = Member.string("SourceTableName");
    private static final Member<String> SOURCE_ARN = Member.string("SourceTableArn");
    private static final Member<Instant> AT = Member.of("RestoreDateTime", JsonIn::timestamp);
    private static final Member<Boolean> LATEST = Member.bool("UseLatestRestorableTime");
    private static final Structure SHAPE;

    static {
        List<Member<?>> members = new ArrayList<>(RestoreOverrides.MEMBERS);
        members.addAll(List.of(SOURCE_NAME, SOURCE_ARN, AT, LATEST));
        SHAPE = Structure.of(members.toArray(Member<?>[]::new));
    }

    private final Engine engine;

    public RestoreTableToPointInTime(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "RestoreTableToPointInTime"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(SOURCE_NAME), m.get(SOURCE_ARN), m.get(RestoreOverrides.TARGET), m.get(AT), m.get(LATEST),
                RestoreOverrides.of(m));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints();
        if (r.sourceName() != null) c.tableName(r.sourceName(), "sourceTableName");
        if (r.sourceArn() != null) c.tableNameOrArn(r.sourceArn(), "sourceTableArn");
        RestoreOverrides.checkTarget(c, r.targetTableName());
        RestoreOverrides.checkOverrides(c, r.overrides()).check();
        // texts and order as the service answered on 2026-10-08/09 (docs/backups.md, "Errors")
        if (r.sourceName() == null && r.sourceArn() == null) {
            throw DynamoException.validation("The parameter 'TableName' is required");
        }
        if (r.sourceName() != null && r.sourceArn() != null) {
            throw DynamoException.validation("Must provide exactly one of: sourceTableArn, sourceTableName");
        }
        if (r.sourceArn() != null) io.basalt.api.common.ResourceArns.sourceTable(ctx.region(), ctx.accountId(), r.sourceArn());
        boolean latest = Boolean.TRUE.equals(r.latest());
        if (latest && r.at() != null) {
            throw DynamoException.validation("Invalid Request: Both RestoreDateTime and UseLatestRestorableTime cannot be set for "
                    + "point-in-time restore request. Please specify only one of them.");
        }
        if (!latest && r.at() == null) {
            throw DynamoException.validation("Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be "
                    + "specified, but not both");
        }
        String source = r.sourceName() != null ? r.sourceName() : r.sourceArn();
        TableCatalog.Entry from = ContinuousBackupsJson.table(engine, ctx, source);
        ContinuousBackups pitr = engine.continuousBackups();
        long at = pitr.restoreTime(from, latest ? null : r.at().toEpochMilli());
        String sourceArn = BackupJson.tableArn(ctx, from.account(), from.definition().name());
        TableDefinition target = RestoreOverrides.target(engine, ctx, r.targetTableName(), from.definition(), r.overrides(),
                new TableDefinition.RestoreSummary(null, sourceArn, at / 1000.0));
        TableCatalog.Entry entry = engine.backups().restore(ctx.namespace(), target, sourceArn,
                loader -> {
                    pitr.itemsAt(from, at, loader::add);
                    loader.flush();
                });
        engine.vectorBackfills().startAll(entry);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.write(out, ctx, entry, "CREATING", engine.counts());
        out.writeEndObject();
    }
}
