package io.basalt.junit5;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.engine.capacity.CapacityMode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One in-process Basalt server of the extension and the clients handed to tests; closed by JUnit
 * with the extension-context store that holds it (the class's, or the root one for the JVM).
 */
@SuppressWarnings("deprecation") // CloseableResource: JUnit before 5.13 closes only those
final class RunningServer implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    /** The region of the injected clients and of the set-up tables. */
    static final Region REGION = Region.US_EAST_1;

    /** What makes two servers interchangeable (the key of the JVM-wide one). */
    record Settings(boolean inMemory, String capacity) {}

    private final Basalt basalt;
    private final Path dataDir;
    private final DynamoDbHttp http;
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;
    private boolean closed;

    private RunningServer(Basalt basalt, Path dataDir) {
        this.basalt = basalt;
        this.dataDir = dataDir;
        this.http = new DynamoDbHttp(basalt.endpoint());
    }

    static RunningServer start(Settings settings) {
        CapacityMode capacity = CapacityMode.parse(settings.capacity());
        if (capacity == null) throw new IllegalArgumentException("@BasaltTest capacity: enforce, report or off, not " + settings.capacity());
        Path dir = null;
        BasaltConfig config;
        if (settings.inMemory()) {
            config = BasaltConfig.inMemoryOnFreePort();
        } else {
            try {
                dir = Files.createTempDirectory("basalt-junit5");
            } catch (IOException e) {
                throw new IllegalStateException("cannot make a data directory", e);
            }
            config = BasaltConfig.onDiskOnFreePort(dir);
        }
        // a test server needs few threads; 8 workers start faster than the server's default
        return new RunningServer(Basalt.start(config.withCapacity(capacity).withWorkerThreads(8)), dir);
    }

    Basalt basalt() {
        return basalt;
    }

    URI endpoint() {
        return basalt.endpoint();
    }

    synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoDbClient.builder().endpointOverride(endpoint()).region(REGION)
                    .credentialsProvider(credentials()).httpClient(UrlConnectionHttpClient.create()).build();
        }
        return client;
    }

    synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = DynamoDbAsyncClient.builder().endpointOverride(endpoint()).region(REGION)
                    .credentialsProvider(credentials()).build();
        }
        return asyncClient;
    }

    private static StaticCredentialsProvider credentials() {
        // any key is accepted by a server without an auth file
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("basalt", "basalt"));
    }

    void createTables(List<TableSetup.Table> tables) {
        TableSetup.apply(http, tables);
    }

    /** Deletes every table of the clients' region (following ListTables' pages). */
    @SuppressWarnings("unchecked")
    void dropTables() {
        String start = null;
        do {
            Map<String, Object> page = http.call("ListTables", start == null ? "{}" : MiniJson.write(Map.of("ExclusiveStartTableName", start)));
            for (Object name : (List<Object>) page.getOrDefault("TableNames", List.of())) {
                http.call("DeleteTable", Map.of("TableName", name));
            }
            start = (String) page.get("LastEvaluatedTableName");
        } while (start != null);
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (client != null) client.close();
        if (asyncClient != null) asyncClient.close();
        basalt.close();
        if (dataDir != null) {
            try (Stream<Path> files = Files.walk(dataDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary directory left behind is not worth failing a test run
            }
        }
    }
}
