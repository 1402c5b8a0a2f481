package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.error.DynamoException;
import java.io.IOException;

/** CreateGlobalTable (legacy global tables, {@link LegacyGlobalTables}): a legacy global table is not created: the version is no longer supported. */
public final class CreateGlobalTable implements Operation<LegacyGlobalTables.Request> {
    @Override public String name() { return "CreateGlobalTable"; }

    @Override
    public LegacyGlobalTables.Request parse(JsonParser p) throws IOException {
        return LegacyGlobalTables.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, LegacyGlobalTables.Request r, JsonGenerator out) {
        r.validate("replicationGroup");
        throw DynamoException.validation(LegacyGlobalTables.NOT_SUPPORTED);
    }
}
