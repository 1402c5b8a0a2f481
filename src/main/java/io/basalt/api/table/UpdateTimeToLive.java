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

/** UpdateTimeToLive: enables or disables TTL on an attribute (the TTL sweeper deletes expired items). */
public final class UpdateTimeToLive implements Operation<UpdateTimeToLive.Request> {
    record Request(String tableName, Boolean enabled, String attributeName, boolean specPresent) {}

    private final Engine engine;

    public UpdateTimeToLive(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateTimeToLive"; }

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Boolean> ENABLED = Member.bool("Enabled");
    private static final Member<String> ATTRIBUTE_NAME = Member.string("AttributeName");
    private static final Member<Members> SPECIFICATION =
            Member.structure("TimeToLiveSpecification", Structure.of(ENABLED, ATTRIBUTE_NAME));
    private static final Structure SHAPE = Structure.of(TABLE_NAME, SPECIFICATION);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        Members spec = m.get(SPECIFICATION);
        return spec == null ? new Request(m.get(TABLE_NAME), null, null, false)
                : new Request(m.get(TABLE_NAME), spec.get(ENABLED), spec.get(ATTRIBUTE_NAME), true);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName");
        if (!r.specPresent()) {
            c.notNull(null, "timeToLiveSpecification");
        } else {
            c.notNull(r.attributeName(), "timeToLiveSpecification.attributeName")
             .minLength(r.attributeName(), "timeToLiveSpecification.attributeName", 1)
             .maxLength(r.attributeName(), "timeToLiveSpecification.attributeName", 255)
             .notNull(r.enabled(), "timeToLiveSpecification.enabled");
        }
        c.check();
        String name = TableNames.fromNameOrArn(ctx, r.tableName());
        engine.catalog().update(TableNames.namespace(ctx, r.tableName()), name, TableNames.notFound(name), t -> TtlRules.change(t, r.enabled(), r.attributeName(),
                engine.times(), engine.clock().millis()));
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveSpecification");
        out.writeBooleanField("Enabled", r.enabled());
        out.writeStringField("AttributeName", r.attributeName());
        out.writeEndObject();
        out.writeEndObject();
    }
}
