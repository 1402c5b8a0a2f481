package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
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

    private static final Member<String> RESOURCE_ARN = Member.string("ResourceArn");
    private static final Member<List<TableJson.Tag>> TAGS = Member.of("Tags", TableJson::tags);
    private static final Structure SHAPE = Structure.of(RESOURCE_ARN, TAGS);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(RESOURCE_ARN), m.get(TAGS));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.resourceArn(), "resourceArn").minLength(r.resourceArn(), "resourceArn", 1)
                .maxLength(r.resourceArn(), "resourceArn", 1283).notNull(r.tags(), "tags").check();
        Map<String, String> add = TagRules.validateNew(r.tags(), false);
        TagArns.Target target = TagArns.resolve(engine.catalog(), ctx, r.resourceArn());
        // a stream ARN is a tag slot of its own, not the table's (DDB-TABLE-373); Basalt keeps no stream tags
        if (target.stream()) return;
        TableCatalog.Entry e = target.table();
        engine.catalog().update(e.account(), e.definition().name(), TableNames.notFound(e.definition().name()), t -> {
            var b = t.toBuilder();
            b.tags().putAll(add);
            TagRules.checkSet(b.tags());
            return b.build();
        });
        // the service answers with an empty body (not even {})
    }
}
