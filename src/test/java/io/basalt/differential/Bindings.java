package io.basalt.differential;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values only an endpoint knows (stream ARNs, shard ids, shard iterators), taken from its own
 * answers and put into later requests for the same endpoint: a generated body names them as
 * {@code @@STREAM:table@@}, {@code @@SHARD:table@@}, {@code @@ITERATOR:table@@}. A name not bound
 * yet stays in the body as written (both endpoints then get the same unusable value).
 */
final class Bindings {
    private static final Pattern PLACEHOLDER = Pattern.compile("@@([A-Z]+):([^@]*)@@");
    private final Map<String, String> values = new HashMap<>();

    String fill(String body) {
        Matcher m = PLACEHOLDER.matcher(body);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1) + ":" + m.group(2));
            m.appendReplacement(sb, Matcher.quoteReplacement(v != null ? v : m.group(0)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Remembers what a successful answer tells about streams. */
    void learn(GeneratedRequest request, Answer.Raw raw) {
        if (raw.status() != 200) return;
        Object body = Json.parse(raw.body());
        Map<String, Object> req = request.bodyTree();
        String table = req == null ? null : tableOf(req);
        switch (request.operation()) {
            case "CreateTable", "UpdateTable", "DescribeTable" -> {
                Object desc = Json.at(body, "TableDescription");
                if (desc == null) desc = Json.at(body, "Table");
                Object arn = Json.at(desc, "LatestStreamArn");
                Object name = Json.at(desc, "TableName");
                if (arn != null && name != null) values.put("STREAM:" + name, arn.toString());
            }
            case "DescribeStream" -> {
                Object shards = Json.at(body, "StreamDescription", "Shards");
                Object name = Json.at(body, "StreamDescription", "TableName");
                if (shards instanceof List<?> l && !l.isEmpty() && name != null) {
                    values.put("SHARD:" + name, String.valueOf(Json.at(l.get(0), "ShardId")));
                }
            }
            case "GetShardIterator" -> {
                Object it = Json.at(body, "ShardIterator");
                if (it != null && table != null) values.put("ITERATOR:" + table, it.toString());
            }
            case "GetRecords" -> {
                Object it = Json.at(body, "NextShardIterator");
                if (it != null && table != null) values.put("ITERATOR:" + table, it.toString());
            }
            default -> { }
        }
    }

    /** The table a streams request is about, as the generator wrote it into its placeholders. */
    private static String tableOf(Map<String, Object> req) {
        for (Object v : req.values()) {
            if (v instanceof String s) {
                Matcher m = PLACEHOLDER.matcher(s);
                if (m.find()) return m.group(2);
            }
        }
        return null;
    }
}
