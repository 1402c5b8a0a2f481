package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

class TablesIT extends ServerTestBase {

    @Test
    @Covers(operation = "CreateTable", parameters = {"TableName", "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput", "Tags", "DeletionProtectionEnabled", "TableClass"})
    @Covers(operation = "DescribeTable", parameters = {"TableName"})
    void createAndDescribe() {
        CreateTableResponse created = ddb.createTable(b -> b.tableName("prov_table")
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH), k -> k.attributeName("ts").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("ts").attributeType(ScalarAttributeType.N))
                .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(7L))
                .tableClass("STANDARD_INFREQUENT_ACCESS")
                .tags(t -> t.key("team").value("db")));
        assertEquals(TableStatus.CREATING, created.tableDescription().tableStatus());
        TableDescription t = ddb.describeTable(b -> b.tableName("prov_table")).table();
        assertEquals(TableStatus.ACTIVE, t.tableStatus());
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/prov_table", t.tableArn());
        assertEquals(5L, t.provisionedThroughput().readCapacityUnits());
        assertEquals(7L, t.provisionedThroughput().writeCapacityUnits());
        assertEquals(0L, t.provisionedThroughput().numberOfDecreasesToday());
        assertEquals(0L, t.itemCount());
        assertEquals(0L, t.tableSizeBytes());
        assertEquals("ts", t.keySchema().get(1).attributeName());
        assertEquals(KeyType.RANGE, t.keySchema().get(1).keyType());
        assertNotNull(t.tableId());
        assertNotNull(t.creationDateTime());
        assertFalse(t.deletionProtectionEnabled());
        assertEquals("STANDARD_INFREQUENT_ACCESS", t.tableClassSummary().tableClassAsString());
        // a table ARN works where a name does
        assertEquals("prov_table", ddb.describeTable(b -> b.tableName(t.tableArn())).table().tableName());
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"BillingMode"})
    void onDemandDescription() {
        Sdk.createHashTable(ddb, "ondemand_tbl");
        TableDescription t = ddb.describeTable(b -> b.tableName("ondemand_tbl")).table();
        assertEquals(BillingMode.PAY_PER_REQUEST, t.billingModeSummary().billingMode());
        assertEquals(0L, t.provisionedThroughput().readCapacityUnits());
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"TableName", "KeySchema", "AttributeDefinitions", "BillingMode", "ProvisionedThroughput"})
    void createValidation() {
        validation("1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                () -> Sdk.createHashTable(ddb, "ab"));
        validation("2 validation errors detected: Value 'a#' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a#' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
                () -> Sdk.createHashTable(ddb, "a#"));
        validation("One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
                () -> ddb.createTable(b -> b.tableName("unused_defs").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("x").attributeType(ScalarAttributeType.S))));
        validation("Invalid KeySchema: Some index key attribute have no definition",
                () -> ddb.createTable(b -> b.tableName("no_def").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("other").attributeType(ScalarAttributeType.S))));
        validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                () -> ddb.createTable(b -> b.tableName("range_first").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.RANGE))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        validation("One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
                () -> ddb.createTable(b -> b.tableName("no_throughput")
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                () -> ddb.createTable(b -> b.tableName("both_modes").billingMode(BillingMode.PAY_PER_REQUEST)
                        .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        validation("1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> ddb.createTable(b -> b.tableName("zero_rcu")
                        .provisionedThroughput(p -> p.readCapacityUnits(0L).writeCapacityUnits(1L))
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        Sdk.createHashTable(ddb, "dup_table");
        fails(ResourceInUseException.class, "ResourceInUseException", "Table already exists: dup_table",
                () -> Sdk.createHashTable(ddb, "dup_table"));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"LocalSecondaryIndexes", "GlobalSecondaryIndexes", "StreamSpecification"})
    void indexesAndStreamAreDescribed() {
        ddb.createTable(b -> b.tableName("with_indexes").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("lsk").attributeType(ScalarAttributeType.N),
                        a -> a.attributeName("gpk").attributeType(ScalarAttributeType.S))
                .localSecondaryIndexes(l -> l.indexName("by_lsk")
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("lsk").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .globalSecondaryIndexes(g -> g.indexName("by_gpk")
                        .keySchema(k -> k.attributeName("gpk").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("a", "b")))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        TableDescription t = ddb.describeTable(b -> b.tableName("with_indexes")).table();
        assertEquals("by_lsk", t.localSecondaryIndexes().get(0).indexName());
        assertEquals(t.tableArn() + "/index/by_gpk", t.globalSecondaryIndexes().get(0).indexArn());
        assertEquals(List.of("a", "b"), t.globalSecondaryIndexes().get(0).projection().nonKeyAttributes());
        assertEquals("ACTIVE", t.globalSecondaryIndexes().get(0).indexStatusAsString());
        assertTrue(t.streamSpecification().streamEnabled());
        assertEquals(t.tableArn() + "/stream/" + t.latestStreamLabel(), t.latestStreamArn());
        validation("One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
                () -> ddb.createTable(b -> b.tableName("bad_lsi").billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                                a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                        .localSecondaryIndexes(l -> l.indexName("lsi1")
                                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("x").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL)))));
    }

    @Test
    @Covers(operation = "ListTables", parameters = {"Limit", "ExclusiveStartTableName"})
    void listTablesPages() {
        for (String n : List.of("list_c", "list_a", "list_b")) Sdk.createHashTable(ddb, n);
        ListTablesResponse first = ddb.listTables(b -> b.exclusiveStartTableName("list_").limit(2));
        assertEquals(List.of("list_a", "list_b"), first.tableNames());
        assertEquals("list_b", first.lastEvaluatedTableName());
        ListTablesResponse second = ddb.listTables(b -> b.exclusiveStartTableName("list_b").limit(1));
        assertEquals(List.of("list_c"), second.tableNames());
        validation("1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100",
                () -> ddb.listTables(b -> b.limit(101)));
    }

    @Test
    @Covers(operation = "DeleteTable", parameters = {"TableName"})
    @Covers(operation = "UpdateTable", parameters = {"DeletionProtectionEnabled"})
    void deleteTableAndDeletionProtection() {
        Sdk.createHashTable(ddb, "del_me");
        ddb.updateTable(b -> b.tableName("del_me").deletionProtectionEnabled(true));
        validation("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.",
                () -> ddb.deleteTable(b -> b.tableName("del_me")));
        ddb.updateTable(b -> b.tableName("del_me").deletionProtectionEnabled(false));
        ddb.putItem(b -> b.tableName("del_me").item(Sdk.item("pk", "a")));
        assertEquals(TableStatus.DELETING, ddb.deleteTable(b -> b.tableName("del_me")).tableDescription().tableStatus());
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: del_me not found",
                () -> ddb.describeTable(b -> b.tableName("del_me")));
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: del_me not found",
                () -> ddb.deleteTable(b -> b.tableName("del_me")));
        // a new table of the same name starts empty
        Sdk.createHashTable(ddb, "del_me");
        assertEquals(0, ddb.scan(b -> b.tableName("del_me")).count());
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"BillingMode", "ProvisionedThroughput", "StreamSpecification", "TableClass"})
    void updateTable() {
        Sdk.createHashTable(ddb, "upd_table");
        validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
                () -> ddb.updateTable(b -> b.tableName("upd_table").billingMode(BillingMode.PROVISIONED)));
        ddb.updateTable(b -> b.tableName("upd_table").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(3L).writeCapacityUnits(4L)));
        TableDescription t = ddb.describeTable(b -> b.tableName("upd_table")).table();
        assertEquals(3L, t.provisionedThroughput().readCapacityUnits());
        validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: 3. Requested ReadCapacityUnits: 3. Current WriteCapacityUnits provisioned for the table: 4. Requested WriteCapacityUnits: 4. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
                () -> ddb.updateTable(b -> b.tableName("upd_table").provisionedThroughput(p -> p.readCapacityUnits(3L).writeCapacityUnits(4L))));
        ddb.updateTable(b -> b.tableName("upd_table").provisionedThroughput(p -> p.readCapacityUnits(2L).writeCapacityUnits(4L)));
        t = ddb.describeTable(b -> b.tableName("upd_table")).table();
        assertEquals(1L, t.provisionedThroughput().numberOfDecreasesToday());
        assertNotNull(t.provisionedThroughput().lastDecreaseDateTime());

        ddb.updateTable(b -> b.tableName("upd_table").streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        String firstArn = ddb.describeTable(b -> b.tableName("upd_table")).table().latestStreamArn();
        validation("Table already has an enabled stream: TableName: upd_table",
                () -> ddb.updateTable(b -> b.tableName("upd_table").streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))));
        ddb.updateTable(b -> b.tableName("upd_table").streamSpecification(s -> s.streamEnabled(false)));
        ddb.updateTable(b -> b.tableName("upd_table").streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        String secondArn = ddb.describeTable(b -> b.tableName("upd_table")).table().latestStreamArn();
        assertFalse(firstArn.equals(secondArn), "a new stream gets a new ARN");
        fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: Table: nope_table not found",
                () -> ddb.updateTable(b -> b.tableName("nope_table").deletionProtectionEnabled(true)));
    }

    @Test
    @Covers(operation = "TagResource", parameters = {"ResourceArn", "Tags"})
    @Covers(operation = "UntagResource", parameters = {"ResourceArn", "TagKeys"})
    @Covers(operation = "ListTagsOfResource", parameters = {"ResourceArn"})
    void tags() {
        Sdk.createHashTable(ddb, "tag_table");
        String arn = ddb.describeTable(b -> b.tableName("tag_table")).table().tableArn();
        ddb.tagResource(b -> b.resourceArn(arn).tags(t -> t.key("a").value("1"), t -> t.key("b").value("2")));
        ddb.tagResource(b -> b.resourceArn(arn).tags(t -> t.key("a").value("3")));
        var tags = ddb.listTagsOfResource(b -> b.resourceArn(arn)).tags();
        assertEquals(2, tags.size());
        assertEquals("3", tags.get(0).value());
        ddb.untagResource(b -> b.resourceArn(arn).tagKeys("a", "zz"));
        assertEquals(1, ddb.listTagsOfResource(b -> b.resourceArn(arn)).tags().size());
        String missing = "arn:aws:dynamodb:us-east-1:123456789012:table/none_such";
        fails(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: ResourceArn: " + missing + " not found",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(missing)));
    }

    @Test
    @Covers(operation = "UpdateTimeToLive", parameters = {"TableName", "TimeToLiveSpecification"})
    @Covers(operation = "DescribeTimeToLive", parameters = {"TableName"})
    void timeToLiveSettings() {
        Sdk.createHashTable(ddb, "ttl_table");
        assertEquals(TimeToLiveStatus.DISABLED, ddb.describeTimeToLive(b -> b.tableName("ttl_table")).timeToLiveDescription().timeToLiveStatus());
        ddb.updateTimeToLive(b -> b.tableName("ttl_table").timeToLiveSpecification(s -> s.enabled(true).attributeName("expires")));
        var d = ddb.describeTimeToLive(b -> b.tableName("ttl_table")).timeToLiveDescription();
        assertEquals(TimeToLiveStatus.ENABLED, d.timeToLiveStatus());
        assertEquals("expires", d.attributeName());
        validation("TimeToLive is already enabled",
                () -> ddb.updateTimeToLive(b -> b.tableName("ttl_table").timeToLiveSpecification(s -> s.enabled(true).attributeName("expires"))));
    }

    @Test
    @Covers(operation = "DescribeLimits")
    @Covers(operation = "DescribeEndpoints")
    void limitsAndEndpoints() {
        var limits = ddb.describeLimits(b -> { });
        assertEquals(40_000L, limits.tableMaxReadCapacityUnits());
        assertEquals(80_000L, limits.accountMaxWriteCapacityUnits());
        assertEquals("dynamodb.us-east-1.amazonaws.com", ddb.describeEndpoints(b -> { }).endpoints().get(0).address());
    }
}
