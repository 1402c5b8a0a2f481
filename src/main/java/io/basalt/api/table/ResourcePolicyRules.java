package io.basalt.api.table;

import io.basalt.api.RequestContext;
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
    static final int MAX_POLICY_BYTES = 20 * 1024;
    /** ExpectedRevisionId that asks for "only if the resource has no policy yet". */
    static final String NO_POLICY = "NO_POLICY";

    private ResourcePolicyRules() {}

    /** A resolved ResourceArn: the table and the key of the policy ("" for the table, else the stream label). */
    record Target(TableCatalog.Entry table, String key, String arn) {
        String tableName() {
            return table.definition().name();
        }
    }

    static Target resolve(TableCatalog catalog, RequestContext ctx, String arn, String operation) {
        new Constraints().notNull(arn, "resourceArn").minLength(arn, "resourceArn", 1).maxLength(arn, "resourceArn", 1283).check();
        TableCatalog.Entry e = TagRules.resolve(catalog, ctx, arn, operation);
        String rest = arn.split(":", 6)[5].substring("table/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) return new Target(e, "", arn);
        String sub = rest.substring(slash + 1);
        if (!sub.startsWith("stream/") || sub.length() == "stream/".length()) {
            throw DynamoException.validation("Invalid ResourceArn provided as input " + arn);
        }
        String label = sub.substring("stream/".length());
        if (!e.definition().stream().knows(label)) {
            throw DynamoException.resourceNotFound("Requested resource not found: ResourceArn: " + arn + " not found");
        }
        return new Target(e, label, arn);
    }

    /** Refuses a policy document over the size limit or one the policy grammar rejects. */
    static void checkDocument(String policy, io.basalt.api.PolicyGrammar policyCheck) {
        if (policy.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_POLICY_BYTES) {
            throw DynamoException.validation("Policy document size exceeds the maximum allowed size of 20 KB");
        }
        String fault = policyCheck.fault(policy);
        if (fault != null) throw DynamoException.validation("Invalid policy document: " + fault);
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
