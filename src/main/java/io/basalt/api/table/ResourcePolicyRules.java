package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.api.common.ResourceArns;
import io.basalt.api.common.Constraints;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;

/**
 * What the resource-policy operations share: the resource an ARN names (a table, or one of its
 * streams), and the service's PolicyNotFoundException texts.
 */
final class ResourcePolicyRules {
    /** The service's limit on a policy document, whitespace included. */
    static final int MAX_POLICY_BYTES = io.basalt.model.ServiceLimits.RESOURCE_POLICY_BYTES;
    /** ExpectedRevisionId that asks for "only if the resource has no policy yet". */
    static final String NO_POLICY = "NO_POLICY";
    private static final String INVALID = "One or more parameter values were invalid: ";

    private ResourcePolicyRules() {}

    /** A resolved ResourceArn: the table and the key of the policy ("" for the table, else the stream label). */
    record Target(TableCatalog.Entry table, String key, String arn) {
        String tableName() {
            return table.definition().name();
        }
    }

    /**
     * The table or stream a ResourceArn names, with the service's refusals of other ARNs
     * (ack-api-quirks DDB-TABLE-212/214, live 2026-10-09).
     */
    static Target resolve(TableCatalog catalog, RequestContext ctx, String arn, String operation) {
        new Constraints().notNull(arn, "resourceArn").minLength(arn, "resourceArn", 1).maxLength(arn, "resourceArn", 1283).check();
        ResourceArns.Resource r = ResourceArns.policyResource(ctx.region(), ctx.accountId(), arn);
        TableCatalog.Entry e = catalog.find(ctx.namespace(r.account(), r.region()), r.table());
        if (e == null) throw DynamoException.resourceNotFound("Requested resource not found: Table: " + r.table() + " not found");
        if (r.streamLabel() == null) return new Target(e, "", arn);
        if (!e.definition().stream().knows(r.streamLabel())) {
            throw DynamoException.resourceNotFound("Requested resource not found: Stream: " + r.streamLabel() + " not found for Table: " + r.table());
        }
        return new Target(e, r.streamLabel(), arn);
    }

    /** Refuses a policy document over the size limit (whitespace counts) or one the policy grammar rejects. */
    static void checkDocument(String policy, io.basalt.api.PolicyGrammar grammar, boolean stream) {
        if (policy.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_POLICY_BYTES) {
            throw DynamoException.validation(INVALID + "Maximum policy size of " + MAX_POLICY_BYTES + " bytes exceeded");
        }
        String fault = grammar.fault(policy, stream);
        if (fault != null) throw DynamoException.validation(fault);
    }

    static DynamoException noPolicy(String arn) {
        return new DynamoException(ErrorType.POLICY_NOT_FOUND, "Resource-based policy not found for the provided ResourceArn: " + arn);
    }

    /**
     * Throws when {@code expected} (given) does not name the current revision; NO_POLICY asks that
     * no policy be in force. A deleted policy keeps its tombstone's revision (the deletion time).
     * Texts as the service answered them on 2026-10-09 (docs/security.md).
     */
    static void checkExpected(TableDefinition.ResourcePolicy current, String arn, String table, String expected) {
        if (expected == null) return;
        String prefix = "Resource-based policy not found for the provided ResourceArn: ";
        if (expected.equals(NO_POLICY)) {
            if (current != null && !current.deleted()) {
                throw new DynamoException(ErrorType.POLICY_NOT_FOUND, prefix + "Requested policy update expecting none to be present for table "
                        + table + ", but a policy exists with revision id " + current.revisionId() + ".");
            }
            return;
        }
        if (current == null) {
            throw new DynamoException(ErrorType.POLICY_NOT_FOUND, prefix + "Requested update for policy with revision id " + expected
                    + ", but table " + table + " has no associated policy.");
        }
        if (!current.revisionId().equals(expected)) {
            throw new DynamoException(ErrorType.POLICY_NOT_FOUND, prefix + "Requested update for policy with revision id " + expected
                    + ", but the policy associated to target table " + table + " has revision id " + current.revisionId() + ".");
        }
    }

    /** A new revision id: the change's time in epoch milliseconds, after the one it replaces. */
    static String nextRevision(TableDefinition.ResourcePolicy current, long nowMillis) {
        return Long.toString(current == null ? nowMillis : Math.max(nowMillis, Long.parseLong(current.revisionId()) + 1));
    }
}
