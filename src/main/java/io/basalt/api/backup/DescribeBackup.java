package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.error.DynamoException;
import io.basalt.engine.backup.BackupRecord;
import io.basalt.engine.backup.Backups;
import java.io.IOException;

/** DescribeBackup. */
public final class DescribeBackup implements Operation<BackupArnRequest> {
    private final Engine engine;

    public DescribeBackup(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeBackup"; }

    @Override
    public BackupArnRequest parse(JsonParser p) throws IOException {
        return BackupArnRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, BackupArnRequest r, JsonGenerator out) throws IOException {
        r.validate();
        BackupRecord b = find(engine, ctx, r.backupArn());
        out.writeStartObject();
        BackupJson.description(out, b, b.status());
        out.writeEndObject();
    }

    /**
     * The backup an ARN names, as the service finds it (live 2026-10-09, DDB-BACKUP-012): a string that
     * is not a backup ARN is "Invalid Backup ARN", another partition or service "BackupArn is not
     * valid", another account AccessDenied; the ARN's region is ignored, the backup is looked for in
     * the caller's region.
     */
    static BackupRecord find(Engine engine, RequestContext ctx, String arn) {
        return find(engine, ctx, arn, ctx.region());
    }

    /** {@link #find(Engine, RequestContext, String)} in {@code region} (a cross-region restore's source). */
    static BackupRecord find(Engine engine, RequestContext ctx, String arn, String region) {
        String here = io.basalt.api.common.ResourceArns.backup(region, ctx.accountId(), arn);
        String[] parts = here.split(":", 6);
        try {
            return engine.backups().require(ctx.namespace(parts[4], region), here);
        } catch (DynamoException notHere) {
            throw Backups.notFound(arn);
        }
    }
}
