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

/** UntagResource: removes tag keys (absent keys are not an error). */
public final class UntagResource implements Operation<UntagResource.Request> {
    record Request(String resourceArn, List<String> tagKeys) {}

    private final Engine engine;

    public UntagResource(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UntagResource"; }

    private static final Member<String> RESOURCE_ARN = Member.string("ResourceArn");
    private static final Member<List<String>> TAG_KEYS = Member.stringList("TagKeys");
    private static final Structure SHAPE = Structure.of(RESOURCE_ARN, TAG_KEYS);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(RESOURCE_ARN), m.get(TAG_KEYS));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.resourceArn(), "resourceArn").minLength(r.resourceArn(), "resourceArn", 1)
                .maxLength(r.resourceArn(), "resourceArn", 1283).notNull(r.tagKeys(), "tagKeys").check();
        TagRules.validateKeys(r.tagKeys());
        TagArns.Target target = TagArns.resolve(engine.catalog(), ctx, r.resourceArn());
        if (target.stream()) return; // a stream's own tag slot (DDB-TABLE-373): nothing kept there
        TableCatalog.Entry e = target.table();
        engine.catalog().update(e.account(), e.definition().name(), TableNames.notFound(e.definition().name()), t -> {
            var b = t.toBuilder();
            r.tagKeys().forEach(b.tags()::remove);
            return b.build();
        });
        // the service answers with an empty body (not even {})
    }
}
