package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** DeleteResourcePolicy: removes the policy of a table or stream; answers the RevisionId it had. */
public final class DeleteResourcePolicy implements Operation<DeleteResourcePolicy.Request> {
    record Request(String resourceArn, String expectedRevisionId) {}

    private final Engine engine;

    public DeleteResourcePolicy(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteResourcePolicy"; }

    private static final Member<String> RESOURCE_ARN = Member.string("ResourceArn");
    private static final Member<String> EXPECTED_REVISION_ID = Member.string("ExpectedRevisionId");
    private static final Structure SHAPE = Structure.of(RESOURCE_ARN, EXPECTED_REVISION_ID);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(RESOURCE_ARN), m.get(EXPECTED_REVISION_ID));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new io.basalt.api.common.Constraints().maxLength(r.expectedRevisionId(), "expectedRevisionId", 255).check();
        ResourcePolicyRules.Target target = ResourcePolicyRules.resolve(engine.catalog(), ctx, r.resourceArn(), name());
        String[] revision = new String[1];
        engine.catalog().update(target.table().account(), target.tableName(), TableNames.notFound(target.tableName()), t -> {
            TableDefinition.ResourcePolicy current = t.resourcePolicies().get(target.key());
            ResourcePolicyRules.checkExpected(current, target.arn(), target.tableName(), r.expectedRevisionId());
            // Deleting is idempotent: no policy ever, an empty answer; after a deletion, the tombstone's revision
            if (current == null) return t;
            revision[0] = current.revisionId();
            if (current.deleted()) return t;
            var b = t.toBuilder();
            b.resourcePolicies().put(target.key(),
                    TableDefinition.ResourcePolicy.deletedAt(ResourcePolicyRules.nextRevision(current, engine.clock().millis())));
            return b.build();
        });
        out.writeStartObject();
        if (revision[0] != null) out.writeStringField("RevisionId", revision[0]);
        out.writeEndObject();
    }
}
