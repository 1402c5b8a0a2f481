package io.basalt.differential;

import java.util.List;
import java.util.Map;

/**
 * DynamoDB Streams calls: ListStreams, DescribeStream, GetShardIterator and GetRecords with the
 * endpoint's own stream ARNs, shard ids and iterators (see {@link Bindings}), and with wrong ARNs,
 * shard ids, iterator types, sequence numbers and limits.
 */
final class StreamRequests implements RequestFamily {
    private static final String FOREIGN_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/none/stream/2020-01-01T00:00:00.000";

    @Override
    public Draft next(Model m, Values v) {
        Model.Table t = m.table(v);
        String arn = v.chance(75) ? "@@STREAM:" + t.name + "@@" : v.pick(List.of(FOREIGN_ARN, "not-an-arn", "", "arn:aws:dynamodb:us-east-1:000000000000:table/" + t.name));
        return switch (v.between(0, 5)) {
            case 0 -> new Draft("ListStreams", true, Json.obj("TableName", v.chance(70) ? t.name : null,
                    "Limit", v.chance(30) ? v.pick(List.of(1, 0, 101)) : null));
            case 1 -> new Draft("DescribeStream", true, Json.obj("StreamArn", arn, "Limit", v.chance(20) ? v.pick(List.of(1, 0, 101)) : null,
                    "ExclusiveStartShardId", v.chance(10) ? "shardId-00000000000000000000-00000000" : null));
            case 2, 3 -> {
                Map<String, Object> body = Json.obj("StreamArn", arn,
                        "ShardId", v.chance(75) ? "@@SHARD:" + t.name + "@@" : v.pick(List.of("shardId-bogus", "", "shardId-00000001700000000000-abcdef12")),
                        "ShardIteratorType", v.pick(List.of("TRIM_HORIZON", "LATEST", "TRIM_HORIZON", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER", "BOGUS", "latest")));
                if (v.chance(30)) body.put("SequenceNumber", v.pick(List.of("000000000000000000001", "abc", "")));
                yield new Draft("GetShardIterator", true, body);
            }
            default -> new Draft("GetRecords", true, Json.obj(
                    "ShardIterator", v.chance(80) ? "@@ITERATOR:" + t.name + "@@" : v.pick(List.of("bogus-iterator", "", "x".repeat(2049))),
                    "Limit", v.chance(30) ? v.pick(List.of(1, 0, 1000, 1001)) : null));
        };
    }
}
