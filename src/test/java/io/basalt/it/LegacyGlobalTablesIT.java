package io.basalt.it;

import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GlobalTableNotFoundException;

/**
 * The legacy global tables API (2017.11.29) as the live service answers it for an account without
 * any such table (ack-api-quirks DDB-GLOBALTABLE-002 and -004, 2026-10-08/09): creation refused
 * with the version text, reads and updates do not find the table, the list is empty.
 */
class LegacyGlobalTablesIT extends ServerTestBase {
    private static final String NOT_SUPPORTED = "One or more parameter values were invalid: DynamoDB global tables version "
            + "2017.11.29 is not supported. We recommend using DynamoDB global tables version 2019.11.21, instead of version "
            + "2017.11.29 (Legacy).";

    private static void notFound(String message, org.junit.jupiter.api.function.Executable call) {
        GlobalTableNotFoundException e = assertThrows(GlobalTableNotFoundException.class, call);
        assertEquals(message, e.awsErrorDetails().errorMessage());
    }

    @Test
    @Covers(operation = "CreateGlobalTable", parameters = {"GlobalTableName", "ReplicationGroup"})
    @Covers(operation = "UpdateGlobalTable", parameters = {"GlobalTableName", "ReplicaUpdates"})
    void creatingALegacyGlobalTableIsRefused() {
        Sdk.createHashTable(ddb, "lgt_regional");
        // DDB-GLOBALTABLE-002
        validation(NOT_SUPPORTED, () -> ddb.createGlobalTable(b -> b.globalTableName("lgt_regional")
                .replicationGroup(r -> r.regionName("us-east-1"), r -> r.regionName("us-west-2"))));
        // DDB-GLOBALTABLE-004d: a replica to create is refused the same way; 004c: a delete finds no global table
        validation(NOT_SUPPORTED, () -> ddb.updateGlobalTable(b -> b.globalTableName("lgt_regional")
                .replicaUpdates(u -> u.create(c -> c.regionName("us-west-2")))));
        notFound("Global table not found: Global table with name: 'lgt_regional' does not exist.",
                () -> ddb.updateGlobalTable(b -> b.globalTableName("lgt_regional").replicaUpdates(u -> u.delete(c -> c.regionName("us-west-2")))));
        // the name's own constraints come first
        validation("1 validation error detected: Value 'x' at 'globalTableName' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 3",
                () -> ddb.createGlobalTable(b -> b.globalTableName("x").replicationGroup(r -> r.regionName("us-east-1"))));
    }

    @Test
    @Covers(operation = "DescribeGlobalTable", parameters = {"GlobalTableName"})
    @Covers(operation = "DescribeGlobalTableSettings", parameters = {"GlobalTableName"})
    @Covers(operation = "ListGlobalTables", parameters = {"Limit"})
    void readsFindNoLegacyGlobalTable() {
        Sdk.createHashTable(ddb, "lgt_reads");
        // DDB-GLOBALTABLE-004a/b: a regional table is not a global table
        notFound("Global table not found: Global table with name: 'lgt_reads' does not exist.",
                () -> ddb.describeGlobalTable(b -> b.globalTableName("lgt_reads")));
        notFound("Global table with name: 'lgt_reads' does not exist.",
                () -> ddb.describeGlobalTableSettings(b -> b.globalTableName("lgt_reads")));
        // DDB-GLOBALTABLE-004e
        var list = ddb.listGlobalTables(b -> b.limit(10));
        assertTrue(list.globalTables().isEmpty());
        assertEquals(null, list.lastEvaluatedGlobalTableName());
    }
}
