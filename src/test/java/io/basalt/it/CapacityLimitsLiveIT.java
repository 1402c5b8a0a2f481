package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import java.time.Instant;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * The decrease budget of provisioned throughput (server with {@code --capacity-time-rules}) and the
 * account's per-table maximum, with the live service's texts from the "ack-api-quirks" DynamoDB
 * notes (lab runs 2026-10-08/09; table-throughput-billing.md, table-indexes.md, service.md). The
 * server's manual clock is moved to the notes' times of day (in 2030) so the texts are exact.
 */
class CapacityLimitsLiveIT {
    static ManualClock clock;
    static Basalt server;
    static DynamoDbClient ddb;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) {
        clock = new ManualClock();
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withCapacityTimeRules(true).withClock(clock));
        ddb = ServerTestBase.client(server.endpoint());
    }

    @AfterAll
    static void stop() {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
    }

    private static void moveTo(String instant) {
        long target = Instant.parse(instant).toEpochMilli();
        if (target < clock.millis()) throw new IllegalStateException("the clock is past " + instant);
        clock.advanceMillis(target - clock.millis());
    }

    /** A PROVISIONED table of {@code rcu}/{@code wcu}, with a GSI gsi1 of {@code gsi[0]}/{@code gsi[1]} when given. */
    private static CreateTableRequest provisioned(String name, long rcu, long wcu, long... gsi) {
        CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(rcu).writeCapacityUnits(wcu))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH));
        if (gsi.length == 0) return b.attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)).build();
        return b.attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("gsi1").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))
                        .provisionedThroughput(p -> p.readCapacityUnits(gsi[0]).writeCapacityUnits(gsi[1]))).build();
    }

    private static void table(String name, long units, boolean withIndex) {
        ddb.createTable(withIndex ? provisioned(name, units, units, units, units) : provisioned(name, units, units));
    }

    private static void throughput(String table, long rcu, long wcu) {
        ddb.updateTable(b -> b.tableName(table).provisionedThroughput(p -> p.readCapacityUnits(rcu).writeCapacityUnits(wcu)));
    }

    private static void indexThroughput(String table, long units) {
        ddb.updateTable(b -> b.tableName(table).globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                .provisionedThroughput(p -> p.readCapacityUnits(units).writeCapacityUnits(units)))));
    }

    private static String budgetSpent(int today, String last, String next) {
        return "Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day. After the first 4 "
                + "decreases, each subsequent decrease in the same UTC day can be performed at most once every 3600 seconds. "
                + "Number of decreases today: " + today + ". Last decrease at " + last + ". Next decrease can be made at " + next;
    }

    private static void limited(String message, Consumer<UpdateTableRequest.Builder> change) {
        fails(LimitExceededException.class, "LimitExceededException", message, () -> ddb.updateTable(b -> change.accept(b)));
    }

    private static ProvisionedThroughputDescription described(String table) {
        return ddb.describeTable(b -> b.tableName(table)).table().provisionedThroughput();
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"ProvisionedThroughput", "GlobalSecondaryIndexUpdates", "BillingMode"})
    void fourDecreasesADayThenOneAnHourPerTableAndPerIndex() {
        // DDB-TABLE-184 (live 2026-10-08 23:20:48): four decreases, the fifth refused until midnight, which comes before the hour
        moveTo("2030-10-08T23:20:48Z");
        table("cap_budget", 10, false);
        throughput("cap_budget", 9, 9);
        throughput("cap_budget", 9, 8);
        throughput("cap_budget", 9, 7);
        throughput("cap_budget", 9, 6);
        assertEquals(4, described("cap_budget").numberOfDecreasesToday());
        String spent = budgetSpent(4, "Tuesday, October 8, 2030 at 11:20:48 PM Coordinated Universal Time",
                "Wednesday, October 9, 2030 at 12:00:00 AM Coordinated Universal Time");
        limited(spent, b -> b.tableName("cap_budget").provisionedThroughput(p -> p.readCapacityUnits(9L).writeCapacityUnits(5L)));
        // lowering one dimension while raising the other counts as a decrease; raising both does not
        limited(spent, b -> b.tableName("cap_budget").provisionedThroughput(p -> p.readCapacityUnits(8L).writeCapacityUnits(7L)));
        throughput("cap_budget", 10, 7);
        assertEquals(4, described("cap_budget").numberOfDecreasesToday(), "refusals count nothing");

        // DDB-TABLE-326 (live 2026-10-09 00:21:34): a new UTC day gives four again; then one 3600 s after the last accepted one
        moveTo("2030-10-09T00:21:34Z");
        for (long w = 6; w >= 3; w--) throughput("cap_budget", 10, w);
        String last = "Wednesday, October 9, 2030 at 12:21:34 AM Coordinated Universal Time";
        limited(budgetSpent(4, last, "Wednesday, October 9, 2030 at 1:21:34 AM Coordinated Universal Time"),
                b -> b.tableName("cap_budget").provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(2L)));
        clock.advanceSeconds(3540);
        limited(budgetSpent(4, last, "Wednesday, October 9, 2030 at 1:21:34 AM Coordinated Universal Time"),
                b -> b.tableName("cap_budget").provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(2L)));
        clock.advanceSeconds(60);
        throughput("cap_budget", 10, 2);
        assertEquals(5, described("cap_budget").numberOfDecreasesToday());
        limited(budgetSpent(5, "Wednesday, October 9, 2030 at 1:21:34 AM Coordinated Universal Time",
                "Wednesday, October 9, 2030 at 2:21:34 AM Coordinated Universal Time"),
                b -> b.tableName("cap_budget").provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(1L)));

        // DDB-TABLE-157 (live 2026-10-08): the table and each GSI have their own budget; a call lowering both is refused whole
        moveTo("2030-10-10T12:00:00Z");
        table("cap_gsi_budget", 50, true);
        for (long u = 40; u >= 10; u -= 10) throughput("cap_gsi_budget", u, u);
        String tableSpent = budgetSpent(4, "Thursday, October 10, 2030 at 12:00:00 PM Coordinated Universal Time",
                "Thursday, October 10, 2030 at 1:00:00 PM Coordinated Universal Time");
        limited(tableSpent, b -> b.tableName("cap_gsi_budget").provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L))
                .globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                        .provisionedThroughput(p -> p.readCapacityUnits(40L).writeCapacityUnits(40L)))));
        var gsi = ddb.describeTable(b -> b.tableName("cap_gsi_budget")).table().globalSecondaryIndexes().get(0).provisionedThroughput();
        assertEquals(50L, gsi.readCapacityUnits(), "the index is untouched");
        assertEquals(0L, gsi.numberOfDecreasesToday());
        for (long u = 40; u >= 10; u -= 10) indexThroughput("cap_gsi_budget", u);
        limited(tableSpent, b -> b.tableName("cap_gsi_budget").globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L)))));

        // DDB-TABLE-183 / 056 (live 2026-10-08/09): switching to on-demand and back the same day is accepted every time
        for (int i = 0; i < 2; i++) {
            ddb.updateTable(b -> b.tableName("cap_budget").billingMode(BillingMode.PAY_PER_REQUEST));
            ddb.updateTable(b -> b.tableName("cap_budget").billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(10L)));
        }
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"ProvisionedThroughput", "GlobalSecondaryIndexes"})
    @Covers(operation = "UpdateTable", parameters = {"ProvisionedThroughput", "OnDemandThroughput", "GlobalSecondaryIndexUpdates"})
    void throughputOverTheAccountMaximumNamesTheRegion() {
        String refer = ". Per table maximum: 40000. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher "
                + "limits.";
        try (DynamoDbClient west = DynamoDbClient.builder().endpointOverride(server.endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(r -> r.maxAttempts(1))).build()) {
            // DDB-TABLE-170 / 443 (live us-west-2 2026-10-08/09): the table's and each GSI's units on their own
            fails(LimitExceededException.class, "LimitExceededException", "The requested ReadCapacityUnits, 40001, is above the per table "
                    + "maximum for the account in eu-west-1" + refer, () -> west.createTable(provisioned("cap_max", 40001, 1)));
            fails(LimitExceededException.class, "LimitExceededException", "The requested WriteCapacityUnits for index gsi1, 40001, is above "
                    + "the per index maximum for the account in eu-west-1" + refer,
                    () -> west.createTable(provisioned("cap_max", 1, 1, 1, 40001)));
            // the per-table maximum does not add up the indexes
            west.createTable(provisioned("cap_max", 39900, 1, 200, 1));
            fails(LimitExceededException.class, "LimitExceededException", "The requested ReadCapacityUnits, 40001, is above the per table "
                    + "maximum for the account in eu-west-1" + refer, () -> west.updateTable(b -> b.tableName("cap_max")
                    .provisionedThroughput(p -> p.readCapacityUnits(40001L).writeCapacityUnits(1L))));
            fails(LimitExceededException.class, "LimitExceededException", "The requested ReadCapacityUnits for index gsi1, 40001, is above "
                    + "the per index maximum for the account in eu-west-1" + refer, () -> west.updateTable(b -> b.tableName("cap_max")
                    .globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                            .provisionedThroughput(p -> p.readCapacityUnits(40001L).writeCapacityUnits(1L))))));

            // DDB-TABLE-171 / 443: the on-demand maximum of a table and of a GSI
            west.createTable(b -> b.tableName("cap_max_od").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                    .globalSecondaryIndexes(g -> g.indexName("gsi1").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL))));
            fails(LimitExceededException.class, "LimitExceededException", "Subscriber limit exceeded: Requested MaxReadRequestUnits for "
                    + "OnDemandThroughput for table exceeds TableMaxReadCapacityUnits of the account in region eu-west-1",
                    () -> west.updateTable(b -> b.tableName("cap_max_od").onDemandThroughput(o -> o.maxReadRequestUnits(40001L))));
            fails(LimitExceededException.class, "LimitExceededException", "Subscriber limit exceeded: Requested MaxWriteRequestUnits for "
                    + "OnDemandThroughput for index : gsi1 exceeds TableMaxWriteCapacityUnits of the account in region eu-west-1",
                    () -> west.updateTable(b -> b.tableName("cap_max_od").globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                            .onDemandThroughput(o -> o.maxWriteRequestUnits(40001L))))));
            // and the warm throughput's (DDB-TABLE-171 / 443, captured for an index)
            fails(LimitExceededException.class, "LimitExceededException", "Subscriber limit exceeded: Requested ReadUnitsPerSecond for "
                    + "WarmThroughput for index gsi1 exceeds TableMaxReadCapacityUnits of the account in region eu-west-1",
                    () -> west.updateTable(b -> b.tableName("cap_max_od").globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("gsi1")
                            .warmThroughput(w -> w.readUnitsPerSecond(40001L))))));
        }
    }
}
