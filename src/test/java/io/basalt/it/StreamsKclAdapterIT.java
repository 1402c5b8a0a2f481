package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.dynamodbv2.streamsadapter.AmazonDynamoDBStreamsAdapterClient;
import com.amazonaws.services.dynamodbv2.streamsadapter.StreamsSchedulerFactory;
import com.amazonaws.services.dynamodbv2.streamsadapter.adapter.DynamoDBStreamsClientRecord;
import com.amazonaws.services.dynamodbv2.streamsadapter.model.DynamoDBStreamsProcessRecordsInput;
import com.amazonaws.services.dynamodbv2.streamsadapter.polling.DynamoDBStreamsPollingConfig;
import com.amazonaws.services.dynamodbv2.streamsadapter.processor.DynamoDBStreamsShardRecordProcessor;
import io.basalt.compat.Covers;
import io.basalt.engine.TimeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.kinesis.common.ConfigsBuilder;
import software.amazon.kinesis.common.InitialPositionInStream;
import software.amazon.kinesis.common.InitialPositionInStreamExtended;
import software.amazon.kinesis.coordinator.Scheduler;
import software.amazon.kinesis.lifecycle.events.InitializationInput;
import software.amazon.kinesis.lifecycle.events.LeaseLostInput;
import software.amazon.kinesis.lifecycle.events.ShardEndedInput;
import software.amazon.kinesis.lifecycle.events.ShutdownRequestedInput;
import software.amazon.kinesis.metrics.NullMetricsFactory;
import software.amazon.kinesis.retrieval.RetrievalConfig;

/**
 * The consumer people use: the Kinesis Client Library (3.x) through the DynamoDB Streams Kinesis
 * Adapter (2.x), both from Maven Central, with Basalt serving the stream and KCL's own lease and
 * coordination tables. Shards roll over every 3 s of the server's manual clock (the test moves it
 * while KCL reads); every change is consumed exactly once and in per-key order across the rollovers.
 */
class StreamsKclAdapterIT {
    static {
        System.setProperty("org.slf4j.simpleLogger.log.software.amazon.kinesis", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.com.amazonaws", "warn");
    }

    static final long ROLLOVER_MILLIS = 3000;
    private static StreamServer server;
    private static DynamoDbClient ddb;
    private static DynamoDbStreamsClient streams;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        server = new StreamServer(TimeSettings.defaults().withShardRolloverMillis(ROLLOVER_MILLIS), info.getTestClass().orElseThrow());
        ddb = server.ddb;
        streams = server.streams;
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    /** Collects what the workers deliver, in delivery order. */
    static final class Delivered {
        final List<Record> records = new ArrayList<>();
        final List<String> endedShards = new ArrayList<>();

        synchronized void add(List<DynamoDBStreamsClientRecord> batch) {
            for (DynamoDBStreamsClientRecord r : batch) records.add(r.getRecord());
        }

        synchronized int size() {
            return records.size();
        }

        synchronized List<Record> snapshot() {
            return new ArrayList<>(records);
        }
    }

    static final class Processor implements DynamoDBStreamsShardRecordProcessor {
        private final Delivered delivered;
        private String shardId;

        Processor(Delivered delivered) {
            this.delivered = delivered;
        }

        @Override public void initialize(InitializationInput input) {
            shardId = input.shardId();
        }

        @Override public void processRecords(DynamoDBStreamsProcessRecordsInput input) {
            delivered.add(input.records());
            try {
                if (!input.records().isEmpty()) input.checkpointer().checkpoint();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override public void leaseLost(LeaseLostInput input) {}

        @Override public void shardEnded(ShardEndedInput input) {
            synchronized (delivered) {
                delivered.endedShards.add(shardId);
            }
            try {
                input.checkpointer().checkpoint(); // required: lets KCL start the children
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override public void shutdownRequested(ShutdownRequestedInput input) {
            try {
                input.checkpointer().checkpoint();
            } catch (Exception ignored) {
                // shutting down
            }
        }
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn", "ShardFilter", "ExclusiveStartShardId"})
    @Covers(operation = "Streams.GetRecords", parameters = {"ShardIterator", "Limit"})
    @Covers(operation = "Streams.GetShardIterator", parameters = {"StreamArn", "ShardId", "ShardIteratorType", "SequenceNumber"})
    void kclConsumesEveryChangeOnceAcrossRollovers() throws Exception {
        String arn = StreamRolloverIT.createStreamTable(ddb, "kcl_source");
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret"));
        AmazonDynamoDBStreamsAdapterClient adapter = new AmazonDynamoDBStreamsAdapterClient(streams, Region.US_EAST_1);
        DynamoDbAsyncClient leases = DynamoDbAsyncClient.builder().endpointOverride(server.server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(credentials).build();
        CloudWatchAsyncClient cloudWatch = CloudWatchAsyncClient.builder().endpointOverride(server.server.endpoint())
                .region(Region.US_EAST_1).credentialsProvider(credentials).build(); // never called: metrics are off
        Delivered delivered = new Delivered();
        ConfigsBuilder configs = new ConfigsBuilder(
                StreamsSchedulerFactory.createSingleStreamTracker(arn,
                        InitialPositionInStreamExtended.newInitialPosition(InitialPositionInStream.TRIM_HORIZON)),
                "basalt-kcl-test", adapter, leases, cloudWatch, "worker-1", () -> new Processor(delivered));
        RetrievalConfig retrieval = configs.retrievalConfig()
                .retrievalSpecificConfig(new DynamoDBStreamsPollingConfig(adapter).idleTimeBetweenReadsInMillis(200));
        Scheduler scheduler = StreamsSchedulerFactory.createScheduler(
                configs.checkpointConfig(),
                configs.coordinatorConfig().parentShardPollIntervalMillis(200),
                configs.leaseManagementConfig().shardSyncIntervalMillis(1000).failoverTimeMillis(5000),
                configs.lifecycleConfig(),
                configs.metricsConfig().metricsFactory(new NullMetricsFactory()),
                configs.processorConfig(),
                retrieval,
                adapter);
        Thread worker = new Thread(scheduler, "kcl-worker");
        worker.setDaemon(true);
        worker.start();
        try {
            // changes spread over two rollovers, while KCL reads
            for (int round = 0; round < 3; round++) {
                if (round > 0) server.rollOver(ROLLOVER_MILLIS);
                for (int i = 0; i < 320; i++) StreamServer.randomChange(ddb, "kcl_source", 30);
            }
            List<Shard> shards = StreamLog.shards(streams, arn, 100);
            assertEquals(12, shards.size(), "the run spans rollovers");
            int expected = StreamLog.readInLineageOrder(streams, arn).size();
            long closed = shards.stream().filter(s -> s.sequenceNumberRange().endingSequenceNumber() != null).count();
            long waitStart = System.currentTimeMillis();
            // everything delivered and every closed shard read to its end: a duplicate would be in by then
            Eventually.await(Duration.ofSeconds(150), "KCL delivers everything and ends the closed shards", () -> {
                synchronized (delivered) {
                    return delivered.size() >= expected && delivered.endedShards.size() >= closed;
                }
            });
            List<Record> got = delivered.snapshot();
            System.out.println("KCL delivered " + got.size() + " of " + expected + " records from " + shards.size()
                    + " shards; shards ended: " + delivered.endedShards.size() + "; waited " + (System.currentTimeMillis() - waitStart) + " ms");
            assertEquals(expected, got.size(), "every change once (shards ended: " + delivered.endedShards.size() + ")");
            assertEquals(got.size(), new HashSet<>(got.stream().map(Record::eventID).toList()).size(), "no duplicates");
            Map<String, Map<String, AttributeValue>> rebuilt = StreamLog.replay(got, "pk"); // checks per-key order
            Map<String, Map<String, AttributeValue>> scanned = new HashMap<>();
            ddb.scanPaginator(b -> b.tableName("kcl_source")).items().forEach(i -> scanned.put(i.get("pk").s(), i));
            assertEquals(scanned, rebuilt);
            assertTrue(delivered.endedShards.size() >= 4, "closed parents were read to their end: " + delivered.endedShards);
        } finally {
            scheduler.shutdown(); // every batch is checkpointed already
            worker.join(Duration.ofSeconds(30));
            leases.close();
            cloudWatch.close();
        }
    }
}
