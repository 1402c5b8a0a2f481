package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
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

    /** The backup an ARN names, in the account and region the ARN names. */
    static BackupRecord find(Engine engine, RequestContext ctx, String arn) {
        String account = BackupArnRequest.namespace(ctx, arn);
        if (account == null) throw Backups.notFound(arn);
        return engine.backups().require(account, arn);
    }
}
