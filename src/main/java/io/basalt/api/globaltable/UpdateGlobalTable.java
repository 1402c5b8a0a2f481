package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.error.DynamoException;
import java.io.IOException;

/** UpdateGlobalTable (legacy global tables, {@link LegacyGlobalTables}): a replica to create is refused as a creation is; any other update finds no global table. */
public final class UpdateGlobalTable implements Operation<LegacyGlobalTables.Request> {
    @Override public String name() { return "UpdateGlobalTable"; }

    @Override
    public LegacyGlobalTables.Request parse(JsonParser p) throws IOException {
        return LegacyGlobalTables.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, LegacyGlobalTables.Request r, JsonGenerator out) {
        r.validate("replicaUpdates");
        if (r.createsReplica()) throw DynamoException.validation(LegacyGlobalTables.NOT_SUPPORTED);
        throw LegacyGlobalTables.notFound(r.globalTableName(), true);
    }
}
