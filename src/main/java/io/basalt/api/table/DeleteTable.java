package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import java.io.IOException;

/** DeleteTable: refused under deletion protection; the response says DELETING and the table is gone at once. */
public final class DeleteTable implements Operation<TableNameRequest> {
    private final Engine engine;

    public DeleteTable(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteTable"; }

    @Override
    public TableNameRequest parse(JsonParser p) throws IOException {
        return TableNameRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, TableNameRequest r, JsonGenerator out) throws IOException {
        r.validate();
        String name = r.name(ctx);
        keepSystemBackup(ctx, r);
        String namespace = TableNames.namespace(ctx, r.tableName());
        TableCatalog.Entry e = engine.catalog().delete(namespace, name, TableNames.notFound(name), t -> {
            ReplicaUpdates.checkDelete(engine, ctx, new TableCatalog.Entry(namespace, t, 0, null));
            if (t.deletionProtection()) {
                throw DynamoException.validation("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
            }
        });
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.writeDeleted(out, ctx, e);
        out.writeEndObject();
        ReplicaUpdates.deleted(engine, ctx, e.definition());
        engine.tableDeleted(namespace, e.definition()); // after the description, which still shows its counts
    }

    /**
     * A table with point-in-time recovery leaves a SYSTEM backup behind (the service's, kept 35 days;
     * live 2026-10-09, DDB-TABLE-167). Taken before the deletion; a table that does not exist or is
     * protected is left to the deletion's own errors.
     */
    private void keepSystemBackup(RequestContext ctx, TableNameRequest r) {
        String namespace = TableNames.namespace(ctx, r.tableName());
        TableCatalog.Entry e = engine.catalog().find(namespace, r.name(ctx));
        if (e == null || e.definition().deletionProtection() || !engine.continuousBackups().status(e).enabled()) return;
        engine.backups().createSystem(namespace, r.name(ctx), TableNames.arn(ctx, namespace, r.name(ctx)));
    }
}
