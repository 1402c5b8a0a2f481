package io.basalt.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** Reading a whole stream through the SDK's streams client, from TRIM_HORIZON. */
final class StreamRecords {
    private StreamRecords() {}

    /** Every record of every listed shard, per shard id, each in order. */
    static Map<String, List<Record>> byShard(DynamoDbStreamsClient streams, String arn) {
        Map<String, List<Record>> out = new LinkedHashMap<>();
        for (Shard shard : streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            List<Record> records = new ArrayList<>();
            while (it != null) {
                String current = it;
                GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current).limit(100));
                records.addAll(r.records());
                if (r.records().isEmpty()) break;
                it = r.nextShardIterator();
            }
            out.put(shard.shardId(), records);
        }
        return out;
    }

    /** Every record, shard after shard. */
    static List<Record> all(DynamoDbStreamsClient streams, String arn) {
        List<Record> out = new ArrayList<>();
        byShard(streams, arn).values().forEach(out::addAll);
        return out;
    }
}
