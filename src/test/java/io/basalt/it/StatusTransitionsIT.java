package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.compat.Covers;
import io.basalt.engine.TimeSettings;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Stream ENABLING -> ENABLED / DISABLING -> DISABLED and TTL ENABLING -> ENABLED / DISABLING ->
 * DISABLED with a status delay of 1.5 s (default 0: changes complete at once), and the service's
 * limit on TTL changes (enforced here with a 4 s interval; off by default). The server's clock is
 * manual: a status holds until the test moves the clock past the delay, to the millisecond.
 */
class StatusTransitionsIT {
    static final long DELAY = 1500;
    static final long TTL_INTERVAL = 4000;
    private static StreamServer server;
    private static DynamoDbClient ddb;
    private static DynamoDbStreamsClient streams;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        server = new StreamServer(TimeSettings.defaults().withStatusDelayMillis(DELAY).withTtlChangeIntervalMillis(TTL_INTERVAL), info.getTestClass().orElseThrow());
        ddb = server.ddb;
        streams = server.streams;
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close(); // null when the class was skipped (BASALT_CASSANDRA)
        server = null;
    }

    /** The status holds for the whole delay and changes when it has passed. */
    static void afterDelay(String during, String after, Supplier<String> actual) {
        server.clock.advanceMillis(DELAY - 1);
        assertEquals(during, actual.get());
        server.clock.advanceMillis(1);
        assertEquals(after, actual.get());
    }

    static void validation(String message, Executable call) {
        DynamoDbException e = assertThrows(DynamoDbException.class, call);
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        assertEquals(message, e.awsErrorDetails().errorMessage());
    }

    @Test
    @Covers(operation = "Streams.DescribeStream", parameters = {"StreamArn"})
    @Covers(operation = "UpdateTable", parameters = {"StreamSpecification"})
    void streamStatusGoesThroughEnablingAndDisabling() throws Exception {
        ddb.createTable(b -> b.tableName("status_stream").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        String arn = ddb.describeTable(b -> b.tableName("status_stream")).table().latestStreamArn();
        Supplier<String> status = () -> streams.describeStream(b -> b.streamArn(arn)).streamDescription().streamStatusAsString();
        afterDelay("ENABLING", "ENABLED", status);
        validation("Table already has an enabled stream: TableName: status_stream", () -> ddb.updateTable(b -> b
                .tableName("status_stream").streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY))));
        ddb.updateTable(b -> b.tableName("status_stream").streamSpecification(st -> st.streamEnabled(false)));
        assertEquals("DISABLING", status.get());
        validation("Table has no stream to disable: TableName: status_stream", () -> ddb.updateTable(b -> b
                .tableName("status_stream").streamSpecification(st -> st.streamEnabled(false))));
        afterDelay("DISABLING", "DISABLED", status);
    }

    @Test
    @Covers(operation = "UpdateTimeToLive", parameters = {"TableName", "TimeToLiveSpecification"})
    @Covers(operation = "DescribeTimeToLive", parameters = {"TableName"})
    void ttlStatusAndChangeLimits() throws Exception {
        Sdk.createHashTable(ddb, "status_ttl");
        Supplier<TimeToLiveDescription> describe = () -> ddb.describeTimeToLive(b -> b.tableName("status_ttl")).timeToLiveDescription();
        assertEquals("DISABLED", describe.get().timeToLiveStatusAsString());
        assertNull(describe.get().attributeName());
        ddb.updateTimeToLive(b -> b.tableName("status_ttl").timeToLiveSpecification(s -> s.enabled(true).attributeName("exp")));
        assertEquals("ENABLING", describe.get().timeToLiveStatusAsString());
        assertEquals("exp", describe.get().attributeName());
        validation("TimeToLive is already enabled", () -> ddb.updateTimeToLive(b -> b.tableName("status_ttl")
                .timeToLiveSpecification(s -> s.enabled(true).attributeName("exp"))));
        validation("TimeToLive is active on a different AttributeName: current AttributeName is exp", () -> ddb.updateTimeToLive(b -> b
                .tableName("status_ttl").timeToLiveSpecification(s -> s.enabled(false).attributeName("other"))));
        validation("Time to live has been modified multiple times within a fixed interval", () -> ddb.updateTimeToLive(b -> b
                .tableName("status_ttl").timeToLiveSpecification(s -> s.enabled(false).attributeName("exp"))));
        afterDelay("ENABLING", "ENABLED", () -> describe.get().timeToLiveStatusAsString());
        // ENABLED, but the interval between changes has not passed yet (to the millisecond)
        server.clock.advanceMillis(TTL_INTERVAL - DELAY - 1);
        validation("Time to live has been modified multiple times within a fixed interval", () -> ddb.updateTimeToLive(b -> b
                .tableName("status_ttl").timeToLiveSpecification(s -> s.enabled(false).attributeName("exp"))));
        server.clock.advanceMillis(1);
        ddb.updateTimeToLive(b -> b.tableName("status_ttl").timeToLiveSpecification(s -> s.enabled(false).attributeName("exp")));
        assertEquals("DISABLING", describe.get().timeToLiveStatusAsString());
        assertEquals("exp", describe.get().attributeName());
        validation("TimeToLive is already disabled", () -> ddb.updateTimeToLive(b -> b.tableName("status_ttl")
                .timeToLiveSpecification(s -> s.enabled(false).attributeName("exp"))));
        afterDelay("DISABLING", "DISABLED", () -> describe.get().timeToLiveStatusAsString());
        assertNull(describe.get().attributeName());
        ResourceNotFoundException missing = assertThrows(ResourceNotFoundException.class, () -> ddb.updateTimeToLive(b -> b
                .tableName("no_such_ttl").timeToLiveSpecification(s -> s.enabled(true).attributeName("exp"))));
        assertEquals("Requested resource not found: Table: no_such_ttl not found", missing.awsErrorDetails().errorMessage());
    }
}
