package io.basalt.server.mcp;

import static io.basalt.server.mcp.JsonValues.object;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools: each one DynamoDB operation, its arguments that operation's request members and its
 * result the operation's response. The schemas name the members an agent needs most and leave the
 * others open ({@code additionalProperties}), so every member of the API reference is accepted.
 */
final class McpTools {
    /**
     * @param writes whether the tool changes items or tables (refused on a read-only server)
     * @param pageLimit the Limit a call gets when it gives none (0: the operation's own), so a page stays small
     */
    record Tool(String name, String operation, String title, String description, boolean writes, int pageLimit,
                Map<String, Object> inputSchema) {
        Map<String, Object> listing() {
            Map<String, Object> t = object("name", name, "title", title, "description", description, "inputSchema", inputSchema);
            boolean mayWrite = writes || operation.equals("ExecuteStatement"); // PartiQL writes unless a SELECT
            t.put("annotations", object("readOnlyHint", !mayWrite, "destructiveHint", mayWrite,
                    "idempotentHint", !mayWrite, "openWorldHint", Boolean.FALSE));
            return t;
        }
    }

    /** partition_report's operation: Basalt's own extension of the API, as the console calls it. */
    static final String PARTITION_REPORT = "Basalt_20261125.DescribeTableActivity";

    /** tail_stream's operation: several Streams API calls, not one. */
    static final String TAIL_STREAM = "basalt:tail_stream";

    /** The Limit of a query or scan page when the call gives none. */
    static final int DEFAULT_PAGE_LIMIT = 100;

    private static final String ITEM_NOTE = " Attribute values in DynamoDB JSON ({\"S\":\"x\"}) or plain JSON (\"x\", 5, true, null, [...], {...}).";

    static final List<Tool> ALL = List.of(
            tool("list_tables", "ListTables", "List tables", "Lists the tables (ListTables): TableNames and LastEvaluatedTableName.", false, 0,
                    optional("ExclusiveStartTableName", "string", "Limit", "integer")),
            tool("describe_table", "DescribeTable", "Describe a table",
                    "Describes a table (DescribeTable): key schema, attribute definitions, indexes, billing, status, item count.", false, 0,
                    table()),
            tool("create_table", "CreateTable", "Create a table",
                    "Creates a table (CreateTable) with its key schema, attribute definitions, billing mode and indexes.", true, 0,
                    schema(List.of("TableName", "KeySchema", "AttributeDefinitions"), "TableName", "string", "KeySchema", "array",
                            "AttributeDefinitions", "array", "BillingMode", "string", "ProvisionedThroughput", "object",
                            "GlobalSecondaryIndexes", "array", "LocalSecondaryIndexes", "array", "StreamSpecification", "object")),
            tool("update_table", "UpdateTable", "Update a table", "Changes a table (UpdateTable): billing mode, throughput,"
                    + " GlobalSecondaryIndexUpdates (create or delete a GSI), StreamSpecification.", true, 0,
                    schema(List.of("TableName"), "TableName", "string", "AttributeDefinitions", "array", "BillingMode", "string",
                            "ProvisionedThroughput", "object", "GlobalSecondaryIndexUpdates", "array", "StreamSpecification", "object")),
            tool("delete_table", "DeleteTable", "Delete a table", "Deletes a table and all its items (DeleteTable).", true, 0, table()),
            tool("get_item", "GetItem", "Get an item", "Reads one item by its primary key (GetItem)." + ITEM_NOTE, false, 0,
                    schema(List.of("TableName", "Key"), "TableName", "string", "Key", "object", "ConsistentRead", "boolean",
                            "ProjectionExpression", "string", "ExpressionAttributeNames", "object", "ReturnConsumedCapacity", "string")),
            tool("put_item", "PutItem", "Put an item", "Writes a whole item, replacing one with the same key (PutItem)." + ITEM_NOTE, true, 0,
                    schema(List.of("TableName", "Item"), "TableName", "string", "Item", "object", "ConditionExpression", "string",
                            "ExpressionAttributeNames", "object", "ExpressionAttributeValues", "object", "ReturnValues", "string",
                            "ReturnConsumedCapacity", "string")),
            tool("update_item", "UpdateItem", "Update an item", "Changes attributes of one item with an update expression (UpdateItem)." + ITEM_NOTE,
                    true, 0, schema(List.of("TableName", "Key"), "TableName", "string", "Key", "object", "UpdateExpression", "string",
                            "ConditionExpression", "string", "ExpressionAttributeNames", "object", "ExpressionAttributeValues", "object",
                            "ReturnValues", "string", "ReturnConsumedCapacity", "string")),
            tool("delete_item", "DeleteItem", "Delete an item", "Deletes one item by its primary key (DeleteItem)." + ITEM_NOTE, true, 0,
                    schema(List.of("TableName", "Key"), "TableName", "string", "Key", "object", "ConditionExpression", "string",
                            "ExpressionAttributeNames", "object", "ExpressionAttributeValues", "object", "ReturnValues", "string")),
            tool("query", "Query", "Query", "Reads the items of one partition key, optionally a sort key range (Query). One page:"
                    + " Limit defaults to " + DEFAULT_PAGE_LIMIT + "; pass LastEvaluatedKey back as ExclusiveStartKey for the next." + ITEM_NOTE,
                    false, DEFAULT_PAGE_LIMIT, schema(List.of("TableName", "KeyConditionExpression"), "TableName", "string", "IndexName", "string",
                            "KeyConditionExpression", "string", "FilterExpression", "string", "ProjectionExpression", "string",
                            "ExpressionAttributeNames", "object", "ExpressionAttributeValues", "object", "Limit", "integer",
                            "ScanIndexForward", "boolean", "ExclusiveStartKey", "object", "ConsistentRead", "boolean", "Select", "string",
                            "ReturnConsumedCapacity", "string")),
            tool("scan", "Scan", "Scan", "Reads a table or index page by page (Scan). One page: Limit defaults to " + DEFAULT_PAGE_LIMIT
                    + "; pass LastEvaluatedKey back as ExclusiveStartKey for the next." + ITEM_NOTE, false, DEFAULT_PAGE_LIMIT,
                    schema(List.of("TableName"), "TableName", "string", "IndexName", "string", "FilterExpression", "string",
                            "ProjectionExpression", "string", "ExpressionAttributeNames", "object", "ExpressionAttributeValues", "object",
                            "Limit", "integer", "ExclusiveStartKey", "object", "Segment", "integer", "TotalSegments", "integer",
                            "ConsistentRead", "boolean", "Select", "string", "ReturnConsumedCapacity", "string")),
            tool("batch_get_item", "BatchGetItem", "Get items in a batch", "Reads up to 100 items of one or more tables (BatchGetItem):"
                    + " RequestItems maps each table to {Keys: [...]}; UnprocessedKeys are to be retried." + ITEM_NOTE, false, 0,
                    schema(List.of("RequestItems"), "RequestItems", "object", "ReturnConsumedCapacity", "string")),
            tool("batch_write_item", "BatchWriteItem", "Write items in a batch", "Puts or deletes up to 25 items (BatchWriteItem): RequestItems"
                    + " maps each table to [{PutRequest: {Item}} | {DeleteRequest: {Key}}]; UnprocessedItems are to be retried." + ITEM_NOTE,
                    true, 0, schema(List.of("RequestItems"), "RequestItems", "object", "ReturnConsumedCapacity", "string")),
            tool("transact_write_items", "TransactWriteItems", "Write items in a transaction", "Writes up to 100 actions all or none"
                    + " (TransactWriteItems): TransactItems of Put, Update, Delete, ConditionCheck." + ITEM_NOTE, true, 0,
                    schema(List.of("TransactItems"), "TransactItems", "array", "ClientRequestToken", "string", "ReturnConsumedCapacity", "string")),
            tool("execute_partiql", "ExecuteStatement", "Run a PartiQL statement", "Runs one PartiQL statement (ExecuteStatement);"
                    + " SELECT is a read, INSERT, UPDATE and DELETE are writes. Parameters are attribute values." + ITEM_NOTE, false, 0,
                    schema(List.of("Statement"), "Statement", "string", "Parameters", "array", "ConsistentRead", "boolean", "NextToken", "string",
                            "Limit", "integer", "ReturnConsumedCapacity", "string")),
            tool("partition_report", PARTITION_REPORT, "Partition report", "What Basalt simulates of a table's partitions"
                    + " (Basalt_20261125.DescribeTableActivity, authorized as DescribeTable): consumed and throttled units, provisioned"
                    + " capacity, each partition's key range, heat and burst, the Contributor Insights top keys, latency per operation.",
                    false, 0, table()),
            tool("tail_stream", TAIL_STREAM, "Tail a table's stream", "Reads a table's stream records (DynamoDB Streams: DescribeStream,"
                    + " GetShardIterator, GetRecords) from TRIM_HORIZON (default) or LATEST of every shard, up to Limit (default "
                    + StreamTail.DEFAULT_LIMIT + "); pass the NextShardIterators of the result back as ShardIterators to read on.", false, 0,
                    schema(List.of("TableName"), "TableName", "string", "ShardIteratorType", "string", "Limit", "integer",
                            "ShardIterators", "object")));

    static final String MODEL_PREFIX = "basalt:model:";

    /** The migration toolkit's tools on a model file (basalt mcp over stdio only, see {@link ModelTools}). */
    static final List<Tool> MODEL = List.of(
            tool("model_check", MODEL_PREFIX + "check", "Check a data model", "Proves that each access pattern of a model file"
                    + " (basalt migrate model check; docs/migration.md) is served by a key condition of a table or index, and flags"
                    + " hot keys. ModelFile: the model's path (YAML); HotShare: the share of a key's traffic called hot (default 0.1).",
                    false, 0, schema(List.of("ModelFile"), "ModelFile", "string", "HotShare", "string")),
            tool("estimate", MODEL_PREFIX + "estimate", "Estimate capacity and cost", "Capacity (RCU/WCU) per access pattern, table"
                    + " and index exactly as DynamoDB meters it, storage, partitions and monthly cost of a model file (basalt migrate"
                    + " estimate). ModelFile: the model's path (YAML); PricesFile: a price table instead of the bundled one.",
                    false, 0, schema(List.of("ModelFile"), "ModelFile", "string", "PricesFile", "string")));

    private McpTools() {}

    static Tool find(String name, boolean withModelTools) {
        for (Tool t : ALL) if (t.name().equals(name)) return t;
        if (withModelTools) for (Tool t : MODEL) if (t.name().equals(name)) return t;
        return null;
    }

    /** Whether a PartiQL statement writes (it is refused on a read-only server unless a SELECT). */
    static boolean partiqlWrites(Object statement) {
        if (!(statement instanceof String s)) return false;
        String first = s.strip();
        int space = 0;
        while (space < first.length() && Character.isLetter(first.charAt(space))) space++;
        return !first.substring(0, space).equalsIgnoreCase("SELECT");
    }

    private static Tool tool(String name, String operation, String title, String description, boolean writes, int pageLimit,
                             Map<String, Object> schema) {
        return new Tool(name, operation, title, description, writes, pageLimit, schema);
    }

    private static Map<String, Object> table() {
        return schema(List.of("TableName"), "TableName", "string");
    }

    private static Map<String, Object> optional(Object... namesAndTypes) {
        return schema(List.of(), namesAndTypes);
    }

    /** An object schema: these members with their JSON types, these required, any other member allowed. */
    private static Map<String, Object> schema(List<String> required, Object... namesAndTypes) {
        Map<String, Object> props = new LinkedHashMap<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) props.put((String) namesAndTypes[i], object("type", namesAndTypes[i + 1]));
        Map<String, Object> s = object("type", "object", "properties", props);
        if (!required.isEmpty()) s.put("required", new ArrayList<Object>(required));
        s.put("additionalProperties", Boolean.TRUE);
        return s;
    }
}
