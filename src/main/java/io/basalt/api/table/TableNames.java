package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;

/**
 * The service accepts a table ARN wherever a TableName is accepted. A name is looked up in the
 * caller's account and region; an ARN in the account and region it names (whether the caller may
 * act there is authorization's business, decided before the operation runs).
 */
public final class TableNames {
    private TableNames() {}

    /**
     * The catalog namespace a table name or ARN belongs to: an ARN's own account and region, else
     * the caller's account in the request's region (model.Namespaces).
     */
    public static String namespace(RequestContext ctx, String nameOrArn) {
        if (nameOrArn != null && nameOrArn.startsWith("arn:")) {
            String[] parts = nameOrArn.split(":", 6);
            if (parts.length == 6 && !parts[4].isEmpty()) {
                checkTableArn(ctx, nameOrArn, parts);
                return ctx.namespace(parts[4], parts[3]);
            }
        }
        return ctx.namespace();
    }

    /**
     * A table ARN as TableName must name the endpoint's region and the table itself, not one of its
     * indexes or streams (ack-api-quirks DDB-TABLE-011, live 2026-10-08).
     */
    private static void checkTableArn(RequestContext ctx, String arn, String[] parts) {
        if (!parts[3].equals(ctx.region())) {
            throw DynamoException.validation("1 validation error detected: Invalid AWS region in '" + arn + "'");
        }
        if (parts[5].startsWith("table/") && parts[5].indexOf('/', "table/".length()) >= 0) {
            throw DynamoException.validation("1 validation error detected: Invalid resource type in '" + arn + "'");
        }
    }

    /** The table a name or ARN names, or ResourceNotFoundException with {@code notFoundMessage}. */
    public static TableCatalog.Entry require(Engine engine, RequestContext ctx, String nameOrArn, String notFoundMessage) {
        TableCatalog.Entry table = engine.catalog().require(namespace(ctx, nameOrArn), fromNameOrArn(nameOrArn), notFoundMessage);
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
        TableCatalog.Entry table = engine.catalog().requireForRead(namespace(ctx, nameOrArn), fromNameOrArn(nameOrArn),
                "Requested resource not found");
        TableCapacity capacity = engine.capacity().of(table);
        if (capacity != null && ctx.trace() != null) ctx.trace().table(capacity.latency());
        return table;
    }

    public static String fromNameOrArn(String nameOrArn) {
        if (nameOrArn == null || !nameOrArn.startsWith("arn:")) return nameOrArn;
        int i = nameOrArn.indexOf(":table/");
        if (i < 0) return nameOrArn;
        String rest = nameOrArn.substring(i + ":table/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** The service's not-found text for a table, as DescribeTable and friends report it. */
    /** The ARN of a table of a namespace (model.Namespaces), in the caller's region. */
    public static String arn(RequestContext ctx, String namespace, String name) {
        return "arn:aws:dynamodb:" + ctx.region() + ":" + io.basalt.model.Namespaces.account(namespace) + ":table/" + name;
    }

    public static String notFound(String name) {
        return "Requested resource not found: Table: " + name + " not found";
    }
}
