package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BackupDescription;
import software.amazon.awssdk.services.dynamodb.model.BackupSummary;
import software.amazon.awssdk.services.dynamodb.model.BackupType;
import software.amazon.awssdk.services.dynamodb.model.BackupTypeFilter;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.SSEType;
import software.amazon.awssdk.services.dynamodb.model.TableClass;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Backups as the live service answered in the "ack-api-quirks" notes (2026-10-08/09): backup ARNs,
 * ListBackups' range and cursor, the SYSTEM backup of a deleted PITR table, what a backup records and
 * what a restore keeps. Each assertion names the note's entry id.
 */
class BackupsLiveIT extends ServerTestBase {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/";

    /** The server's clock stands still (ServerTestBase): backups in one millisecond have no order but their random part. */
    private static void pause() {
        clock.advanceMillis(5);
    }

    private static String backup(String table, String name) {
        return ddb.createBackup(b -> b.tableName(table).backupName(name)).backupDetails().backupArn();
    }

    @Test
    @Covers(operation = "DescribeBackup", parameters = {"BackupArn"})
    void backupArnsAsTheServiceReadsThem() {
        Sdk.createHashTable(ddb, "bkl_arn");
        String arn = backup("bkl_arn", "arn");
        String suffix = arn.substring(arn.indexOf(":table/"));
        // DDB-BACKUP-012: the region in the ARN is ignored; a table ARN is not a backup ARN; another
        // partition is not valid; another account is denied
        assertEquals("bkl_arn", ddb.describeBackup(b -> b.backupArn("arn:aws:dynamodb:eu-west-1:123456789012" + suffix))
                .backupDescription().sourceTableDetails().tableName());
        validation("Invalid Backup ARN", () -> ddb.describeBackup(b -> b.backupArn(ARN + "bkl_arn")));
        validation("BackupArn is not valid", () -> ddb.describeBackup(b -> b.backupArn("arn:aws-cn:dynamodb:us-east-1:123456789012" + suffix)));
        fails(DynamoDbException.class, "AccessDeniedException", "Access is denied",
                () -> ddb.describeBackup(b -> b.backupArn("arn:aws:dynamodb:us-east-1:111111111111" + suffix)));
        // DDB-TABLE-274: a backup of another region is restored only with SSESpecificationOverride
        validation("Invalid Request: sseSpecificationOverride must be provided for cross-region restores",
                () -> ddb.restoreTableFromBackup(b -> b.backupArn("arn:aws:dynamodb:us-west-2:123456789012" + suffix)
                        .targetTableName("bkl_arn_copy")));
    }

    @Test
    @Covers(operation = "ListBackups", parameters = {"TimeRangeLowerBound", "TimeRangeUpperBound", "ExclusiveStartBackupArn"})
    void listBackupsRangeAndCursor() {
        Sdk.createHashTable(ddb, "bkl_list");
        String a = backup("bkl_list", "bk-a");
        pause();
        String b2 = backup("bkl_list", "bk-b");
        pause();
        String c = backup("bkl_list", "bk-c");
        // DDB-BACKUP-014: an inverted range is refused, not answered empty
        Instant now = Instant.now();
        validation("One or more parameter values were invalid: Time range lower bound must be less than or equal to upper bound",
                () -> ddb.listBackups(b -> b.tableName("bkl_list").timeRangeLowerBound(now).timeRangeUpperBound(now.minusSeconds(3600))));
        // the cursor is a position: a deleted backup's ARN resumes after it
        ddb.deleteBackup(b -> b.backupArn(b2));
        List<String> after = ddb.listBackups(b -> b.tableName("bkl_list").exclusiveStartBackupArn(b2)).backupSummaries()
                .stream().map(BackupSummary::backupArn).toList();
        assertEquals(List.of(c), after);
        assertEquals(List.of(a, c), ddb.listBackups(b -> b.tableName("bkl_list")).backupSummaries().stream().map(BackupSummary::backupArn).toList());
        // DDB-BACKUP-012: a cursor of another region
        validation("Invalid Request: The supplied ExclusiveStartBackupArn does not match the region",
                () -> ddb.listBackups(b -> b.tableName("bkl_list").exclusiveStartBackupArn(a.replace(":us-east-1:", ":eu-west-1:"))));
    }

    @Test
    @Covers(operation = "DeleteTable", parameters = {"TableName"})
    @Covers(operation = "DeleteBackup", parameters = {"BackupArn"})
    void deletingAPitrTableLeavesASystemBackup() {
        Sdk.createHashTable(ddb, "bkl_sys");
        ddb.putItem(b -> b.tableName("bkl_sys").item(java.util.Map.of("pk", Sdk.s("x"))));
        ddb.updateContinuousBackups(b -> b.tableName("bkl_sys").pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
        Sdk.createHashTable(ddb, "bkl_nopitr");
        ddb.deleteTable(b -> b.tableName("bkl_sys"));
        ddb.deleteTable(b -> b.tableName("bkl_nopitr"));
        // DDB-TABLE-167 / DDB-BACKUP-014: hidden from the default (USER) listing
        assertTrue(ddb.listBackups(b -> b.tableName("bkl_sys")).backupSummaries().isEmpty());
        List<BackupSummary> system = ddb.listBackups(b -> b.tableName("bkl_sys").backupType(BackupTypeFilter.SYSTEM)).backupSummaries();
        assertEquals(1, system.size());
        BackupSummary s = system.get(0);
        assertEquals("bkl_sys$DeletedTableBackup", s.backupName());
        assertEquals(BackupType.SYSTEM, s.backupType());
        assertTrue(s.backupArn().endsWith("-00000000"), s.backupArn());
        assertEquals(s.backupCreationDateTime().plusSeconds(35L * 24 * 3600), s.backupExpiryDateTime());
        assertTrue(ddb.listBackups(b -> b.tableName("bkl_nopitr").backupType(BackupTypeFilter.ALL)).backupSummaries().isEmpty(),
                "no SYSTEM backup of a table without PITR");
        BackupDescription d = ddb.describeBackup(b -> b.backupArn(s.backupArn())).backupDescription();
        assertTrue(d.sourceTableFeatureDetails().localSecondaryIndexes().isEmpty() && d.sourceTableFeatureDetails().sseDescription() == null,
                "SYSTEM backups report no features");
        DynamoDbException e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class,
                () -> ddb.deleteBackup(b -> b.backupArn(s.backupArn())));
        assertEquals("ValidationException", e.awsErrorDetails().errorCode());
        // the expiry's exact rendering was not captured; the text up to it was
        assertTrue(e.awsErrorDetails().errorMessage().startsWith("Invalid Request: User is not allowed to delete the system backup with arn "
                + s.backupArn() + ". It will automatically expire on "), e.awsErrorDetails().errorMessage());
        // it restores like any backup
        ddb.restoreTableFromBackup(b -> b.backupArn(s.backupArn()).targetTableName("bkl_sys_back"));
        assertEquals(1, ddb.scan(b -> b.tableName("bkl_sys_back")).count());
    }

    @Test
    @Covers(operation = "RestoreTableFromBackup", parameters = {"SSESpecificationOverride"})
    void aBackupRecordsEncryptionAndARestoreKeepsItButNotTheTableClass() {
        ddb.createTable(b -> b.tableName("bkl_sse").billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType.S))
                .sseSpecification(s -> s.enabled(true).sseType(SSEType.KMS))
                .tableClass(TableClass.STANDARD_INFREQUENT_ACCESS));
        String keyArn = ddb.describeTable(b -> b.tableName("bkl_sse")).table().sseDescription().kmsMasterKeyArn();
        String arn = backup("bkl_sse", "sse");
        // DDB-BACKUP-009: SSEDescription among the features
        assertEquals(keyArn, ddb.describeBackup(b -> b.backupArn(arn)).backupDescription().sourceTableFeatureDetails()
                .sseDescription().kmsMasterKeyArn());
        // DDB-TABLE-215/216: the restored table keeps the key, not the table class
        TableDescription restored = ddb.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("bkl_sse_back")).tableDescription();
        assertEquals(keyArn, restored.sseDescription().kmsMasterKeyArn());
        assertNull(ddb.describeTable(b -> b.tableName("bkl_sse_back")).table().tableClassSummary());
        // an override names another key
        TableDescription plain = ddb.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("bkl_sse_plain")
                .sseSpecificationOverride(s -> s.enabled(false))).tableDescription();
        assertNull(plain.sseDescription());
    }
}
