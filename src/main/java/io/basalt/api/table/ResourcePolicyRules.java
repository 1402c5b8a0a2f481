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
        if (!arn.startsWith("arn:")) throw DynamoException.validation(INVALID + "ARNs must start with 'arn:': " + arn);
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !"dynamodb".equals(parts[2])) {
            // the catalogue's form for the tagging and policy operations (DDB-TABLE-442)
            throw DynamoException.validation(INVALID + "Provided Arn is not a DynamoDB resource arn: " + arn);
        }
        if (!parts[1].equals(partition(ctx.region())) || !parts[3].equals(ctx.region())) {
            throw DynamoException.validation(INVALID + "Invalid resource Arn: " + arn);
        }
        if (!parts[4].equals(ctx.accountId())) {
            throw DynamoException.validation("This action is only supported by accounts that match the resource owner\u2019s account.");
        }
        if (!parts[5].startsWith("table/")) throw notDynamoDb(arn);
        String[] path = parts[5].substring("table/".length()).split("/", -1);
        String table = path[0];
        if (path.length == 3 && path[1].equals("index") && !path[2].isEmpty()) {
            throw DynamoException.validation(INVALID + "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: " + arn);
        }
        boolean stream = path.length == 3 && path[1].equals("stream") && !path[2].isEmpty();
        if (table.isEmpty() || (path.length != 1 && !stream)) throw notDynamoDb(arn);
        TableCatalog.Entry e = catalog.find(ctx.namespace(parts[4], parts[3]), table);
        if (e == null) throw DynamoException.resourceNotFound("Requested resource not found: Table: " + table + " not found");
        if (!stream) return new Target(e, "", arn);
        if (!e.definition().stream().knows(path[2])) {
            throw DynamoException.resourceNotFound("Requested resource not found: Stream: " + path[2] + " not found for Table: " + table);
        }
        return new Target(e, path[2], arn);
    }

    /** A DynamoDB ARN of another kind (a backup's): the text as captured, the ARN right after "resource" (DDB-TABLE-212). */
    private static DynamoException notDynamoDb(String arn) {
        return DynamoException.validation(INVALID + "Provided Arn is not a DynamoDB resource " + arn);
    }

    /** The ARN partition of a region. */
    private static String partition(String region) {
        if (region.startsWith("cn-")) return "aws-cn";
        if (region.startsWith("us-gov-")) return "aws-us-gov";
        return "aws";
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
