package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.MultiRegionConsistency;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * Control-plane answers from the 2026-10 "ack-api-quirks" DynamoDB notes (lab runs 2026-10-08/09,
 * us-west-2 with us-east-1 runs): the "nothing to update" text, OnDemandThroughput, GSI updates on
 * on-demand tables, WarmThroughput and the index-name texts. Each assertion names the note's entry.
 */
class ControlPlaneQuirks2026IT extends ServerTestBase {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String NOTHING = "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
            + "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
            + "MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required";

    private static void updateFails(String table, String message, Consumer<UpdateTableRequest.Builder> change) {
        validation(message, () -> ddb.updateTable(b -> change.accept(b.tableName(table))));
    }

    private static void createFails(String message, Consumer<CreateTableRequest.Builder> request) {
        validation(message, () -> ddb.createTable(b -> request.accept(hashKey(b, "q26_refused"))));
    }

    private static CreateTableRequest.Builder hashKey(CreateTableRequest.Builder b, String name) {
        return b.tableName(name).keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S));
    }

    private static TableDescription update(String table, Consumer<UpdateTableRequest.Builder> change) {
        return ddb.updateTable(b -> change.accept(b.tableName(table))).tableDescription();
    }

    private static TableDescription describe(String table) {
        return ddb.describeTable(b -> b.tableName(table)).table();
    }

    /** A table keyed on pk with one GSI gsi1 on g (PROVISIONED 5/5 with the GSI at 5/5, or on demand). */
    private static void tableWithGsi(String name, boolean onDemand) {
        ddb.createTable(b -> {
            b.tableName(name).keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
             .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                     a -> a.attributeName("g").attributeType(ScalarAttributeType.S));
            GlobalSecondaryIndex.Builder gsi = GlobalSecondaryIndex.builder().indexName("gsi1")
                    .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL));
            if (onDemand) {
                b.billingMode(BillingMode.PAY_PER_REQUEST);
            } else {
                b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L));
                gsi.provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L));
            }
            b.globalSecondaryIndexes(gsi.build());
        });
    }

    private static GlobalSecondaryIndexDescription gsi(TableDescription d) {
        return d.globalSecondaryIndexes().get(0);
    }

    private static GlobalSecondaryIndexUpdate gsiUpdate(Consumer<software.amazon.awssdk.services.dynamodb.model.UpdateGlobalSecondaryIndexAction.Builder> u) {
        return GlobalSecondaryIndexUpdate.builder().update(b -> u.accept(b.indexName("gsi1"))).build();
    }

    private static void assertWarm(long read, long write, TableDescription d, String id) {
        assertEquals(read, d.warmThroughput().readUnitsPerSecond(), id);
        assertEquals(write, d.warmThroughput().writeUnitsPerSecond(), id);
        assertEquals("ACTIVE", d.warmThroughput().statusAsString(), id);
    }

    private static void assertWarm(long read, long write, GlobalSecondaryIndexDescription d, String id) {
        assertEquals(read, d.warmThroughput().readUnitsPerSecond(), id);
        assertEquals(write, d.warmThroughput().writeUnitsPerSecond(), id);
        assertEquals("ACTIVE", d.warmThroughput().statusAsString(), id);
    }

    private static OnDemandThroughput onDemand(Long read, Long write) {
        return OnDemandThroughput.builder().maxReadRequestUnits(read).maxWriteRequestUnits(write).build();
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"TableName", "AttributeDefinitions", "GlobalSecondaryIndexUpdates",
            "MultiRegionConsistency", "DeletionProtectionEnabled", "BillingMode", "OnDemandThroughput"})
    void nothingToUpdateAndAnEmptyIndexUpdateList() {
        String t = "q26_nothing";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-015/046/047 (live 2026-10-08)
        updateFails(t, NOTHING, b -> { });
        updateFails(t, NOTHING, b -> b.attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        // DDB-TABLE-015b/359a: an empty list alone counts as absent
        updateFails(t, NOTHING, b -> b.globalSecondaryIndexUpdates(List.of()));
        updateFails(t, NOTHING, b -> b.globalSecondaryIndexUpdates(List.of())
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        // DDB-TABLE-449: the list leaves out a member the request contained
        updateFails(t, NOTHING.replace("MultiRegionConsistency, ", ""), b -> b.multiRegionConsistency(MultiRegionConsistency.EVENTUAL));
        // DDB-TABLE-160a/359b-e: next to an effective member it is refused and nothing is applied
        String empty = INVALID + "List of GlobalSecondaryIndexUpdates is empty";
        updateFails(t, empty, b -> b.globalSecondaryIndexUpdates(List.of()).deletionProtectionEnabled(true));
        assertFalse(describe(t).deletionProtectionEnabled(), "DDB-TABLE-359c: carrier change not applied");
        updateFails(t, empty, b -> b.globalSecondaryIndexUpdates(List.of()).billingMode(BillingMode.PAY_PER_REQUEST));
        updateFails(t, empty, b -> b.globalSecondaryIndexUpdates(List.of()).onDemandThroughput(onDemand(100L, 100L)));
        assertNull(describe(t).onDemandThroughput(), "DDB-TABLE-359e: nothing applied");
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"OnDemandThroughput", "BillingMode", "GlobalSecondaryIndexes"})
    void onDemandThroughputAtCreation() {
        // DDB-TABLE-038c (live 2026-10-08)
        createFails(INVALID + "MaxReadRequestUnits for OnDemandThroughput cannot be specified when table BillingMode is PROVISIONED.",
                b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .onDemandThroughput(onDemand(5L, 5L)));
        // DDB-TABLE-039a-c: 0, -1 and -2 are out of range at creation
        for (long v : new long[] {0, -1, -2}) {
            createFails(INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range",
                    b -> b.billingMode(BillingMode.PAY_PER_REQUEST).onDemandThroughput(onDemand(v, v)));
        }
        // DDB-TABLE-039d: a read-only limit is described alone
        ddb.createTable(b -> hashKey(b, "q26_odt_read").billingMode(BillingMode.PAY_PER_REQUEST).onDemandThroughput(onDemand(100L, null)));
        assertEquals(onDemand(100L, null), describe("q26_odt_read").onDemandThroughput(), "DDB-TABLE-039d");
        // DDB-TABLE-128c/128d: the GSI variants (the live texts are captured as fragments)
        GlobalSecondaryIndex.Builder gsi = GlobalSecondaryIndex.builder().indexName("g-a")
                .keySchema(k -> k.attributeName("a").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL));
        validation(INVALID + "MaxReadRequestUnits for OnDemandThroughput for index: g-a cannot be specified when table BillingMode is PROVISIONED.",
                () -> ddb.createTable(b -> b.tableName("q26_refused").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("a").attributeType(ScalarAttributeType.S))
                        .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .globalSecondaryIndexes(gsi.copy().provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                                .onDemandThroughput(onDemand(5L, 5L)).build())));
        validation(INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for index : g-a is outside of valid range",
                () -> ddb.createTable(b -> b.tableName("q26_refused").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("a").attributeType(ScalarAttributeType.S))
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .globalSecondaryIndexes(gsi.copy().onDemandThroughput(onDemand(0L, 0L)).build())));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"OnDemandThroughput", "BillingMode", "ProvisionedThroughput"})
    void onDemandThroughputUpdatesMergeAndClear() {
        String t = "q26_odt";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-178a: synchronous, ACTIVE
        TableDescription d = update(t, b -> b.onDemandThroughput(onDemand(1000L, 500L)));
        assertEquals(TableStatus.ACTIVE, d.tableStatus(), "DDB-TABLE-178a");
        assertEquals(onDemand(1000L, 500L), d.onDemandThroughput(), "DDB-TABLE-178a");
        // DDB-TABLE-178b: member by member
        update(t, b -> b.onDemandThroughput(onDemand(2000L, null)));
        assertEquals(onDemand(2000L, 500L), describe(t).onDemandThroughput(), "DDB-TABLE-178b");
        // DDB-TABLE-051a/b: 0 and -2 refused
        updateFails(t, INVALID + "Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of valid range",
                b -> b.onDemandThroughput(onDemand(null, 0L)));
        updateFails(t, INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range",
                b -> b.onDemandThroughput(onDemand(-2L, null)));
        // DDB-TABLE-182a/b: -1 clears; the answer echoes it, DescribeTable leaves the member out
        assertEquals(onDemand(-1L, 500L), update(t, b -> b.onDemandThroughput(onDemand(-1L, null))).onDemandThroughput(), "DDB-TABLE-182a");
        assertEquals(onDemand(null, 500L), describe(t).onDemandThroughput(), "DDB-TABLE-182b");
        // DDB-TABLE-182c/e: both cleared, no OnDemandThroughput described
        assertEquals(onDemand(null, -1L), update(t, b -> b.onDemandThroughput(onDemand(null, -1L))).onDemandThroughput(), "DDB-TABLE-182c");
        assertNull(describe(t).onDemandThroughput(), "DDB-TABLE-182c");
        assertEquals(onDemand(-1L, -1L), update(t, b -> b.onDemandThroughput(onDemand(-1L, -1L))).onDemandThroughput(), "DDB-TABLE-182e");
        // DDB-TABLE-178d
        update(t, b -> b.onDemandThroughput(onDemand(null, 700L)));
        assertEquals(onDemand(null, 700L), describe(t).onDemandThroughput(), "DDB-TABLE-178d");
        // DDB-TABLE-154a: the account's per-table maximum
        fails(LimitExceededException.class, "LimitExceededException", "Subscriber limit exceeded: Requested MaxReadRequestUnits for "
                + "OnDemandThroughput for table exceeds TableMaxReadCapacityUnits of the account in region us-east-1",
                () -> ddb.updateTable(b -> b.tableName(t).onDemandThroughput(onDemand(40001L, 1000L))));
        // DDB-TABLE-059a: not on a PROVISIONED table
        String p = "q26_odt_prov";
        ddb.createTable(b -> hashKey(b, p).provisionedThroughput(x -> x.readCapacityUnits(1L).writeCapacityUnits(1L)));
        updateFails(p, INVALID + "MaxReadRequestUnits for OnDemandThroughput cannot be specified when the table BillingMode is PROVISIONED",
                b -> b.onDemandThroughput(onDemand(100L, 100L)));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"GlobalSecondaryIndexUpdates", "BillingMode", "ProvisionedThroughput"})
    void indexUpdatesOnAnOnDemandTable() {
        String t = "q26_gsi_ppr";
        tableWithGsi(t, true);
        String only = INVALID + "The only Updates for index: gsi1 when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput";
        // DDB-TABLE-456e-h, 152c (live 2026-10-09)
        String emptyWarm = INVALID + "WarmThroughput must have at least one of ReadUnitsPerSecond or WriteUnitsPerSecond specified for index: gsi1";
        updateFails(t, emptyWarm, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> { }))));
        updateFails("q26_missing", emptyWarm, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> { }))));
        updateFails(t, only, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(null, null)))));
        updateFails(t, only, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> { })));
        updateFails(t, only, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.provisionedThroughput(p -> p.readCapacityUnits(50L)
                .writeCapacityUnits(50L)))));
        // DDB-TABLE-135: applied to the index alone, an identical re-send accepted
        for (int i = 0; i < 2; i++) update(t, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(5000L, 5000L)))));
        TableDescription d = describe(t);
        assertEquals(onDemand(5000L, 5000L), gsi(d).onDemandThroughput(), "DDB-TABLE-135");
        assertNull(d.onDemandThroughput(), "DDB-TABLE-135: the table's limits untouched");
        // DDB-TABLE-456i: -1/-1 clears
        update(t, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(-1L, -1L)))));
        assertNull(gsi(describe(t)).onDemandThroughput(), "DDB-TABLE-456i");
        // DDB-TABLE-153a/b: a switch to PROVISIONED drops the limits; then an index limit is refused
        update(t, b -> b.onDemandThroughput(onDemand(1000L, 1000L)));
        update(t, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(6000L, 5000L)))));
        update(t, b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(p -> p.readCapacityUnits(50L).writeCapacityUnits(50L))
                .globalSecondaryIndexUpdates(gsiUpdate(u -> u.provisionedThroughput(p -> p.readCapacityUnits(50L).writeCapacityUnits(50L)))));
        d = describe(t);
        assertNull(d.onDemandThroughput(), "DDB-TABLE-153a");
        assertNull(gsi(d).onDemandThroughput(), "DDB-TABLE-153a");
        updateFails(t, INVALID + "MaxReadRequestUnits for OnDemandThroughput for index : gsi1 cannot be specified when the table BillingMode is PROVISIONED",
                b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(10L, 10L)))));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"WarmThroughput", "BillingMode", "ProvisionedThroughput", "GlobalSecondaryIndexes"})
    void warmThroughputAtCreation() {
        String low = INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than initial throughput for OnDemand. "
                + "See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial";
        // DDB-TABLE-039f/g (live 2026-10-08)
        createFails(low, b -> b.billingMode(BillingMode.PAY_PER_REQUEST).warmThroughput(w -> w.readUnitsPerSecond(1L).writeUnitsPerSecond(1L)));
        createFails(low, b -> b.billingMode(BillingMode.PAY_PER_REQUEST).warmThroughput(w -> w.readUnitsPerSecond(0L).writeUnitsPerSecond(0L)));
        // DDB-TABLE-039j
        createFails(INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than ReadCapacityUnits of ProvisionedThroughput",
                b -> b.provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(10L))
                        .warmThroughput(w -> w.readUnitsPerSecond(5L).writeUnitsPerSecond(5L)));
        // DDB-TABLE-039h: an unsent member keeps the on-demand default
        ddb.createTable(b -> hashKey(b, "q26_warm_read").billingMode(BillingMode.PAY_PER_REQUEST).warmThroughput(w -> w.readUnitsPerSecond(12001L)));
        assertWarm(12001, 4000, describe("q26_warm_read"), "DDB-TABLE-039h");
        // DDB-TABLE-032a/b: always described
        ddb.createTable(b -> hashKey(b, "q26_warm_ppr").billingMode(BillingMode.PAY_PER_REQUEST));
        assertWarm(12000, 4000, describe("q26_warm_ppr"), "DDB-TABLE-032a");
        ddb.createTable(b -> hashKey(b, "q26_warm_prov").provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L)));
        assertWarm(5, 5, describe("q26_warm_prov"), "DDB-TABLE-032b");
        // DDB-TABLE-128e: the GSI variant; 134a/456d: a GSI's default, also for WarmThroughput {}
        GlobalSecondaryIndex.Builder gsi = GlobalSecondaryIndex.builder().indexName("g-a")
                .keySchema(k -> k.attributeName("a").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL));
        Consumer<CreateTableRequest.Builder> withA = b -> b.keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("a").attributeType(ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST);
        validation(low.replace("for table", "for index g-a"), () -> ddb.createTable(b -> {
            withA.accept(b.tableName("q26_refused"));
            b.globalSecondaryIndexes(gsi.copy().warmThroughput(w -> w.readUnitsPerSecond(1L).writeUnitsPerSecond(1L)).build());
        }));
        ddb.createTable(b -> {
            withA.accept(b.tableName("q26_warm_gsi"));
            b.globalSecondaryIndexes(gsi.copy().warmThroughput(w -> { }).onDemandThroughput(onDemand(null, null)).build());
        });
        TableDescription d = describe("q26_warm_gsi");
        assertWarm(12000, 4000, gsi(d), "DDB-TABLE-456d");
        assertNull(gsi(d).onDemandThroughput(), "DDB-TABLE-456d");
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"WarmThroughput", "ProvisionedThroughput", "BillingMode", "GlobalSecondaryIndexUpdates"})
    void warmThroughputIsAHighWaterMark() {
        String t = "q26_warm_mark";
        ddb.createTable(b -> hashKey(b, t).provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L)));
        // DDB-TABLE-061a: follows the highest RCU/WCU, stays after a decrease
        update(t, b -> b.provisionedThroughput(p -> p.readCapacityUnits(3L).writeCapacityUnits(3L)));
        update(t, b -> b.provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L)));
        assertWarm(3, 3, describe(t), "DDB-TABLE-061a");
        // DDB-TABLE-061b/059b: no decrease
        updateFails(t, INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than current WarmThroughput, "
                + "decreasing WarmThroughput is not supported", b -> b.warmThroughput(w -> w.readUnitsPerSecond(1L).writeUnitsPerSecond(1L)));
        // DDB-TABLE-059c: accepted on PROVISIONED, ACTIVE
        assertEquals(TableStatus.ACTIVE, update(t, b -> b.warmThroughput(w -> w.readUnitsPerSecond(50L).writeUnitsPerSecond(50L))).tableStatus(),
                "DDB-TABLE-059c");
        // DDB-TABLE-061c/068: 12000/4000 on demand, kept after switching back
        update(t, b -> b.billingMode(BillingMode.PAY_PER_REQUEST));
        assertWarm(12000, 4000, describe(t), "DDB-TABLE-068");
        update(t, b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L)));
        assertWarm(12000, 4000, describe(t), "DDB-TABLE-061c");
        // DDB-TABLE-179a-c, 066 on an on-demand table
        String o = "q26_warm_od";
        ddb.createTable(b -> hashKey(b, o).billingMode(BillingMode.PAY_PER_REQUEST));
        assertEquals(TableStatus.ACTIVE, update(o, b -> b.warmThroughput(w -> w.readUnitsPerSecond(12001L).writeUnitsPerSecond(4001L)))
                .tableStatus(), "DDB-TABLE-179a");
        updateFails(o, INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than current WarmThroughput, "
                + "decreasing WarmThroughput is not supported", b -> b.warmThroughput(w -> w.readUnitsPerSecond(12000L).writeUnitsPerSecond(4000L)));
        update(o, b -> b.warmThroughput(w -> w.writeUnitsPerSecond(4002L)));
        assertWarm(12001, 4002, describe(o), "DDB-TABLE-179c");
        update(o, b -> b.warmThroughput(w -> w.readUnitsPerSecond(12001L).writeUnitsPerSecond(4002L)));
        assertWarm(12001, 4002, describe(o), "DDB-TABLE-066: equal values accepted");
        // DDB-TABLE-134b/c: a provisioned GSI's warm throughput mirrors its units and keeps the highest
        String g = "q26_warm_gsi_prov";
        tableWithGsi(g, false);
        update(g, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.provisionedThroughput(p -> p.readCapacityUnits(13000L).writeCapacityUnits(4500L)))));
        update(g, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L)))));
        assertWarm(13000, 4500, gsi(describe(g)), "DDB-TABLE-134c");
        // DDB-TABLE-155a-c on an on-demand table's GSI
        String od = "q26_warm_gsi_od";
        tableWithGsi(od, true);
        update(od, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> w.readUnitsPerSecond(12001L).writeUnitsPerSecond(4001L)))));
        updateFails(od, INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for index gsi1 is lower than current WarmThroughput, "
                + "decreasing WarmThroughput is not supported",
                b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> w.readUnitsPerSecond(100L).writeUnitsPerSecond(100L)))));
        update(od, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> w.readUnitsPerSecond(12001L).writeUnitsPerSecond(4001L)))));
        update(od, b -> b.globalSecondaryIndexUpdates(gsiUpdate(u -> u.warmThroughput(w -> w.readUnitsPerSecond(12002L)))));
        assertWarm(12002, 4001, gsi(describe(od)), "DDB-TABLE-155c");
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"GlobalSecondaryIndexUpdates"})
    void indexNameTexts() {
        String t = "q26_names";
        ddb.createTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                .localSecondaryIndexes(l -> l.indexName("lsi1").keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("x").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
        // DDB-TABLE-446b/161a (live 2026-10-09)
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Index ghost for table " + t,
                () -> ddb.updateTable(b -> b.tableName(t).globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .delete(d -> d.indexName("ghost")).build())));
        // DDB-TABLE-137a-c (the live texts are captured as fragments)
        updateFails(t, INVALID + "Cannot delete an index that is not a GlobalSecondaryIndex: lsi1",
                b -> b.globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().delete(d -> d.indexName("lsi1")).build()));
        updateFails(t, INVALID + "Cannot update an index that is not a GlobalSecondaryIndex: lsi1",
                b -> b.globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().update(u -> u.indexName("lsi1")
                        .onDemandThroughput(onDemand(10L, 10L))).build()));
        updateFails(t, INVALID + "Attempting to create an index which already exists",
                b -> b.attributeDefinitions(a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName("lsi1")
                                .keySchema(k -> k.attributeName("x").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL)))
                                .build()));
    }

    @Test
    @Covers(operation = "ListTagsOfResource", parameters = {"ResourceArn", "NextToken"})
    void anUnknownTagsNextTokenGivesTheFirstPage() {
        String t = "q26_tags";
        ddb.createTable(b -> hashKey(b, t).billingMode(BillingMode.PAY_PER_REQUEST)
                .tags(software.amazon.awssdk.services.dynamodb.model.Tag.builder().key("k0").value("v").build(),
                        software.amazon.awssdk.services.dynamodb.model.Tag.builder().key("k1").value("v").build()));
        String arn = describe(t).tableArn();
        // DDB-TABLE-073 (live 2026-10-08)
        assertEquals(2, ddb.listTagsOfResource(b -> b.resourceArn(arn).nextToken("not-a-token")).tags().size(), "DDB-TABLE-073");
    }

    @Test
    @Covers(operation = "UpdateContributorInsights", parameters = {"ContributorInsightsAction"})
    @Covers(operation = "ListContributorInsights", parameters = {"TableName"})
    @Covers(operation = "DescribeContributorInsights", parameters = {"TableName"})
    void contributorInsightsNoOpsAndListing() {
        String t = "q26_insights";
        tableWithGsi(t, true);
        // DDB-TABLE-089b/095a (live 2026-10-08): nothing DISABLED is listed
        assertEquals(0, ddb.listContributorInsights(b -> b.tableName(t)).contributorInsightsSummaries().size(), "DDB-TABLE-095a");
        // DDB-TABLE-089c/091a: DISABLE on a never-configured table answers DISABLED
        assertEquals("DISABLED", ddb.updateContributorInsights(b -> b.tableName(t).contributorInsightsAction("DISABLE"))
                .contributorInsightsStatusAsString(), "DDB-TABLE-091a");
        assertEquals("ENABLING", ddb.updateContributorInsights(b -> b.tableName(t).contributorInsightsAction("ENABLE"))
                .contributorInsightsStatusAsString());
        // DDB-TABLE-091b/341: ENABLE when ENABLED is a synchronous no-op
        assertEquals("ENABLED", ddb.updateContributorInsights(b -> b.tableName(t).contributorInsightsAction("ENABLE"))
                .contributorInsightsStatusAsString(), "DDB-TABLE-341");
        ddb.updateContributorInsights(b -> b.tableName(t).indexName("gsi1").contributorInsightsAction("ENABLE"));
        assertEquals("DISABLING", ddb.updateContributorInsights(b -> b.tableName(t).contributorInsightsAction("DISABLE"))
                .contributorInsightsStatusAsString());
        // DDB-TABLE-089d: the mode is kept after a cycle
        assertEquals("ACCESSED_AND_THROTTLED_KEYS", ddb.describeContributorInsights(b -> b.tableName(t)).contributorInsightsModeAsString(),
                "DDB-TABLE-089d");
        // DDB-TABLE-095c/343: only the index is listed
        var list = ddb.listContributorInsights(b -> b.tableName(t)).contributorInsightsSummaries();
        assertEquals(1, list.size(), "DDB-TABLE-343");
        assertEquals("gsi1", list.get(0).indexName(), "DDB-TABLE-343");
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"AttributeDefinitions", "GlobalSecondaryIndexes"})
    @Covers(operation = "UpdateTable", parameters = {"AttributeDefinitions", "GlobalSecondaryIndexUpdates"})
    void attributeDefinitionsAreSortedAndOnlyCountForAnIndexCreate() {
        String t = "q26_sorted";
        ddb.createTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("sk").attributeType(ScalarAttributeType.N),
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("gsi1").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("pk", "a", "g"))));
        // DDB-TABLE-042n/125a/366a (live 2026-10-08): sorted by name
        TableDescription d = describe(t);
        assertEquals(List.of("g", "pk", "sk"), d.attributeDefinitions().stream().map(a -> a.attributeName()).toList(), "DDB-TABLE-125a");
        assertEquals(List.of("a", "g", "pk"), gsi(d).projection().nonKeyAttributes(), "DDB-TABLE-366a");
        // DDB-TABLE-162b: a conflicting type next to a GSI Update is ignored
        update(t, b -> b.attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.N))
                .globalSecondaryIndexUpdates(gsiUpdate(u -> u.onDemandThroughput(onDemand(10L, 10L)))));
        assertEquals(ScalarAttributeType.S, describe(t).attributeDefinitions().stream().filter(a -> a.attributeName().equals("pk"))
                .findFirst().orElseThrow().attributeType(), "DDB-TABLE-162b");
        // DDB-TABLE-151/166: a GSI Delete prunes definitions no key uses
        update(t, b -> b.globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().delete(x -> x.indexName("gsi1")).build()));
        assertEquals(List.of("pk", "sk"), describe(t).attributeDefinitions().stream().map(a -> a.attributeName()).toList(), "DDB-TABLE-166");
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"ProvisionedThroughput", "AttributeDefinitions", "GlobalSecondaryIndexes"})
    @Covers(operation = "UpdateTable", parameters = {"BillingMode", "ProvisionedThroughput", "GlobalSecondaryIndexUpdates", "WarmThroughput"})
    void tableValidationTexts() {
        // DDB-TABLE-038b/g (live 2026-10-08): writeCapacityUnits is named first
        createFails("2 validation errors detected: Value '0' at 'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: "
                + "Member must have value greater than or equal to 1; Value '0' at 'provisionedThroughput.readCapacityUnits' failed to "
                + "satisfy constraint: Member must have value greater than or equal to 1",
                b -> b.provisionedThroughput(p -> p.readCapacityUnits(0L).writeCapacityUnits(0L)));
        // DDB-TABLE-042h/i
        validation("Attribute Name is duplicated: pk", () -> ddb.createTable(b -> b.tableName("q26_refused").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.N))));
        // DDB-TABLE-123d/e, 126c/d, 128b (captured as fragments)
        String[][] cases = {
            {INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema", "h1:HASH,r1:RANGE,h2:HASH", "ALL"},
            {INVALID + "The KeySchema contains multiple key attributes with the same name", "h1:HASH,h1:RANGE", "ALL"},
            {INVALID + "ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified", "h1:HASH", "KEYS_ONLY"},
            {INVALID + "ProjectionType is ALL, but NonKeyAttributes is specified", "h1:HASH", "ALL"},
        };
        for (String[] c : cases) {
            List<software.amazon.awssdk.services.dynamodb.model.KeySchemaElement> keys = java.util.Arrays.stream(c[1].split(","))
                    .map(e -> software.amazon.awssdk.services.dynamodb.model.KeySchemaElement.builder().attributeName(e.split(":")[0])
                            .keyType(e.split(":")[1]).build()).toList();
            boolean nonKey = c[0].contains("NonKeyAttributes");
            validation(c[0], () -> ddb.createTable(b -> b.tableName("q26_refused").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("h1").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("h2").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("r1").attributeType(ScalarAttributeType.S))
                    .globalSecondaryIndexes(g -> g.indexName("gxx").keySchema(keys).projection(p -> {
                        p.projectionType(c[2]);
                        if (nonKey) p.nonKeyAttributes("a");
                    }))));
        }
        validation(INVALID + "ProvisionedThroughput is not specified for index: g-a", () -> ddb.createTable(b -> b.tableName("q26_refused")
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("a").attributeType(ScalarAttributeType.S))
                .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                .globalSecondaryIndexes(g -> g.indexName("g-a").keySchema(k -> k.attributeName("a").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))));
        // DDB-TABLE-056c
        String t = "q26_texts";
        tableWithGsi(t, false);
        updateFails(t, INVALID + "ProvisionedThroughput cannot be specified when BillingMode is PAY_PER_REQUEST",
                b -> b.billingMode(BillingMode.PAY_PER_REQUEST).provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L)));
        // DDB-TABLE-152e, 162a, 174f
        GlobalSecondaryIndexUpdate create = GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName("gsi2")
                .keySchema(k -> k.attributeName("b").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL))).build();
        updateFails(t, INVALID + "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: gsi2",
                b -> b.attributeDefinitions(a -> a.attributeName("b").attributeType(ScalarAttributeType.S)).globalSecondaryIndexUpdates(create));
        updateFails(t, INVALID + "AttributeDefinitions is not specified for index: gsi2", b -> b.globalSecondaryIndexUpdates(create));
        updateFails(t, INVALID + "Create global secondary index cannot be specified when updating WarmThroughput",
                b -> b.attributeDefinitions(a -> a.attributeName("b").attributeType(ScalarAttributeType.S)).globalSecondaryIndexUpdates(create)
                        .warmThroughput(w -> w.readUnitsPerSecond(100L).writeUnitsPerSecond(100L)));
    }
}
