package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.Locale;

/**
 * ResourceArn of TagResource / UntagResource / ListTagsOfResource, checked as the live service checks
 * it (ack-api-quirks DDB-TABLE-011/071/136/373, 2026-10-08/09). The ARN's fixed parts compare without
 * case (an upper-cased ARN reaches the table lookup and is not found); the table name is exact.
 */
final class TagArns {
    /** A resolved ARN: the table, and whether the ARN named one of its streams (a tag slot of its own). */
    record Target(TableCatalog.Entry table, boolean stream) {}

    private TagArns() {}

    static Target resolve(TableCatalog catalog, RequestContext ctx, String arn) {
        if (!arn.regionMatches(true, 0, "arn:", 0, 4)) {
            throw DynamoException.validation("One or more parameter values were invalid: ARNs must start with 'arn:': " + arn);
        }
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !parts[2].equalsIgnoreCase("dynamodb")) {
            throw DynamoException.validation("One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: " + arn);
        }
        String resource = parts[5];
        if (!resource.regionMatches(true, 0, "table/", 0, 6)) throw onlyTableOrStream(arn);
        if (!parts[4].equals(ctx.accountId())) throw new DynamoException(ErrorType.ACCESS_DENIED, "Access is denied");
        if (!parts[3].equalsIgnoreCase(ctx.region())) {
            throw DynamoException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String rest = resource.substring("table/".length());
        int slash = rest.indexOf('/');
        boolean stream = false;
        if (slash >= 0) {
            String sub = rest.substring(slash + 1).toLowerCase(Locale.ROOT);
            if (!sub.startsWith("stream/") || sub.length() == "stream/".length()) throw onlyTableOrStream(arn);
            stream = true;
        }
        String table = slash < 0 ? rest : rest.substring(0, slash);
        TableCatalog.Entry e = catalog.find(ctx.namespace(parts[4], ctx.region()), table);
        if (e == null) {
            throw DynamoException.resourceNotFound("Requested resource not found: ResourceArn: " + arn + " not found");
        }
        return new Target(e, stream);
    }

    private static DynamoException onlyTableOrStream(String arn) {
        return DynamoException.validation("One or more parameter values were invalid: Invalid resource arn provided, "
                + "only table or stream is accepted. Provided resource arn: " + arn);
    }
}
