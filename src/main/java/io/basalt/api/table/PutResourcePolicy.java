package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.PolicyGrammar;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * PutResourcePolicy: attaches a resource-based policy to a table or stream, stored with the table's
 * definition. Putting the same document again keeps its RevisionId (the operation is idempotent);
 * a new document gets a new one (milliseconds of the instance's clock, always increasing).
 */
public final class PutResourcePolicy implements Operation<PutResourcePolicy.Request> {
    record Request(String resourceArn, String policy, String expectedRevisionId, Boolean confirmRemoveSelfResourceAccess) {}

    private final Engine engine;
    private final PolicyGrammar policies;

    /**
     * @param policies the resource-policy grammar: which documents are valid, which are the same policy
     */
    public PutResourcePolicy(Engine engine, PolicyGrammar policies) {
        this.engine = engine;
        this.policies = policies;
    }

    @Override public String name() { return "PutResourcePolicy"; }

    private static final Member<String> RESOURCE_ARN = Member.string("ResourceArn");
    private static final Member<String> POLICY = Member.string("Policy");
    private static final Member<String> EXPECTED_REVISION_ID = Member.string("ExpectedRevisionId");
    private static final Member<Boolean> CONFIRM_REMOVE_SELF = Member.bool("ConfirmRemoveSelfResourceAccess");
    private static final Structure SHAPE = Structure.of(RESOURCE_ARN, POLICY, EXPECTED_REVISION_ID, CONFIRM_REMOVE_SELF);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(RESOURCE_ARN), m.get(POLICY), m.get(EXPECTED_REVISION_ID), m.get(CONFIRM_REMOVE_SELF));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new io.basalt.api.common.Constraints().notNull(r.resourceArn(), "resourceArn").notNull(r.policy(), "policy")
                .maxLength(r.expectedRevisionId(), "expectedRevisionId", 255).check();
        ResourcePolicyRules.Target target = ResourcePolicyRules.resolve(engine.catalog(), ctx, r.resourceArn(), name());
        ResourcePolicyRules.checkDocument(r.policy(), policies, !target.key().isEmpty());
        String[] revision = new String[1];
        engine.catalog().update(target.table().account(), target.tableName(), TableNames.notFound(target.tableName()), t -> {
            TableDefinition.ResourcePolicy current = t.resourcePolicies().get(target.key());
            ResourcePolicyRules.checkExpected(current, target.arn(), target.tableName(), r.expectedRevisionId());
            if (current != null && !current.deleted() && policies.equivalent(current.document(), r.policy())) {
                revision[0] = current.revisionId(); // the same policy: nothing changes, the revision stays
                return t;
            }
            revision[0] = ResourcePolicyRules.nextRevision(current, engine.clock().millis());
            var b = t.toBuilder();
            b.resourcePolicies().put(target.key(), new TableDefinition.ResourcePolicy(r.policy(), revision[0]));
            return b.build();
        });
        out.writeStartObject();
        out.writeStringField("RevisionId", revision[0]);
        out.writeEndObject();
    }
}
