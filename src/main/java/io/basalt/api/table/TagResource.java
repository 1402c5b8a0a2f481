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
import java.util.Map;

/** TagResource: adds or replaces tags of a table (at most 50 in all). */
public final class TagResource implements Operation<TagResource.Request> {
    record Request(String resourceArn, List<TableJson.Tag> tags) {}

    private final Engine engine;

    public TagResource(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "TagResource"; }

    @Override
    @SuppressWarnings("unchecked")
    public Request parse(JsonParser p) throws IOException {
        Object[] f = new Object[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "ResourceArn" -> f[0] = JsonIn.string(q);
                case "Tags" -> f[1] = TableJson.tags(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request((String) f[0], (List<TableJson.Tag>) f[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.resourceArn(), "resourceArn").minLength(r.resourceArn(), "resourceArn", 1)
                .maxLength(r.resourceArn(), "resourceArn", 1283).notNull(r.tags(), "tags").check();
        Map<String, String> add = TagRules.validateNew(r.tags());
        TableCatalog.Entry e = TagRules.resolve(engine.catalog(), ctx, r.resourceArn(), "TagResource");
        engine.catalog().update(e.definition().name(), TableNames.notFound(e.definition().name()), t -> {
            var b = t.toBuilder();
            b.tags().putAll(add);
            TagRules.checkCount(b.tags().size());
            return b.build();
        });
        // the service answers with an empty body (not even {})
    }
}
