package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.api.common.ResourceArns;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;

/**
 * ResourceArn of TagResource / UntagResource / ListTagsOfResource, checked as the live service checks
 * it (api.common.ResourceArns#taggable).
 */
final class TagArns {
    /** A resolved ARN: the table, and whether the ARN named one of its streams (a tag slot of its own). */
    record Target(TableCatalog.Entry table, boolean stream) {}

    private TagArns() {}

    static Target resolve(TableCatalog catalog, RequestContext ctx, String arn) {
        ResourceArns.Resource r = ResourceArns.taggable(ctx.region(), ctx.accountId(), arn);
        TableCatalog.Entry e = catalog.find(ctx.namespace(r.account(), r.region()), r.table());
        if (e == null) {
            throw DynamoException.resourceNotFound("Requested resource not found: ResourceArn: " + arn + " not found");
        }
        return new Target(e, r.streamLabel() != null);
    }
}
