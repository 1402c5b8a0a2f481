package io.basalt.server.mcp;

import static io.basalt.server.mcp.JsonValues.object;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tail_stream tool: a table's stream records through the Streams API as the caller
 * (DescribeTable, DescribeStream, GetShardIterator, GetRecords, each authorized as that call). From
 * TRIM_HORIZON (default) or LATEST of every shard, or from the NextShardIterators an earlier call
 * returned, up to Limit records.
 */
final class StreamTail {
    static final int DEFAULT_LIMIT = 100, MAX_LIMIT = 1000, MAX_SHARDS = 100;

    /** An API call that failed: its answer is the tool's error. */
    private static final class Failed extends Exception {
        final ApiCaller.Answer answer;

        Failed(ApiCaller.Answer answer) {
            super(null, null, false, false);
            this.answer = answer;
        }
    }

    private StreamTail() {}

    static Map<String, Object> run(Map<String, Object> args, ApiCaller api) throws IOException {
        try {
            return McpServer.toolResult(new ApiCaller.Answer(200, JsonValues.write(tail(args, api))));
        } catch (Failed f) {
            return McpServer.toolResult(f.answer);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> tail(Map<String, Object> args, ApiCaller api) throws IOException, Failed {
        int limit = DEFAULT_LIMIT;
        if (args.get("Limit") instanceof JsonValues.Number n) {
            try {
                limit = Math.max(1, Math.min(MAX_LIMIT, Integer.parseInt(n.text())));
            } catch (NumberFormatException e) {
                limit = MAX_LIMIT;
            }
        }
        Object type = args.getOrDefault("ShardIteratorType", "TRIM_HORIZON");
        Map<String, Object> table = (Map<String, Object>) call(api, "DescribeTable", object("TableName", args.get("TableName"))).get("Table");
        Object arn = table.get("LatestStreamArn");
        if (arn == null) {
            String message = "Table " + args.get("TableName") + " has no stream: enable one with update_table"
                    + " (StreamSpecification: {StreamEnabled: true, StreamViewType: NEW_AND_OLD_IMAGES}).";
            throw new Failed(new ApiCaller.Answer(400, JsonValues.write(object("__type", "basalt#NoStream", "message", message))));
        }
        Map<String, Object> iterators = new LinkedHashMap<>();
        if (args.get("ShardIterators") instanceof Map<?, ?> given) {
            iterators.putAll((Map<String, Object>) given);
        } else {
            Map<String, Object> stream = (Map<String, Object>) call(api, ApiCaller.STREAMS + "DescribeStream",
                    object("StreamArn", arn)).get("StreamDescription");
            for (Object s : (List<Object>) stream.getOrDefault("Shards", List.of())) {
                if (iterators.size() >= MAX_SHARDS) break;
                Object shardId = ((Map<String, Object>) s).get("ShardId");
                Map<String, Object> it = call(api, ApiCaller.STREAMS + "GetShardIterator",
                        object("StreamArn", arn, "ShardId", shardId, "ShardIteratorType", type));
                iterators.put((String) shardId, it.get("ShardIterator"));
            }
        }
        List<Object> records = new ArrayList<>();
        Map<String, Object> next = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : iterators.entrySet()) {
            if (e.getValue() == null) continue; // a closed shard read to its end
            if (records.size() >= limit) {
                next.put(e.getKey(), e.getValue());
                continue;
            }
            Map<String, Object> page = call(api, ApiCaller.STREAMS + "GetRecords",
                    object("ShardIterator", e.getValue(), "Limit", new JsonValues.Number(Integer.toString(limit - records.size()))));
            records.addAll((List<Object>) page.getOrDefault("Records", List.of()));
            if (page.get("NextShardIterator") != null) next.put(e.getKey(), page.get("NextShardIterator"));
        }
        return object("StreamArn", arn, "Records", records, "NextShardIterators", next);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> call(ApiCaller api, String operation, Map<String, Object> request) throws IOException, Failed {
        ApiCaller.Answer a = api.call(operation, JsonValues.write(request));
        if (a.status() != 200) throw new Failed(a);
        return (Map<String, Object>) JsonValues.parse(a.body());
    }
}
