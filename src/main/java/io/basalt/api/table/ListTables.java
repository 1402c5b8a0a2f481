package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;

/** ListTables: names in order, at most Limit (1..100) per page, resuming after ExclusiveStartTableName. */
public final class ListTables implements Operation<ListTables.Request> {
    record Request(String exclusiveStartTableName, Long limit) {}

    private final Engine engine;

    public ListTables(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListTables"; }

    private static final Member<String> EXCLUSIVE_START_TABLE_NAME = Member.string("ExclusiveStartTableName");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Structure SHAPE = Structure.of(EXCLUSIVE_START_TABLE_NAME, LIMIT);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(EXCLUSIVE_START_TABLE_NAME), m.get(LIMIT));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().tableName(r.exclusiveStartTableName(), "exclusiveStartTableName")
                .min(r.limit(), "limit", 1).max(r.limit(), "limit", 100).check();
        int limit = r.limit() == null ? 100 : r.limit().intValue();
        List<String> names = engine.catalog().names(ctx.namespace());
        int start = 0;
        if (r.exclusiveStartTableName() != null) {
            while (start < names.size() && names.get(start).compareTo(r.exclusiveStartTableName()) <= 0) start++;
        }
        int end = Math.min(names.size(), start + limit);
        out.writeStartObject();
        out.writeArrayFieldStart("TableNames");
        for (int i = start; i < end; i++) out.writeString(names.get(i));
        out.writeEndArray();
        if (end < names.size()) out.writeStringField("LastEvaluatedTableName", names.get(end - 1));
        out.writeEndObject();
    }
}
