package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.server.auth.RequestResources.Access;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The actions and resources read from request bodies. */
class RequestResourcesTest {
    private static final String T = "arn:aws:dynamodb:eu-west-1:111122223333:table/";

    private static List<Access> of(String op, String body) {
        return RequestResources.of(op, "eu-west-1", "111122223333", new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void singleItemAndTableOperationsActOnTheirTable() {
        assertEquals(List.of(new Access("dynamodb:GetItem", T + "Music")), of("GetItem", "{\"TableName\":\"Music\",\"Key\":{}}"));
        assertEquals(List.of(new Access("dynamodb:DeleteTable", T + "Music")), of("DeleteTable", "{\"TableName\":\"Music\"}"));
        assertEquals(List.of(new Access("dynamodb:PutItem", "arn:aws:dynamodb:eu-west-1:444455556666:table/Xyz")),
                of("PutItem", "{\"TableName\":\"arn:aws:dynamodb:eu-west-1:444455556666:table/Xyz\"}"));
        // a table ARN the operation would refuse names nothing: the request is refused before it is authorized
        io.basalt.error.DynamoException refused = org.junit.jupiter.api.Assertions.assertThrows(io.basalt.error.DynamoException.class,
                () -> of("PutItem", "{\"TableName\":\"arn:aws:dynamodbX:eu-west-1:444455556666:table/Xyz\"}"));
        assertEquals(io.basalt.error.ErrorType.VALIDATION, refused.type());
        assertEquals(List.of(new Access("dynamodb:ListTables", "*")), of("ListTables", "{}"));
    }

    @Test
    void pointInTimeExportAndImportOperationsActOnTheirTablesExportsAndImports() {
        assertEquals(List.of(new Access("dynamodb:RestoreTableToPointInTime", T + "Music"),
                        new Access("dynamodb:RestoreTableToPointInTime", T + "Music2")),
                of("RestoreTableToPointInTime", "{\"SourceTableName\":\"Music\",\"TargetTableName\":\"Music2\"}"));
        assertEquals(List.of(new Access("dynamodb:ExportTableToPointInTime", T + "Music")),
                of("ExportTableToPointInTime", "{\"TableArn\":\"" + T + "Music\",\"S3Bucket\":\"b\"}"));
        assertEquals(List.of(new Access("dynamodb:DescribeExport", T + "Music/export/01")),
                of("DescribeExport", "{\"ExportArn\":\"" + T + "Music/export/01\"}"));
        assertEquals(List.of(new Access("dynamodb:ImportTable", T + "Fresh")),
                of("ImportTable", "{\"InputFormat\":\"CSV\",\"TableCreationParameters\":{\"KeySchema\":[],\"TableName\":\"Fresh\"}}"));
        assertEquals(List.of(new Access("dynamodb:DescribeImport", T + "Fresh/import/01")),
                of("DescribeImport", "{\"ImportArn\":\"" + T + "Fresh/import/01\"}"));
    }

    @Test
    void queriesOfAnIndexActOnTheIndex() {
        assertEquals(List.of(new Access("dynamodb:Query", T + "Music/index/ByYear")),
                of("Query", "{\"IndexName\":\"ByYear\",\"TableName\":\"Music\",\"KeyConditionExpression\":\"x\"}"));
        // SearchVectors: dynamodb:SearchVectors on the vector index's ARN (Developer Guide, vector indexes)
        assertEquals(List.of(new Access("dynamodb:SearchVectors", T + "Music/index/ByEmbedding")),
                of("SearchVectors", "{\"TableName\":\"Music\",\"IndexName\":\"ByEmbedding\",\"TopK\":5,\"SearchVector\":[{\"N\":\"1\"}]}"));
        assertEquals(List.of(new Access("dynamodb:Scan", T + "Music")), of("Scan", "{\"TableName\":\"Music\"}"));
    }

    @Test
    void batchesActOnEachTableAndTransactionsNeedTheSingleItemActions() {
        assertEquals(List.of(new Access("dynamodb:BatchWriteItem", T + "A"), new Access("dynamodb:BatchWriteItem", T + "B")),
                of("BatchWriteItem", "{\"RequestItems\":{\"A\":[{\"PutRequest\":{\"Item\":{}}}],\"B\":[]}}"));
        assertEquals(List.of(new Access("dynamodb:PutItem", T + "A"), new Access("dynamodb:ConditionCheckItem", T + "B"),
                        new Access("dynamodb:DeleteItem", T + "A")),
                of("TransactWriteItems", "{\"TransactItems\":[{\"Put\":{\"TableName\":\"A\",\"Item\":{}}},"
                        + "{\"ConditionCheck\":{\"Key\":{},\"TableName\":\"B\"}},{\"Delete\":{\"TableName\":\"A\"}}]}"));
        assertEquals(List.of(new Access("dynamodb:GetItem", T + "A")),
                of("TransactGetItems", "{\"TransactItems\":[{\"Get\":{\"TableName\":\"A\",\"Key\":{}}}]}"));
    }

    @Test
    void partiqlStatementsNeedThePartiqlActions() {
        assertEquals(List.of(new Access("dynamodb:PartiQLSelect", T + "Music")),
                of("ExecuteStatement", "{\"Statement\":\"SELECT * FROM Music WHERE Artist = 'a'\"}"));
        assertEquals(List.of(new Access("dynamodb:PartiQLInsert", T + "Music"), new Access("dynamodb:PartiQLDelete", T + "Other")),
                of("BatchExecuteStatement", "{\"Statements\":[{\"Statement\":\"INSERT INTO Music VALUE {'Artist':'a'}\"},"
                        + "{\"Statement\":\"DELETE FROM Other WHERE pk = 'x'\"}]}"));
        assertEquals(List.of(), of("ExecuteStatement", "{\"Statement\":\"SELEKT nonsense\"}"));
        // placeholders are bound to the Parameters sent (else a parameterised statement would name no table)
        assertEquals(List.of(new Access("dynamodb:PartiQLDelete", T + "Music")),
                of("ExecuteStatement", "{\"Parameters\":[{\"S\":\"a\"}],\"Statement\":\"DELETE FROM Music WHERE Artist = ?\"}"));
        assertEquals(List.of(new Access("dynamodb:PartiQLUpdate", T + "Music")),
                of("ExecuteTransaction", "{\"TransactStatements\":[{\"Statement\":\"UPDATE Music SET x = ? WHERE Artist = ?\","
                        + "\"Parameters\":[{\"N\":\"1\"},{\"S\":\"a\"}]}]}"));
    }

    @Test
    void streamsActOnTheirStreamAndUnreadableBodiesYieldWhatWasRead() {
        String arn = "arn:aws:dynamodb:eu-west-1:111122223333:table/Music/stream/2026-01-01T00:00:00.000";
        assertEquals(List.of(new Access("dynamodb:DescribeStream", arn)), of("DescribeStream", "{\"StreamArn\":\"" + arn + "\"}"));
        // the stream a (sealed) iterator carries; GetRecords checks the seal
        String iterator = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("1|0|5|" + arn).getBytes(StandardCharsets.UTF_8)) + ".c2VhbA";
        assertEquals(List.of(new Access("dynamodb:GetRecords", arn)), of("GetRecords", "{\"ShardIterator\":\"" + iterator + "\"}"));
        assertEquals(List.of(new Access("dynamodb:GetItem", T + "Music")), of("GetItem", "{\"TableName\":\"Music\",\"Key\":{tru"));
        assertEquals(List.of(), of("GetItem", "not json"));
    }

    @Test
    void backupOperationsActOnTheBackupAndARestoreAlsoOnItsTargetTable() {
        String backup = T + "Music/backup/01764028800000-1a2b3c4d";
        assertEquals(List.of(new Access("dynamodb:CreateBackup", T + "Music")), of("CreateBackup", "{\"TableName\":\"Music\",\"BackupName\":\"b\"}"));
        assertEquals(List.of(new Access("dynamodb:DescribeBackup", backup)), of("DescribeBackup", "{\"BackupArn\":\"" + backup + "\"}"));
        assertEquals(List.of(new Access("dynamodb:DeleteBackup", backup)), of("DeleteBackup", "{\"BackupArn\":\"" + backup + "\"}"));
        assertEquals(List.of(new Access("dynamodb:RestoreTableFromBackup", backup), new Access("dynamodb:RestoreTableFromBackup", T + "Copy")),
                of("RestoreTableFromBackup", "{\"BackupArn\":\"" + backup + "\",\"TargetTableName\":\"Copy\"}"));
        assertEquals(List.of(new Access("dynamodb:ListBackups", "*")), of("ListBackups", "{}"));
    }
}
