package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.engine.capacity.CapacityMode;
import io.basalt.engine.ManualClock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * What a user sees of capacity: Contributor Insights through the real API, Prometheus metrics and
 * partition JSON on the admin port, and the {@code basalt partitions} command.
 */
class CapacityVisibilityIT {
    private static Basalt server;
    private static DynamoDbClient ddb;
    private static final ManualClock CLOCK = new ManualClock();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withCapacity(CapacityMode.ENFORCE).withAdminPort(0).withClock(CLOCK));
        ddb = ServerTestBase.client(server.endpoint());
        ddb.createTable(b -> b.tableName("events").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(1L))
                .keySchema(k -> k.attributeName("status").keyType(KeyType.HASH), k -> k.attributeName("id").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("status").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("id").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("user").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("by_user").keySchema(k -> k.attributeName("user").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(100L))));
    }

    @AfterAll
    static void stop() {
        // skipped classes (BASALT_CASSANDRA) never started
        if (ddb != null) ddb.close();
        if (server != null) server.close();
        ddb = null;
        server = null;
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.adminPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @Covers(operation = "UpdateContributorInsights", parameters = {"TableName", "IndexName", "ContributorInsightsAction", "ContributorInsightsMode"})
    @Covers(operation = "DescribeContributorInsights", parameters = {"TableName", "IndexName"})
    @Covers(operation = "ListContributorInsights", parameters = {"TableName", "MaxResults", "NextToken"})
    void contributorInsightsApi() throws Exception {
        var before = ddb.describeContributorInsights(b -> b.tableName("events"));
        assertEquals(ContributorInsightsStatus.DISABLED, before.contributorInsightsStatus());
        assertFalse(before.hasContributorInsightsRuleList());

        var enabled = ddb.updateContributorInsights(b -> b.tableName("events").contributorInsightsAction(ContributorInsightsAction.ENABLE));
        assertEquals(ContributorInsightsStatus.ENABLING, enabled.contributorInsightsStatus());
        assertEquals(ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, enabled.contributorInsightsMode());
        var described = ddb.describeContributorInsights(b -> b.tableName("events"));
        assertEquals(ContributorInsightsStatus.ENABLED, described.contributorInsightsStatus());
        assertEquals(4, described.contributorInsightsRuleList().size(), "partition and sort key rules, accessed and throttled");
        assertTrue(described.contributorInsightsRuleList().get(0).startsWith("DynamoDBContributorInsights-PKC-events-"));
        assertTrue(described.lastUpdateDateTime() != null);

        ddb.updateContributorInsights(b -> b.tableName("events").indexName("by_user")
                .contributorInsightsAction(ContributorInsightsAction.ENABLE).contributorInsightsMode(ContributorInsightsMode.THROTTLED_KEYS));
        var index = ddb.describeContributorInsights(b -> b.tableName("events").indexName("by_user"));
        assertEquals(List.of("DynamoDBContributorInsights-PKT-events-by_user-" + index.contributorInsightsRuleList().get(0)
                .substring(index.contributorInsightsRuleList().get(0).lastIndexOf('-') + 1)), index.contributorInsightsRuleList());

        var list = ddb.listContributorInsights(b -> b.tableName("events"));
        assertEquals(2, list.contributorInsightsSummaries().size());
        assertEquals("by_user", list.contributorInsightsSummaries().get(1).indexName());
        assertEquals(ContributorInsightsMode.THROTTLED_KEYS, list.contributorInsightsSummaries().get(1).contributorInsightsMode());
        var page = ddb.listContributorInsights(b -> b.maxResults(1));
        assertEquals(1, page.contributorInsightsSummaries().size());
        assertTrue(page.nextToken() != null);
        assertThrows(ResourceNotFoundException.class, () -> ddb.describeContributorInsights(b -> b.tableName("nope")));
        assertThrows(ResourceNotFoundException.class, () -> ddb.describeContributorInsights(b -> b.tableName("events").indexName("nope")));

        // a hot status code: with 1 WCU (300 units of burst) the 301st write in the same instant is throttled
        ddb.createTable(b -> b.tableName("hot").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                .keySchema(k -> k.attributeName("status").keyType(KeyType.HASH), k -> k.attributeName("id").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("status").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("id").attributeType(ScalarAttributeType.S)));
        ddb.updateContributorInsights(b -> b.tableName("hot").contributorInsightsAction(ContributorInsightsAction.ENABLE));
        int throttled = 0;
        for (int i = 0; i < 320; i++) {
            String status = i % 10 == 0 ? "500" : "200";
            int ii = i;
            try {
                ddb.putItem(b -> b.tableName("hot").item(item("status", status, "id", "e" + ii)));
            } catch (ProvisionedThroughputExceededException e) {
                throttled++;
            }
        }
        assertEquals(20, throttled);
        String json = get("/partitions/hot").body();
        assertTrue(json.contains("\"MostAccessedKeys\":[{\"Key\":\"200\",\"Count\":288}"), json);
        assertTrue(json.contains("\"MostThrottledKeys\":[{\"Key\":\"200\",\"Count\":18}"), json);
        assertTrue(json.contains("\"MostAccessedItemKeys\":[{\"Key\":\"200#e1\",\"Count\":1}"), json);
        assertTrue(json.contains("\"FirstKey\":\"") && json.contains("\"LastKey\":\""), json);
    }

    /**
     * The seed's bulk load: a throughput worth 11 partitions (the seed's 11,000 WCU; the API needs
     * some RCU too, so 900 RCU + 10,700 WCU = 0.3 + 10.7), then lowered to 200 WCU: still 11
     * partitions, about 18 WCU each.
     */
    @Test
    @Covers(operation = "UpdateTable", parameters = {"ProvisionedThroughput"})
    void partitionsStayWhenThroughputDrops() throws Exception {
        ddb.createTable(b -> b.tableName("bulk").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(900L).writeCapacityUnits(10_700L))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        assertEquals(11, get("/partitions/bulk").body().split("\"HashFrom\"").length - 1);
        ddb.updateTable(b -> b.tableName("bulk").provisionedThroughput(t -> t.readCapacityUnits(900L).writeCapacityUnits(200L)));
        String json = get("/partitions/bulk").body();
        assertEquals(11, json.split("\"HashFrom\"").length - 1, json);
        assertTrue(json.contains("\"WriteShare\":18.181818181818183"), json);
    }

    @Test
    void prometheusMetricsAndPartitions() throws Exception {
        ddb.putItem(b -> b.tableName("events").item(item("status", "201", "id", "m1", "user", "x")));
        ddb.getItem(b -> b.tableName("events").key(item("status", "201", "id", "m1")));
        HttpResponse<String> r = get("/metrics");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        String m = r.body();
        assertTrue(m.contains("# TYPE basalt_request_duration_seconds histogram"), m);
        assertTrue(m.contains("basalt_requests_total{operation=\"GetItem\",outcome=\"ok\"}"), m);
        assertTrue(m.contains("basalt_request_duration_seconds_bucket{operation=\"PutItem\",le=\"+Inf\"}"), m);
        assertTrue(m.contains("basalt_partitions{table=\"events\",index=\"\"} 1"), m);
        assertTrue(m.contains("basalt_partitions{table=\"events\",index=\"by_user\"} 1"), m);
        assertTrue(m.contains("basalt_table_item_count{table=\"events\"}"), m);
        assertTrue(m.contains("basalt_index_item_count{table=\"events\",index=\"by_user\"}"), m);
        assertTrue(m.contains("basalt_partition_write_share_units{table=\"events\",index=\"\",partition=\"0\"} 1"), m);
        assertTrue(m.contains("basalt_consumed_read_units_total{table=\"events\",index=\"\"} 0.5"), m);

        String json = get("/partitions/events").body();
        assertTrue(json.contains("\"Partitions\":[{\"Partition\":0,\"HashFrom\":\"0000000000000000\",\"HashTo\":\"ffffffffffffffff\""), json);
        assertEquals(404, get("/partitions/nope").statusCode());

        // the command-line view of the same data
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "io.basalt.cli.Main", "partitions", "events",
                "--admin-port", Integer.toString(server.adminPort())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("Table events: PROVISIONED, 10 RCU / 1 WCU, capacity enforce;"), out);
        assertTrue(out.contains("0000000000000000-ffffffffffffffff"), out);
        assertTrue(out.contains("Global secondary index by_user"), out);
    }
}
