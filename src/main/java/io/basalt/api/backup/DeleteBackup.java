package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.BackupRecord;
import java.io.IOException;

/** DeleteBackup: the backup's description with the status DELETED. */
public final class DeleteBackup implements Operation<BackupArnRequest> {
    private final Engine engine;

    public DeleteBackup(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteBackup"; }

    @Override
    public BackupArnRequest parse(JsonParser p) throws IOException {
        return BackupArnRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, BackupArnRequest r, JsonGenerator out) throws IOException {
        r.validate();
        BackupRecord b = DescribeBackup.find(engine, ctx, r.backupArn());
        BackupRecord deleted = engine.backups().delete(b.account(), b.arn());
        out.writeStartObject();
        BackupJson.description(out, deleted, BackupRecord.DELETED);
        out.writeEndObject();
    }
}
