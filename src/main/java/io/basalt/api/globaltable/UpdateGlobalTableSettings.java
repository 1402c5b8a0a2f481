package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import java.io.IOException;

/** UpdateGlobalTableSettings (legacy global tables, {@link LegacyGlobalTables}): no legacy global table exists. */
public final class UpdateGlobalTableSettings implements Operation<LegacyGlobalTables.Request> {
    @Override public String name() { return "UpdateGlobalTableSettings"; }

    @Override
    public LegacyGlobalTables.Request parse(JsonParser p) throws IOException {
        return LegacyGlobalTables.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, LegacyGlobalTables.Request r, JsonGenerator out) {
        r.validate(null);
        throw LegacyGlobalTables.notFound(r.globalTableName(), false);
    }
}
