package io.basalt.it;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.engine.ManualClock;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Starts one in-memory Basalt (or one on Cassandra, {@link OnCassandra}) per test class on a free port and gives tests a real AWS SDK v2
 * client pointed at it (no retries, so errors surface as they are). The server's clock is a
 * {@link ManualClock}: it starts at the real time and stands still, so TTL expiry, stream
 * retention, iterator and token windows happen when a test advances {@link #clock}, never while it
 * merely runs slowly.
 */
public abstract class ServerTestBase {
    protected static Basalt server;
    protected static DynamoDbClient ddb;
    protected static ManualClock clock;

    @BeforeAll
    static void startServer(org.junit.jupiter.api.TestInfo info) {
        clock = new ManualClock();
        server = Basalt.start(config(info.getTestClass().orElseThrow()).withClock(clock));
        ddb = client(server.endpoint());
    }

    /**
     * In memory, or on the test Cassandra for classes marked {@link OnCassandra} (the same tests on
     * the other engine).
     */
    static BasaltConfig config(Class<?> testClass) {
        BasaltConfig c = BasaltConfig.inMemoryOnFreePort();
        if (!testClass.isAnnotationPresent(OnCassandra.class)) return c;
        return c.withInMemory(false).withCassandra(CassandraForTests.settings(testClass));
    }

    /**
     * The configuration of a test that stops its server and starts it again on the same data: on disk
     * in {@code dir}, or, for a class marked {@link OnCassandra}, one keyspace shared by every node
     * started from the configuration returned (a restart there is a new Basalt node on the same keyspace).
     */
    static BasaltConfig restartable(Class<?> testClass, java.nio.file.Path dir) {
        if (!testClass.isAnnotationPresent(OnCassandra.class)) return BasaltConfig.onDiskOnFreePort(dir);
        return CassandraForTests.nodes(testClass);
    }

    @AfterAll
    static void stopServer() {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
    }

    /** A DynamoDB Streams client for the same endpoint, as {@link #client} (no retries). */
    public static software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient(URI endpoint) {
        return streamsClient(endpoint, "AKIDTEST", "secret");
    }

    /** A DynamoDB Streams client signing with the given key, without retries. */
    public static software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient(URI endpoint, String keyId, String secret) {
        return software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    /** Deletes a directory and everything in it (tests' data directories). */
    public static void deleteTree(java.nio.file.Path dir) throws java.io.IOException {
        if (!java.nio.file.Files.exists(dir)) return;
        try (var files = java.nio.file.Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    public static DynamoDbClient client(URI endpoint) {
        return client(endpoint, "AKIDTEST", "secret");
    }

    /** A client signing with the given key (a user of an auth file), without retries. */
    public static DynamoDbClient client(URI endpoint, String keyId, String secret) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }
}
