package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A stream consumer for tests, written as a careful client would: it lists every shard (paging
 * DescribeStream), reads shards parents before children, reads a closed shard until GetRecords
 * returns no NextShardIterator, and an open shard until a page comes back empty.
 */
final class StreamLog {
    private StreamLog() {}

    static DynamoDbStreamsClient client(URI endpoint) {
        return DynamoDbStreamsClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .build();
    }

    /** Every shard of the stream, following LastEvaluatedShardId with the given page size. */
    static List<Shard> shards(DynamoDbStreamsClient streams, String arn, int pageSize) {
        List<Shard> all = new ArrayList<>();
        String start = null;
        do {
            String from = start;
            DescribeStreamResponse d = streams.describeStream(b -> b.streamArn(arn).limit(pageSize).exclusiveStartShardId(from));
            all.addAll(d.streamDescription().shards());
            start = d.streamDescription().lastEvaluatedShardId();
        } while (start != null);
        return all;
    }

    /** Every record, each shard's after its parent's: each key's changes come out in order. */
    static List<Record> readInLineageOrder(DynamoDbStreamsClient streams, String arn) {
        List<Shard> pending = new ArrayList<>(shards(streams, arn, 7));
        Set<String> listed = new HashSet<>();
        pending.forEach(s -> listed.add(s.shardId()));
        Set<String> done = new HashSet<>();
        List<Record> out = new ArrayList<>();
        while (!pending.isEmpty()) {
            Shard next = pending.stream()
                    .filter(s -> s.parentShardId() == null || !listed.contains(s.parentShardId()) || done.contains(s.parentShardId()))
                    .findFirst().orElseThrow(() -> new AssertionError("lineage has a cycle or a missing parent"));
            out.addAll(readShard(streams, arn, next));
            done.add(next.shardId());
            pending.remove(next);
        }
        return out;
    }

    static List<Record> readShard(DynamoDbStreamsClient streams, String arn, Shard shard) {
        boolean closed = shard.sequenceNumberRange().endingSequenceNumber() != null;
        String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        List<Record> records = new ArrayList<>();
        for (int pages = 0; it != null; pages++) {
            assertTrue(pages < 10_000, "a shard that never ends: " + shard.shardId());
            String current = it;
            GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current).limit(100));
            records.addAll(r.records());
            if (!closed && r.records().isEmpty()) break;
            it = r.nextShardIterator();
        }
        return records;
    }

    /**
     * Replays the records (NEW_AND_OLD_IMAGES) and checks that they describe each key's history
     * exactly once and in order: every record's OldImage is the previous record's NewImage.
     */
    static Map<String, Map<String, AttributeValue>> replay(List<Record> records, String keyName) {
        Map<String, Map<String, AttributeValue>> table = new HashMap<>();
        Set<String> eventIds = new HashSet<>();
        for (Record rec : records) {
            assertTrue(eventIds.add(rec.eventID()), "record delivered twice: " + rec.eventID());
            String key = rec.dynamodb().keys().get(keyName).s();
            Map<String, AttributeValue> before = table.get(key);
            switch (rec.eventNameAsString()) {
                case "INSERT" -> assertNull(before, "INSERT of an existing item " + key);
                case "MODIFY", "REMOVE" -> assertEquals(before, rec.dynamodb().oldImage(), "out of order for " + key);
                default -> throw new AssertionError(rec.eventNameAsString());
            }
            if (rec.eventNameAsString().equals("REMOVE")) table.remove(key);
            else table.put(key, rec.dynamodb().newImage());
        }
        return table;
    }
}
