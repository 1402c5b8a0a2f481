package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReplicationGroupUpdate;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * UpdateTable ReplicaUpdates (global tables version 2019.11.21): one server, the account's tables
 * in us-east-1 and us-west-2 reached by two clients. Every text is the service's own, from the
 * ack-api-quirks DynamoDB notes (table-replicas.md / table-global-tables.md, live 2026-10-08/09;
 * the finding is named at each assertion).
 */
class ReplicasIT extends ServerTestBase {
    private static DynamoDbClient west;
    private static DynamoDbClient europe;

    @BeforeAll
    static void clients() {
        west = RegionsIT.client(server.endpoint(), Region.US_WEST_2);
        europe = RegionsIT.client(server.endpoint(), Region.EU_WEST_1);
    }

    @AfterAll
    static void closeClients() {
        if (west != null) west.close();
        if (europe != null) europe.close();
    }

    private static ReplicationGroupUpdate create(String region) {
        return ReplicationGroupUpdate.builder().create(c -> c.regionName(region)).build();
    }

    private static ReplicationGroupUpdate delete(String region) {
        return ReplicationGroupUpdate.builder().delete(c -> c.regionName(region)).build();
    }

    private static UpdateTableResponse replicaUpdates(DynamoDbClient client, String table, ReplicationGroupUpdate... updates) {
        return client.updateTable(b -> b.tableName(table).replicaUpdates(updates));
    }

    private static String notMember(String region) {
        return "Update global table operation failed because one or more replicas were not part of the global table. "
                + "Please retry the request without these replicas: [" + region + "].";
    }

    private static final String SOURCE_REGION = "Replica cannot be deleted because it has acted as a source region for new "
            + "replica(s) being added to the table in the last 24 hours.";

    /** A PAY_PER_REQUEST table with a GSI on g and no stream. */
    private static void createTable(DynamoDbClient client, String name) {
        client.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(x -> x.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    /** Waits (real time, replication is asynchronous) until the supplier says true. */
    private static void eventually(String what, Supplier<Boolean> condition) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!condition.get()) {
            if (System.nanoTime() > end) throw new AssertionError("not replicated in time: " + what);
            Thread.sleep(5);
        }
    }

    private static Map<String, AttributeValue> get(DynamoDbClient client, String table, String pk) {
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table).key(item("pk", pk))).item();
        return item == null || item.isEmpty() ? null : item;
    }

    private static String attr(DynamoDbClient client, String table, String pk, String name) {
        Map<String, AttributeValue> item = get(client, table, pk);
        return item == null || item.get(name) == null ? null : item.get(name).s();
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"ReplicaUpdates", "MultiRegionConsistency"})
    void refusedRequestsGetTheServicesTexts() {
        createTable(ddb, "RepRules");
        // DDB-TABLE-224: replica changes must be alone in the request (checked before the table's state)
        validation("One or more parameter values were invalid: Replica modification must be the only operation in the request",
                () -> ddb.updateTable(b -> b.tableName("RepRules").replicaUpdates(create("us-west-2")).deletionProtectionEnabled(true)));
        validation("One or more parameter values were invalid: Replica modification must be the only operation in the request",
                () -> ddb.updateTable(b -> b.tableName("RepRules").replicaUpdates(create("us-west-2"))
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))));
        // DDB-TABLE-265: one create or delete per request
        validation("Update table operation with more than one create or delete replica actions not allowed",
                () -> replicaUpdates(ddb, "RepRules", create("us-west-2"), create("eu-west-1")));
        validation("Update table operation with more than one create or delete replica actions not allowed",
                () -> replicaUpdates(ddb, "RepRules", delete("us-west-2"), delete("eu-west-1")));
        // DDB-TABLE-223/224: two kinds of action in one element; an element or Update without an action
        validation("Update table operation with more than one type of replica actions not allowed.",
                () -> replicaUpdates(ddb, "RepRules", ReplicationGroupUpdate.builder().create(c -> c.regionName("us-west-2"))
                        .delete(d -> d.regionName("us-west-2")).build()));
        validation("There are no actions specified in the Replica Update Action of the request.",
                () -> replicaUpdates(ddb, "RepRules", ReplicationGroupUpdate.builder().update(u -> u.regionName("us-west-2")).build()));
        validation("There are no actions specified in the Replica Update Action of the request.",
                () -> replicaUpdates(ddb, "RepRules", ReplicationGroupUpdate.builder().build()));
        // DDB-TABLE-257: strong consistency needs three regions in one request
        validation("Unsupported replica count for global tables with MultiRegionConsistency set to STRONG.",
                () -> ddb.updateTable(b -> b.tableName("RepRules").replicaUpdates(create("us-west-2")).multiRegionConsistency("STRONG")));
        // the table's own region, an unknown region, a region that is no replica (DDB-TABLE-203/223)
        validation("Cannot add or delete the local region through ReplicaUpdates. Use CreateTable, DeleteTable, or UpdateTable as required.",
                () -> replicaUpdates(ddb, "RepRules", create("us-east-1")));
        validation("Cannot add or delete the local region through ReplicaUpdates. Use CreateTable, DeleteTable, or UpdateTable as required.",
                () -> replicaUpdates(ddb, "RepRules", delete("us-east-1")));
        DynamoDbException unknown = assertThrows(DynamoDbException.class, () -> replicaUpdates(ddb, "RepRules", create("us-fake-1")));
        assertEquals("ValidationException", unknown.awsErrorDetails().errorCode());
        // the service's list was captured up to "me-ce" (DDB-TABLE-223); its tail is not confirmed
        assertTrue(unknown.awsErrorDetails().errorMessage().startsWith("Region us-fake-1 is not supported. The latest version of global "
                + "tables are only supported in the following regions: [ap-south-2, ap-south-1, eu-south-1, eu-south-2, me-ce"),
                unknown.awsErrorDetails().errorMessage());
        validation(notMember("ca-central-1"), () -> replicaUpdates(ddb, "RepRules", delete("ca-central-1")));
        validation(notMember("ca-central-1"), () -> replicaUpdates(ddb, "RepRules",
                ReplicationGroupUpdate.builder().update(u -> u.regionName("ca-central-1").tableClassOverride("STANDARD")).build()));
        // a table of the same name already in the target region (DDB-TABLE-225; the service's quotes)
        Sdk.createHashTable(europe, "RepRules");
        validation("Failed to create a the new replica of table with name: \u2018RepRules\u2019 because one or more replicas already existed as tables.",
                () -> replicaUpdates(ddb, "RepRules", create("eu-west-1")));
        // a provisioned table without auto scaling (Basalt has none) (DDB-TABLE-188)
        ddb.createTable(b -> b.tableName("RepProvisioned").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        validation("Table write capacity should either be Pay-Per-Request or AutoScaled.",
                () -> replicaUpdates(ddb, "RepProvisioned", create("us-west-2")));
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: RepNope not found",
                () -> replicaUpdates(ddb, "RepNope", create("us-west-2")));
        // nothing was created on the way
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: RepRules not found",
                () -> west.describeTable(b -> b.tableName("RepRules")));
        assertFalse(ddb.describeTable(b -> b.tableName("RepRules")).table().hasReplicas());
        // DDB-TABLE-187/254: a regional table is no global table
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Global table with name: 'RepRules' does not exist.",
                () -> ddb.describeTableReplicaAutoScaling(b -> b.tableName("RepRules")));
        assertNull(ddb.describeTable(b -> b.tableName("RepRules")).table().globalTableVersion());
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = "ReplicaUpdates")
    @Covers(operation = "DescribeTable", parameters = "TableName")
    @Covers(operation = "DeleteTable", parameters = "TableName")
    void aReplicaIsARealTableKeptInStep() throws Exception {
        createTable(ddb, "Rep");
        ddb.putItem(b -> b.tableName("Rep").item(item("pk", "before", "g", "x", "v", "1")));

        // DDB-TABLE-221/226: UPDATING, the version, no replica listed yet, and a NEW_AND_OLD_IMAGES stream enabled
        TableDescription answer = replicaUpdates(ddb, "Rep", create("us-west-2")).tableDescription();
        assertEquals("UPDATING", answer.tableStatusAsString());
        assertEquals("2019.11.21", answer.globalTableVersion());
        assertTrue(answer.hasReplicas() && answer.replicas().isEmpty());
        assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, answer.streamSpecification().streamViewType());

        // DDB-TABLE-229: each region lists the other, never itself; own ids, ARNs and streams
        TableDescription east = ddb.describeTable(b -> b.tableName("Rep")).table();
        TableDescription westT = west.describeTable(b -> b.tableName("Rep")).table();
        assertEquals("2019.11.21", east.globalTableVersion());
        assertEquals(List.of("us-west-2"), east.replicas().stream().map(r -> r.regionName()).toList());
        assertEquals("ACTIVE", east.replicas().get(0).replicaStatusAsString());
        assertEquals("2019.11.21", westT.globalTableVersion());
        assertEquals(List.of("us-east-1"), westT.replicas().stream().map(r -> r.regionName()).toList());
        assertNotEquals(east.tableId(), westT.tableId());
        assertTrue(westT.tableArn().startsWith("arn:aws:dynamodb:us-west-2:"));
        assertNotEquals(east.latestStreamArn(), westT.latestStreamArn());
        assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, westT.streamSpecification().streamViewType());
        assertEquals(east.keySchema(), westT.keySchema());
        assertEquals("byG", westT.globalSecondaryIndexes().get(0).indexName());
        assertTrue(west.listTables().tableNames().contains("Rep"));

        // the items the table had, then writes in either region, reach the other
        assertEquals("1", attr(west, "Rep", "before", "v"));
        ddb.putItem(b -> b.tableName("Rep").item(item("pk", "a", "g", "y", "v", "east")));
        eventually("east put", () -> "east".equals(attr(west, "Rep", "a", "v")));
        // GSIs and streams are eventually consistent: on Cassandra the change log applies them after the write
        boolean eventual = getClass().isAnnotationPresent(OnCassandra.class);
        assertEquals(1, Eventually.converged(eventual, java.time.Duration.ofSeconds(60), "the replica's GSI entry",
                () -> west.query(b -> b.tableName("Rep").indexName("byG").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("y")))).count(), c -> c == 1));
        clock.advanceSeconds(1);
        west.updateItem(b -> b.tableName("Rep").key(item("pk", "a")).updateExpression("SET v = :v")
                .expressionAttributeValues(Map.of(":v", AttributeValue.fromS("west"))));
        eventually("west update", () -> "west".equals(attr(ddb, "Rep", "a", "v")));
        clock.advanceSeconds(1);
        west.deleteItem(b -> b.tableName("Rep").key(item("pk", "before")));
        eventually("west delete", () -> get(ddb, "Rep", "before") == null);

        // the replicated write is in the target's stream like any other change
        assertTrue(Eventually.converged(eventual, java.time.Duration.ofSeconds(60), "the replica's stream record",
                () -> streamEvents(westT.latestStreamArn()), e -> e.contains("INSERT a")).contains("INSERT a"));

        // writes racing in both regions end with the last writer's value everywhere
        for (int i = 0; i < 20; i++) {
            clock.advanceMillis(10);
            String v = "w" + i;
            (i % 2 == 0 ? ddb : west).putItem(b -> b.tableName("Rep").item(item("pk", "race", "v", v)));
        }
        eventually("race", () -> "w19".equals(attr(ddb, "Rep", "race", "v")) && "w19".equals(attr(west, "Rep", "race", "v")));

        // DDB-TABLE-222: the stream carries the replication
        validation("One or more parameter values were invalid: Disabling Stream is not allowed for a Global Table replica.",
                () -> west.updateTable(b -> b.tableName("Rep").streamSpecification(s -> s.streamEnabled(false))));
        // DDB-TABLE-266/267: us-east-1 added us-west-2 less than 24 hours ago
        validation(SOURCE_REGION, () -> ddb.deleteTable(b -> b.tableName("Rep")));
        validation(SOURCE_REGION, () -> replicaUpdates(west, "Rep", delete("us-east-1")));
        // DDB-TABLE-203: adding it again
        validation("Failed to create a the new replica of table with name: \u2018Rep\u2019 because one or more replicas already existed as tables.",
                () -> replicaUpdates(ddb, "Rep", create("us-west-2")));

        // DDB-TABLE-204: the answer still lists the replica; then it is gone, and so are the global table's keys (DDB-TABLE-231)
        TableDescription removing = replicaUpdates(ddb, "Rep", delete("us-west-2")).tableDescription();
        assertEquals("UPDATING", removing.tableStatusAsString());
        assertEquals(List.of("us-west-2"), removing.replicas().stream().map(r -> r.regionName()).toList());
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: Rep not found",
                () -> west.describeTable(b -> b.tableName("Rep")));
        TableDescription after = ddb.describeTable(b -> b.tableName("Rep")).table();
        assertFalse(after.hasReplicas());
        assertNull(after.globalTableVersion());
        assertTrue(after.streamSpecification().streamEnabled()); // the stream stays
        ddb.putItem(b -> b.tableName("Rep").item(item("pk", "later", "v", "1")));
        ddb.deleteTable(b -> b.tableName("Rep"));
    }

    /**
     * Last writer wins for a delete too: a put in us-east-1 racing a later delete of the same item
     * in us-west-2 ends with the item deleted in both regions, however the replicated put and the
     * local delete interleave (a replicated put landing after the delete must see the delete's
     * stamp; on Cassandra the stamp is therefore written in the item's own partition, atomically with it).
     */
    @Test
    @Covers(operation = "DeleteItem", parameters = "Key")
    void aPutRacingALaterDeleteInAnotherRegionEndsDeletedInBoth() throws Exception {
        createTable(ddb, "RepRace");
        replicaUpdates(ddb, "RepRace", create("us-west-2"));
        int n = 60;
        for (int i = 0; i < n; i++) {
            String pk = "k" + i;
            ddb.putItem(b -> b.tableName("RepRace").item(item("pk", pk, "v", "1")));
        }
        for (int i = 0; i < n; i++) {
            String pk = "k" + i;
            eventually("the first put of " + pk, () -> "1".equals(attr(west, "RepRace", pk, "v")));
        }
        for (int i = 0; i < n; i++) {
            String pk = "k" + i;
            clock.advanceMillis(10);
            ddb.putItem(b -> b.tableName("RepRace").item(item("pk", pk, "v", "2")));
            clock.advanceMillis(10); // the delete is the later write
            west.deleteItem(b -> b.tableName("RepRace").key(item("pk", pk)));
        }
        for (int i = 0; i < n; i++) {
            String pk = "k" + i;
            eventually("the delete of " + pk + " in both regions (east " + get(ddb, "RepRace", pk) + ", west "
                    + get(west, "RepRace", pk) + ")", () -> get(ddb, "RepRace", pk) == null && get(west, "RepRace", pk) == null);
        }
    }

    /** "EVENT pk" of every record in the stream. */
    private static List<String> streamEvents(String streamArn) {
        List<String> out = new ArrayList<>();
        try (DynamoDbStreamsClient streams = streamsClient(server.endpoint())) {
            for (var shard : streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards()) {
                String it = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                for (var rec : streams.getRecords(b -> b.shardIterator(it)).records()) {
                    out.add(rec.eventNameAsString() + " " + rec.dynamodb().keys().get("pk").s());
                }
            }
        }
        return out;
    }

    @Test
    @Covers(operation = "DeleteTable", parameters = "TableName")
    @Covers(operation = "UpdateTable", parameters = "ReplicaUpdates")
    @Covers(operation = "DescribeTableReplicaAutoScaling", parameters = "TableName")
    void aReplicaLeavesByDeleteTableInItsRegion() {
        createTable(ddb, "RepLeave");
        replicaUpdates(ddb, "RepLeave", create("us-west-2"));
        // DDB-TABLE-232: every region, its own included, sorted; auto scaling disabled on an on-demand table
        var scaling = west.describeTableReplicaAutoScaling(b -> b.tableName("RepLeave")).tableAutoScalingDescription();
        assertEquals(List.of("us-east-1", "us-west-2"), scaling.replicas().stream().map(r -> r.regionName()).toList());
        assertTrue(scaling.replicas().get(0).replicaProvisionedReadCapacityAutoScalingSettings().autoScalingDisabled());
        assertEquals("byG", scaling.replicas().get(1).globalSecondaryIndexes().get(0).indexName());
        // a replica's own class (DDB-TABLE-294)
        replicaUpdates(ddb, "RepLeave", ReplicationGroupUpdate.builder()
                .update(u -> u.regionName("us-west-2").tableClassOverride("STANDARD_INFREQUENT_ACCESS")).build());
        assertEquals("STANDARD_INFREQUENT_ACCESS", west.describeTable(b -> b.tableName("RepLeave")).table().tableClassSummary().tableClassAsString());
        // DDB-TABLE-297: the replica's deletion protection guards both ways of removing it
        west.updateTable(b -> b.tableName("RepLeave").deletionProtectionEnabled(true));
        String guarded = "Cannot delete table RepLeave in region us-west-2 because it has deletion protection enabled. Disable deletion protection first.";
        validation(guarded, () -> replicaUpdates(ddb, "RepLeave", delete("us-west-2")));
        validation(guarded, () -> west.deleteTable(b -> b.tableName("RepLeave")));
        west.updateTable(b -> b.tableName("RepLeave").deletionProtectionEnabled(false));
        // a replica that added none may be deleted in its region; the answer lists the others
        TableDescription deleting = west.deleteTable(b -> b.tableName("RepLeave")).tableDescription();
        assertEquals("DELETING", deleting.tableStatusAsString());
        assertEquals(List.of("us-east-1"), deleting.replicas().stream().map(r -> r.regionName()).toList());
        TableDescription east = ddb.describeTable(b -> b.tableName("RepLeave")).table();
        assertFalse(east.hasReplicas());
        assertNull(east.globalTableVersion());
        ddb.deleteTable(b -> b.tableName("RepLeave"));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = "ReplicaUpdates")
    void aThirdRegionAddedFromAReplica() throws Exception {
        createTable(ddb, "Rep3");
        replicaUpdates(ddb, "Rep3", create("us-west-2"));
        // DDB-TABLE-265: control is symmetric; the endpoint's region is the new replica's source
        TableDescription answer = replicaUpdates(west, "Rep3", create("eu-west-1")).tableDescription();
        assertEquals(List.of("us-east-1"), answer.replicas().stream().map(r -> r.regionName()).toList());
        assertEquals(List.of("us-west-2", "eu-west-1"),
                ddb.describeTable(b -> b.tableName("Rep3")).table().replicas().stream().map(r -> r.regionName()).toList());
        assertEquals(List.of("us-east-1", "eu-west-1"),
                west.describeTable(b -> b.tableName("Rep3")).table().replicas().stream().map(r -> r.regionName()).toList());
        assertEquals(List.of("us-east-1", "us-west-2"),
                europe.describeTable(b -> b.tableName("Rep3")).table().replicas().stream().map(r -> r.regionName()).toList());
        europe.putItem(b -> b.tableName("Rep3").item(item("pk", "eu", "v", "1")));
        eventually("to both", () -> "1".equals(attr(ddb, "Rep3", "eu", "v")) && "1".equals(attr(west, "Rep3", "eu", "v")));
        // DDB-TABLE-267: us-west-2 added eu-west-1 less than 24 hours ago; leaf first
        validation(SOURCE_REGION, () -> replicaUpdates(ddb, "Rep3", delete("us-west-2")));
        replicaUpdates(ddb, "Rep3", delete("eu-west-1"));
        // a day later nobody is a recent source any more
        clock.advanceSeconds(25 * 3600);
        replicaUpdates(west, "Rep3", delete("us-east-1"));
        assertFalse(west.describeTable(b -> b.tableName("Rep3")).table().hasReplicas());
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: Rep3 not found",
                () -> ddb.describeTable(b -> b.tableName("Rep3")));
        west.deleteTable(b -> b.tableName("Rep3"));
    }
}
