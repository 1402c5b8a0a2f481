package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.BackupRecord;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/**
 * CreateBackup: a consistent snapshot of the table, written before the response. The response
 * says CREATING as the service's does; DescribeBackup and ListBackups then show AVAILABLE.
 */
public final class CreateBackup implements Operation<CreateBackup.Request> {
    record Request(String tableName, String backupName) {}

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<String> BACKUP_NAME = Member.string("BackupName");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, BACKUP_NAME);

    private final Engine engine;

    public CreateBackup(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "CreateBackup"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(BACKUP_NAME));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .notNull(r.backupName(), "backupName").tableName(r.backupName(), "backupName").check();
        String account = TableNames.namespace(ctx, r.tableName());
        String table = TableNames.fromNameOrArn(ctx, r.tableName());
        BackupRecord b = engine.backups().create(account, table, BackupJson.tableArn(ctx, account, table), r.backupName());
        out.writeStartObject();
        BackupJson.details(out, b, BackupRecord.CREATING);
        out.writeEndObject();
    }
}
