package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.api.common.ResourceArns;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;

/**
 * The service accepts a table ARN wherever a TableName is accepted. A name is looked up in the
 * caller's account and region; an ARN in the account and region it names (whether the caller may
 * act there is authorization's business, decided before the operation runs).
 */
public final class TableNames {
    private TableNames() {}

    /**
     * The catalog namespace a table name or ARN belongs to: an ARN's own account and region, else
     * the caller's account in the request's region (model.Namespaces). An ARN that is not a table ARN
     * of the endpoint's partition and region is refused (api.common.ResourceArns).
     */
    public static String namespace(RequestContext ctx, String nameOrArn) {
        if (nameOrArn == null) return ctx.namespace();
        ResourceArns.TableRef t = ResourceArns.table(ctx.region(), ctx.accountId(), nameOrArn);
        return ctx.namespace(t.account(), t.region());
    }

    /** The table a name or ARN names, or ResourceNotFoundException with {@code notFoundMessage}. */
    public static TableCatalog.Entry require(Engine engine, RequestContext ctx, String nameOrArn, String notFoundMessage) {
        return traced(engine, ctx, engine.catalog().require(namespace(ctx, nameOrArn), fromNameOrArn(ctx, nameOrArn), notFoundMessage));
    }

    private static TableCatalog.Entry traced(Engine engine, RequestContext ctx, TableCatalog.Entry table) {
        TableCapacity capacity = engine.capacity().of(table);
        if (capacity != null && ctx.trace() != null) ctx.trace().table(capacity.latency());
        return table;
    }

    /** The table of an item, query or PartiQL request: a missing one gets those operations' text. */
    public static TableCatalog.Entry ofItemRequest(Engine engine, RequestContext ctx, String nameOrArn) {
        return require(engine, ctx, nameOrArn, "Requested resource not found");
    }

    /**
     * The table of an item read or query: a definition confirmed within the last second serves
     * (TableCatalog.findForRead), so a read costs the store no catalog read of its own.
     */
    public static TableCatalog.Entry ofRead(Engine engine, RequestContext ctx, String nameOrArn) {
        return traced(engine, ctx, engine.catalog().requireForRead(namespace(ctx, nameOrArn), fromNameOrArn(ctx, nameOrArn),
                "Requested resource not found"));
    }

    /** The table name a name or table ARN names (an ARN checked as {@link #namespace} checks it). */
    public static String fromNameOrArn(RequestContext ctx, String nameOrArn) {
        return nameOrArn == null ? null : ResourceArns.tableName(ctx.region(), ctx.accountId(), nameOrArn);
    }

    /** The service's not-found text for a table, as DescribeTable and friends report it. */
    /** The ARN of a table of a namespace (model.Namespaces), in the caller's region. */
    public static String arn(RequestContext ctx, String namespace, String name) {
        return io.basalt.model.Arns.table(ctx.region(), io.basalt.model.Namespaces.account(namespace), name);
    }

    public static String notFound(String name) {
        return "Requested resource not found: Table: " + name + " not found";
    }
}
