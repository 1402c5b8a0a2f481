package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** DeleteResourcePolicy: removes the policy of a table or stream; answers the RevisionId it had. */
public final class DeleteResourcePolicy implements Operation<DeleteResourcePolicy.Request> {
    record Request(String resourceArn, String expectedRevisionId) {}

    private final Engine engine;

    public DeleteResourcePolicy(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DeleteResourcePolicy"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] f = new String[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "ResourceArn" -> f[0] = JsonIn.string(q);
                case "ExpectedRevisionId" -> f[1] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(f[0], f[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new io.basalt.api.common.Constraints().maxLength(r.expectedRevisionId(), "expectedRevisionId", 255).check();
        ResourcePolicyRules.Target target = ResourcePolicyRules.resolve(engine.catalog(), ctx, r.resourceArn(), name());
        String[] revision = new String[1];
        engine.catalog().update(target.tableName(), TableNames.notFound(target.tableName()), t -> {
            TableDefinition.ResourcePolicy current = t.resourcePolicies().get(target.key());
            if (current == null) throw ResourcePolicyRules.noPolicy(target.arn());
            ResourcePolicyRules.checkExpected(current, target.arn(), r.expectedRevisionId());
            revision[0] = current.revisionId();
            var b = t.toBuilder();
            b.resourcePolicies().remove(target.key());
            return b.build();
        });
        out.writeStartObject();
        out.writeStringField("RevisionId", revision[0]);
        out.writeEndObject();
    }
}
