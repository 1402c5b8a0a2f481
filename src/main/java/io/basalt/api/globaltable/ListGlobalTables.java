package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** ListGlobalTables (legacy global tables, {@link LegacyGlobalTables}): no account has one, the list is empty. */
public final class ListGlobalTables implements Operation<ListGlobalTables.Request> {
    record Request(String exclusiveStartGlobalTableName, Long limit, String regionName) {}

    @Override public String name() { return "ListGlobalTables"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] s = new String[2];
        Long[] limit = new Long[1];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "ExclusiveStartGlobalTableName" -> s[0] = JsonIn.string(q);
                case "Limit" -> limit[0] = JsonIn.integer(q);
                case "RegionName" -> s[1] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(s[0], limit[0], s[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().tableName(r.exclusiveStartGlobalTableName(), "exclusiveStartGlobalTableName")
                .min(r.limit(), "limit", 1).check();
        out.writeStartObject();
        out.writeArrayFieldStart("GlobalTables");
        out.writeEndArray();
        out.writeEndObject();
    }
}
