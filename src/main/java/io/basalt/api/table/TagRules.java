package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Tag limits and table ARN resolution for the tagging operations. */
final class TagRules {
    static final int MAX_TAGS = io.basalt.model.ServiceLimits.TAGS;

    private TagRules() {}

    /** Validates tags given at CreateTable or TagResource; returns them as an ordered map (null if none). */
    static Map<String, String> validateNew(List<TableJson.Tag> tags) {
        if (tags == null) return null;
        Constraints c = new Constraints();
        for (int i = 0; i < tags.size(); i++) {
            TableJson.Tag t = tags.get(i);
            String p = "tags." + (i + 1) + ".member";
            c.notNull(t.key(), p + ".key").minLength(t.key(), p + ".key", 1).maxLength(t.key(), p + ".key", 128)
             .notNull(t.value(), p + ".value").maxLength(t.value(), p + ".value", 256);
        }
        c.check();
        Map<String, String> out = new LinkedHashMap<>();
        for (TableJson.Tag t : tags) {
            if (t.key().startsWith("aws:")) {
                throw DynamoException.validation("One or more parameter values were invalid: Tag keys starting with 'aws:' are reserved for system use");
            }
            out.put(t.key(), t.value());
        }
        return out;
    }

    static void checkCount(int count) {
        if (count > MAX_TAGS) {
            throw new DynamoException(ErrorType.VALIDATION,
                    "One or more parameter values were invalid: The number of tags exceeds the limit of " + MAX_TAGS);
        }
    }

    /**
     * The table a ResourceArn names, with the service's errors for malformed or unknown ARNs; an ARN
     * of another account than the caller's is refused as the service refuses it (no resource policy
     * grants the caller anything there).
     */
    static TableCatalog.Entry resolve(TableCatalog catalog, RequestContext ctx, String arn, String operation) {
        if (arn == null || !arn.startsWith("arn:")) {
            throw DynamoException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !"dynamodb".equals(parts[2]) || !parts[5].startsWith("table/")) {
            throw DynamoException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        if (!parts[4].equals(ctx.accountId())) {
            throw new DynamoException(ErrorType.ACCESS_DENIED, "User: arn:aws:iam::" + ctx.accountId()
                    + ":root is not authorized to perform: dynamodb:" + operation + " on resource: " + arn
                    + " because no resource-based policy allows the dynamodb:" + operation + " action");
        }
        String rest = parts[5].substring("table/".length());
        int slash = rest.indexOf('/');
        String table = slash < 0 ? rest : rest.substring(0, slash);
        TableCatalog.Entry e = catalog.find(ctx.namespace(parts[4], parts[3]), table);
        if (e == null || !parts[3].equals(ctx.region())) {
            throw DynamoException.resourceNotFound("Requested resource not found: ResourceArn: " + arn + " not found");
        }
        return e;
    }
}
