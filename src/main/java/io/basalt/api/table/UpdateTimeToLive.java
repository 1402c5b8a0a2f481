package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** UpdateTimeToLive: enables or disables TTL on an attribute (the TTL sweeper deletes expired items). */
public final class UpdateTimeToLive implements Operation<UpdateTimeToLive.Request> {
    record Request(String tableName, Boolean enabled, String attributeName, boolean specPresent) {}

    private final Engine engine;

    public UpdateTimeToLive(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateTimeToLive"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Object[] f = new Object[4];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "TimeToLiveSpecification" -> {
                    f[3] = q.currentToken() != com.fasterxml.jackson.core.JsonToken.VALUE_NULL;
                    JsonIn.object(q, (m, r) -> {
                        switch (m) {
                            case "Enabled" -> f[1] = JsonIn.bool(r);
                            case "AttributeName" -> f[2] = JsonIn.string(r);
                            default -> JsonIn.skip(r);
                        }
                    });
                }
                default -> JsonIn.skip(q);
            }
        });
        return new Request((String) f[0], (Boolean) f[1], (String) f[2], Boolean.TRUE.equals(f[3]));
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
        String name = TableNames.fromNameOrArn(r.tableName());
        engine.catalog().update(name, TableNames.notFound(name), t -> TtlRules.change(t, r.enabled(), r.attributeName(),
                engine.times(), engine.clock().millis()));
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveSpecification");
        out.writeBooleanField("Enabled", r.enabled());
        out.writeStringField("AttributeName", r.attributeName());
        out.writeEndObject();
        out.writeEndObject();
    }
}
