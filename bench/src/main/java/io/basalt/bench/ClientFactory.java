package io.basalt.bench;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Builds the SDK client every workload shares: static dummy credentials, us-east-1, the standard retry
 * mode with SDK defaults, a retry-counting interceptor, and an HTTP client whose pool is large enough for
 * every thread (the SDK's default of 50 connections would queue 64 threads behind each other).
 */
final class ClientFactory {
    private ClientFactory() {}

    /** An SDK client together with its HTTP client, which the SDK does not close for us. */
    record BenchClient(DynamoDbClient dynamo, SdkHttpClient http, RetryCounter retries) implements AutoCloseable {
        @Override
        public void close() {
            dynamo.close();
            http.close();
        }
    }

    static BenchClient create(URI endpoint, String httpClient, int maxConnections) {
        SdkHttpClient http = switch (httpClient) {
            case "apache" -> ApacheHttpClient.builder()
                    .maxConnections(maxConnections)
                    .connectionTimeout(Duration.ofSeconds(5))
                    .socketTimeout(Duration.ofSeconds(60))
                    .connectionAcquisitionTimeout(Duration.ofSeconds(60))
                    .tcpKeepAlive(true)
                    .build();
            case "urlconnection" -> {
                // HttpURLConnection keeps at most http.maxConnections idle connections per host (default 5);
                // with more threads than that, connections would be closed and re-opened all the time.
                System.setProperty("http.maxConnections", Integer.toString(maxConnections));
                yield UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(60))
                        .build();
            }
            default -> throw new IllegalArgumentException("unknown http client: " + httpClient);
        };
        RetryCounter retries = new RetryCounter();
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .httpClient(http)
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).addExecutionInterceptor(retries))
                .build();
        return new BenchClient(dynamo, http, retries);
    }
}
