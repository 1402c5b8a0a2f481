package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.wire.Member;
import io.basalt.wire.Structure;
import java.io.IOException;

/** GetResourcePolicy: the policy document of a table or stream and its RevisionId. */
public final class GetResourcePolicy implements Operation<GetResourcePolicy.Request> {
    record Request(String resourceArn) {}

    private final Engine engine;
    private final io.basalt.api.PolicyGrammar policies;

    /** @param policies the resource-policy grammar: the canonical form the policy is returned in */
    public GetResourcePolicy(Engine engine, io.basalt.api.PolicyGrammar policies) {
        this.engine = engine;
        this.policies = policies;
    }

    @Override public String name() { return "GetResourcePolicy"; }

    private static final Member<String> RESOURCE_ARN = Member.string("ResourceArn");
    private static final Structure SHAPE = Structure.of(RESOURCE_ARN);

    @Override
    public Request parse(JsonParser p) throws IOException {
        return new Request(SHAPE.readOrEmpty(p).get(RESOURCE_ARN));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        ResourcePolicyRules.Target target = ResourcePolicyRules.resolve(engine.catalog(), ctx, r.resourceArn(), name());
        TableDefinition.ResourcePolicy policy = target.table().definition().resourcePolicy(target.key().isEmpty() ? null : target.key());
        if (policy == null) throw ResourcePolicyRules.noPolicy(target.arn());
        out.writeStartObject();
        out.writeStringField("Policy", policies.canonical(policy.document()));
        out.writeStringField("RevisionId", policy.revisionId());
        out.writeEndObject();
    }
}
