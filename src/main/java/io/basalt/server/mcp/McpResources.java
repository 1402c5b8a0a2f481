package io.basalt.server.mcp;

import static io.basalt.server.mcp.JsonValues.object;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resources: one per table, {@code basalt://tables/NAME}, its schema and indexes (DescribeTable's
 * Table). Listed and read through the API as the caller, so a caller sees only the tables its
 * policies let it list and describe.
 */
final class McpResources {
    /** The suffix of a table's partition report resource. */
    static final String PARTITIONS = "/partitions";

    private McpResources() {}

    static Map<String, Object> tableTemplate() {
        return object("uriTemplate", McpServer.TABLE_URI_PREFIX + "{TableName}", "name", "table", "title", "Table schema and indexes",
                "description", "A table's key schema, attribute definitions, indexes, billing and status (DescribeTable).",
                "mimeType", "application/json");
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(ApiCaller api) throws IOException, McpServer.RpcError {
        List<Object> out = new ArrayList<>();
        String start = null;
        do {
            Map<String, Object> req = object("Limit", new JsonValues.Number("100"));
            if (start != null) req.put("ExclusiveStartTableName", start);
            Map<String, Object> page = (Map<String, Object>) call(api, "ListTables", req);
            for (Object name : (List<Object>) page.getOrDefault("TableNames", List.of())) {
                out.add(object("uri", McpServer.TABLE_URI_PREFIX + name, "name", name, "title", "Table " + name,
                        "description", "Key schema, attributes and indexes of table " + name + " (DescribeTable)",
                        "mimeType", "application/json"));
                out.add(object("uri", McpServer.TABLE_URI_PREFIX + name + PARTITIONS, "name", name + PARTITIONS,
                        "title", "Partitions of " + name, "description", "Simulated partitions, heat, throttling and top keys of table "
                        + name + " (partition_report)", "mimeType", "application/json"));
            }
            start = page.get("LastEvaluatedTableName") instanceof String s ? s : null;
        } while (start != null && out.size() < McpServer.MAX_LISTED_TABLES);
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(Object uri, ApiCaller api) throws IOException, McpServer.RpcError {
        if (!(uri instanceof String u) || !u.startsWith(McpServer.TABLE_URI_PREFIX) || u.length() == McpServer.TABLE_URI_PREFIX.length()) {
            throw new McpServer.RpcError(McpServer.RESOURCE_NOT_FOUND, "Resource not found", object("uri", uri));
        }
        String table = u.substring(McpServer.TABLE_URI_PREFIX.length());
        boolean partitions = table.endsWith(PARTITIONS) && table.length() > PARTITIONS.length();
        if (partitions) table = table.substring(0, table.length() - PARTITIONS.length());
        Map<String, Object> described;
        try {
            described = (Map<String, Object>) call(api, partitions ? McpTools.PARTITION_REPORT : "DescribeTable", object("TableName", table));
        } catch (McpServer.RpcError e) {
            if (e.data instanceof Map<?, ?> d && String.valueOf(d.get("__type")).endsWith("#ResourceNotFoundException")) {
                throw new McpServer.RpcError(McpServer.RESOURCE_NOT_FOUND, "Resource not found", object("uri", uri, "__type", d.get("__type"),
                        "message", d.get("message")));
            }
            throw e;
        }
        String text = JsonValues.text(described.get(partitions ? "Activity" : "Table"));
        return object("contents", List.of(object("uri", u, "mimeType", "application/json", "text", text)));
    }

    /** The parsed response of an API call; an error of the service becomes a JSON-RPC error carrying its type and message. */
    private static Object call(ApiCaller api, String operation, Map<String, Object> request) throws IOException, McpServer.RpcError {
        ApiCaller.Answer a = api.call(operation, JsonValues.write(request));
        Object body = JsonValues.parse(a.body());
        if (a.status() != 200) {
            McpServer.ServiceError e = McpServer.ServiceError.of(a.status(), body);
            throw new McpServer.RpcError(McpServer.SERVICE_ERROR, e.summary(), e.asObject());
        }
        return body;
    }
}
