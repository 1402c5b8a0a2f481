package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.List;

/** UntagResource: removes tag keys (absent keys are not an error). */
public final class UntagResource implements Operation<UntagResource.Request> {
    record Request(String resourceArn, List<String> tagKeys) {}

    private final Engine engine;

    public UntagResource(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UntagResource"; }

    @Override
    @SuppressWarnings("unchecked")
    public Request parse(JsonParser p) throws IOException {
        Object[] f = new Object[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "ResourceArn" -> f[0] = JsonIn.string(q);
                case "TagKeys" -> f[1] = JsonIn.stringList(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request((String) f[0], (List<String>) f[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.resourceArn(), "resourceArn").minLength(r.resourceArn(), "resourceArn", 1)
                .maxLength(r.resourceArn(), "resourceArn", 1283).notNull(r.tagKeys(), "tagKeys").check();
        TableCatalog.Entry e = TagRules.resolve(engine.catalog(), ctx, r.resourceArn(), "UntagResource");
        engine.catalog().update(e.definition().name(), TableNames.notFound(e.definition().name()), t -> {
            var b = t.toBuilder();
            r.tagKeys().forEach(b.tags()::remove);
            return b.build();
        });
        // the service answers with an empty body (not even {})
    }
}
