package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.model.Namespaces;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Tables live per account and region, as in the service: a table created through one region is
 * not seen through another, where a table of the same name may exist with other contents; with
 * {@code --regions shared} every region sees the same tables; a store written before regions were
 * kept apart holds its tables in the home region ({@code --region}).
 */
class RegionsIT {
    static DynamoDbClient client(URI endpoint, Region region) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(region)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDREGIONS", "secret")))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1))).build();
    }

    @Test
    @Covers(operation = "CreateTable", parameters = "TableName")
    @Covers(operation = "ListTables", parameters = {})
    @Covers(operation = "DescribeTable", parameters = "TableName")
    void eachRegionHasItsOwnTables() {
        try (Basalt server = Basalt.start(ServerTestBase.config(getClass()));
             DynamoDbClient east = client(server.endpoint(), Region.US_EAST_1);
             DynamoDbClient west = client(server.endpoint(), Region.EU_WEST_1)) {
            Sdk.createHashTable(east, "Orders");
            east.putItem(b -> b.tableName("Orders").item(item("pk", "1", "where", "east")));
            assertEquals(List.of("Orders"), east.listTables().tableNames());
            assertEquals(List.of(), west.listTables().tableNames());
            fails(DynamoDbException.class, "ResourceNotFoundException", "Requested resource not found: Table: Orders not found",
                    () -> west.describeTable(b -> b.tableName("Orders")));
            fails(DynamoDbException.class, "ResourceNotFoundException", "Requested resource not found",
                    () -> west.getItem(b -> b.tableName("Orders").key(item("pk", "1"))));
            // the same name in another region is another table
            Sdk.createHashTable(west, "Orders");
            west.putItem(b -> b.tableName("Orders").item(item("pk", "1", "where", "west")));
            assertEquals("east", east.getItem(b -> b.tableName("Orders").key(item("pk", "1"))).item().get("where").s());
            assertEquals("west", west.getItem(b -> b.tableName("Orders").key(item("pk", "1"))).item().get("where").s());
            assertTrue(east.describeTable(b -> b.tableName("Orders")).table().tableArn().startsWith("arn:aws:dynamodb:us-east-1:"));
            assertTrue(west.describeTable(b -> b.tableName("Orders")).table().tableArn().startsWith("arn:aws:dynamodb:eu-west-1:"));
            west.deleteTable(b -> b.tableName("Orders"));
            assertEquals("east", east.getItem(b -> b.tableName("Orders").key(item("pk", "1"))).item().get("where").s());
        }
    }

    @Test
    void sharedRegionsSeeTheSameTables() {
        try (Basalt server = Basalt.start(ServerTestBase.config(getClass()).toBuilder().namespaces(Namespaces.SHARED).build());
             DynamoDbClient east = client(server.endpoint(), Region.US_EAST_1);
             DynamoDbClient west = client(server.endpoint(), Region.EU_WEST_1)) {
            Sdk.createHashTable(east, "Orders");
            assertEquals(List.of("Orders"), west.listTables().tableNames());
        }
    }

    @Test
    void aStoreWrittenBeforeRegionsWereKeptApartHoldsItsTablesInTheHomeRegion() throws Exception {
        Path dir = Files.createTempDirectory("basalt-regions");
        try {
            // tables of the home region are stored as before regions were kept apart
            BasaltConfig store = ServerTestBase.restartable(getClass(), dir);
            BasaltConfig config = store.toBuilder().namespaces(new Namespaces("eu-central-1", false)).build();
            try (Basalt server = Basalt.start(config); DynamoDbClient central = client(server.endpoint(), Region.EU_CENTRAL_1)) {
                Sdk.createHashTable(central, "Legacy");
                central.putItem(b -> b.tableName("Legacy").item(item("pk", "1")));
            }
            // opened with the default home region, they are us-east-1's
            try (Basalt server = Basalt.start(store);
                 DynamoDbClient east = client(server.endpoint(), Region.US_EAST_1);
                 DynamoDbClient central = client(server.endpoint(), Region.EU_CENTRAL_1)) {
                assertEquals(List.of("Legacy"), east.listTables().tableNames());
                assertEquals(List.of(), central.listTables().tableNames());
                assertTrue(east.getItem(b -> b.tableName("Legacy").key(item("pk", "1"))).hasItem());
                // a table of another region survives a restart in its region
                Sdk.createHashTable(central, "Regional");
            }
            try (Basalt server = Basalt.start(store);
                 DynamoDbClient central = client(server.endpoint(), Region.EU_CENTRAL_1)) {
                assertEquals(List.of("Regional"), central.listTables().tableNames());
            }
        } finally {
            ServerTestBase.deleteTree(dir);
        }
    }
}
