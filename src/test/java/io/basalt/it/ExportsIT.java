package io.basalt.it;

import static io.basalt.it.BackupsIT.createFullTable;
import static io.basalt.it.BackupsIT.scanAll;
import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;
import software.amazon.awssdk.services.dynamodb.model.ExportSummary;
import software.amazon.awssdk.services.dynamodb.model.InvalidExportTimeException;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryUnavailableException;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;

/** ExportTableToPointInTime to a local directory (--export-root), read back file by file. */
class ExportsIT {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/";
    private static Path root;
    private static ManualClock clock;
    private static Basalt server;
    private static DynamoDbClient ddb;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws Exception {
        root = Files.createTempDirectory("basalt-export-it");
        clock = new ManualClock();
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withClock(clock).withExportRoot(root));
        ddb = ServerTestBase.client(server.endpoint());
    }

    @AfterAll
    static void stop() throws Exception {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(root);
    }

    private static void enable(String table) {
        ddb.updateContinuousBackups(b -> b.tableName(table).pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
    }

    private static String md5Hex(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
    }

    /** The items of a DYNAMODB_JSON export's data files, checked against manifest-files.json. */
    private static List<Map<String, AttributeValue>> readJsonExport(Path bucket, String manifestKey) throws Exception {
        String dir = manifestKey.substring(0, manifestKey.lastIndexOf('/'));
        byte[] summary = Files.readAllBytes(bucket.resolve(manifestKey));
        assertEquals(md5Hex(summary), Files.readString(bucket.resolve(dir + "/manifest-summary.checksum")));
        byte[] filesManifest = Files.readAllBytes(bucket.resolve(dir + "/manifest-files.json"));
        assertEquals(md5Hex(filesManifest), Files.readString(bucket.resolve(dir + "/manifest-files.checksum")));
        assertTrue(Files.exists(bucket.resolve(dir + "/_started")));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        long listed = 0;
        for (String line : new String(filesManifest, StandardCharsets.UTF_8).split("\n")) {
            Map<String, Object> f = JsonMini.object(line);
            byte[] data = Files.readAllBytes(bucket.resolve((String) f.get("dataFileS3Key")));
            assertEquals(md5Hex(data), f.get("etag"));
            assertEquals(Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(data)), f.get("md5Checksum"));
            String text = new String(new GZIPInputStream(new ByteArrayInputStream(data)).readAllBytes(), StandardCharsets.UTF_8);
            long n = 0;
            for (String l : text.split("\n")) {
                if (l.isEmpty()) continue;
                items.add(parseItemLine(l));
                n++;
            }
            assertEquals(((Number) f.get("itemCount")).longValue(), n);
            listed += n;
        }
        Map<String, Object> s = JsonMini.object(new String(summary, StandardCharsets.UTF_8));
        assertEquals(listed, ((Number) s.get("itemCount")).longValue());
        assertEquals("2020-06-30", s.get("version"));
        assertEquals(dir + "/manifest-files.json", s.get("manifestFilesS3Key"));
        items.sort(Comparator.comparing((Map<String, AttributeValue> m) -> m.get("pk").s()).thenComparing(m -> Integer.parseInt(m.get("sk").n())));
        return items;
    }

    /** {"Item":{...}} in DynamoDB JSON, parsed with the SDK's own unmarshaller (a PutItem request body shape). */
    private static Map<String, AttributeValue> parseItemLine(String line) {
        return JsonMini.item(line.substring("{\"Item\":".length(), line.length() - 1));
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"TableArn", "S3Bucket", "S3Prefix", "ExportFormat", "ExportTime"})
    @Covers(operation = "DescribeExport", parameters = {"ExportArn"})
    void aFullExportHoldsExactlyTheItemsOfItsMomentInTheServiceLayout() throws Exception {
        createFullTable(ddb, "ex_main", 30);
        enable("ex_main");
        List<Map<String, AttributeValue>> then = scanAll(ddb, "ex_main");
        long thenMillis = clock.millis();
        clock.advanceSeconds(2);
        ddb.deleteItem(b -> b.tableName("ex_main").key(item("pk", s("p0"), "sk", n("0"))));
        ddb.putItem(b -> b.tableName("ex_main").item(item("pk", s("p9"), "sk", n("7"), "lsk", s("x"), "g", s("g1"),
                "bin", AttributeValue.fromB(SdkBytes.fromUtf8String("hi")), "set", AttributeValue.fromNs(List.of("1", "2.5")))));
        clock.advanceSeconds(1);
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_main").s3Bucket("my-bucket").s3Prefix("nightly")
                .exportTime(Instant.ofEpochMilli(thenMillis))).exportDescription();
        assertEquals(ExportStatus.IN_PROGRESS, d.exportStatus());
        assertEquals(ExportFormat.DYNAMODB_JSON, d.exportFormat());
        assertNull(d.exportType(), "the service's description has no ExportType");
        assertTrue(d.exportArn().matches(ARN.replace(".", "\\.") + "ex_main/export/\\d{14}-[0-9a-f]{8}"), d.exportArn());
        ExportDescription done = TransferWaits.export(ddb, d.exportArn());
        assertEquals(ExportStatus.COMPLETED, done.exportStatus());
        assertEquals(30L, done.itemCount());
        String id = d.exportArn().substring(d.exportArn().lastIndexOf('/') + 1);
        assertEquals("nightly/AWSDynamoDB/" + id + "/manifest-summary.json", done.exportManifest());
        assertEquals(then, readJsonExport(root.resolve("my-bucket"), done.exportManifest()));
        // now (default ExportTime), no prefix
        ExportDescription now = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_main").s3Bucket("my-bucket")).exportDescription();
        ExportDescription nowDone = TransferWaits.export(ddb, now.exportArn());
        assertTrue(nowDone.exportManifest().startsWith("AWSDynamoDB/"));
        assertEquals(scanAll(ddb, "ex_main"), readJsonExport(root.resolve("my-bucket"), nowDone.exportManifest()));
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"ExportFormat"})
    void anIonExportWritesIonText() throws Exception {
        ddb.createTable(b -> b.tableName("ex_ion").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("pk").attributeType("S")).keySchema(k -> k.attributeName("pk").keyType("HASH")));
        ddb.putItem(b -> b.tableName("ex_ion").item(Map.of("pk", s("a\"b"), "n", AttributeValue.fromN("12.50"),
                "ss", AttributeValue.fromSs(List.of("x")), "l", AttributeValue.fromL(List.of(AttributeValue.fromBool(true),
                        AttributeValue.fromNul(true))), "b", AttributeValue.fromB(SdkBytes.fromUtf8String("hi")),
                "odd name", AttributeValue.fromN("3"))));
        enable("ex_ion");
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_ion").s3Bucket("ionbucket")
                .exportFormat(ExportFormat.ION)).exportDescription();
        String manifest = TransferWaits.export(ddb, d.exportArn()).exportManifest();
        String dir = manifest.substring(0, manifest.lastIndexOf('/'));
        String files = Files.readString(root.resolve("ionbucket").resolve(dir + "/manifest-files.json"));
        String key = (String) JsonMini.object(files.trim()).get("dataFileS3Key");
        assertTrue(key.endsWith(".ion.gz"), key);
        String text;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(root.resolve("ionbucket").resolve(key)))) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(text.startsWith("$ion_1_0 {Item:{"), text);
        for (String part : List.of("pk:\"a\\\"b\"", "n:125d-1", "ss:$dynamodb_SS::[\"x\"]", "l:[true,null]", "b:{{aGk=}}", "'odd name':3d0")) {
            assertTrue(text.contains(part), part + " in " + text);
        }
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"TableArn", "S3Bucket", "ExportTime"})
    @Covers(operation = "ListExports", parameters = {"TableArn", "MaxResults", "NextToken"})
    void errorsAndListing() throws Exception {
        createFullTable(ddb, "ex_err", 2);
        fails(PointInTimeRecoveryUnavailableException.class, "PointInTimeRecoveryUnavailableException",
                "Point in time recovery is not enabled for table 'ex_err'",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_err").s3Bucket("bucket1")));
        fails(TableNotFoundException.class, "TableNotFoundException", "Table not found: ex_missing",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_missing").s3Bucket("bucket1")));
        enable("ex_err");
        fails(InvalidExportTimeException.class, "InvalidExportTimeException",
                "Export Time is invalid",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_err").s3Bucket("bucket1")
                        .exportTime(Instant.ofEpochMilli(clock.millis() + 60_000))));
        validation("1 validation error detected: Value '../up' at 's3Bucket' failed to satisfy constraint: Member must satisfy "
                + "regular expression pattern: ^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_err").s3Bucket("../up")));
        String missing = ARN + "ex_err/export/01234567890123-abcdef01";
        fails(ExportNotFoundException.class, "ExportNotFoundException", "Export not found: Export not found: " + missing,
                () -> ddb.describeExport(b -> b.exportArn(missing)));
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            clock.advanceMillis(5);
            made.add(ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_err").s3Bucket("bucket1")).exportDescription().exportArn());
        }
        for (String a : made) TransferWaits.export(ddb, a);
        var page1 = ddb.listExports(b -> b.tableArn(ARN + "ex_err").maxResults(2));
        // newest first, as the service lists them
        assertEquals(List.of(made.get(2), made.get(1)), page1.exportSummaries().stream().map(ExportSummary::exportArn).toList());
        var page2 = ddb.listExports(b -> b.tableArn(ARN + "ex_err").maxResults(2).nextToken(page1.nextToken()));
        assertEquals(List.of(made.get(0)), page2.exportSummaries().stream().map(ExportSummary::exportArn).toList());
        assertNull(page2.nextToken());
        assertEquals(ExportStatus.COMPLETED, page2.exportSummaries().get(0).exportStatus());
    }

    @Test
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource", "InputFormat", "InputCompressionType", "TableCreationParameters"})
    @Covers(operation = "DescribeImport", parameters = {"ImportArn"})
    void anExportImportsBackIdenticallyWithItsIndexes() throws Exception {
        createFullTable(ddb, "ex_round", 40);
        enable("ex_round");
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_round").s3Bucket("round")).exportDescription();
        TransferWaits.export(ddb, d.exportArn());
        String id = d.exportArn().substring(d.exportArn().lastIndexOf('/') + 1);
        var started = ddb.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("round").s3KeyPrefix("AWSDynamoDB/" + id + "/data/"))
                .inputFormat("DYNAMODB_JSON").inputCompressionType("GZIP")
                .tableCreationParameters(t -> t.tableName("ex_round_in").billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"),
                                a -> a.attributeName("g").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE"))
                        .globalSecondaryIndexes(g -> g.indexName("byg").keySchema(k -> k.attributeName("g").keyType("HASH"),
                                k -> k.attributeName("sk").keyType("RANGE")).projection(p -> p.projectionType("KEYS_ONLY")))))
                .importTableDescription();
        assertEquals("IN_PROGRESS", started.importStatusAsString());
        var done = TransferWaits.importDone(ddb, started.importArn());
        assertEquals("COMPLETED", done.importStatusAsString());
        assertEquals(40L, done.importedItemCount());
        assertEquals(40L, done.processedItemCount());
        assertEquals(0L, done.errorCount());
        assertEquals(scanAll(ddb, "ex_round"), scanAll(ddb, "ex_round_in"));
        assertEquals(ddb.scan(b -> b.tableName("ex_round").indexName("byg")).count(),
                ddb.scan(b -> b.tableName("ex_round_in").indexName("byg")).count());
        assertEquals(ARN + "ex_round_in", done.tableArn());
    }

    @Test
    @Covers(operation = "ImportTable", parameters = {"InputFormat", "InputFormatOptions", "InputCompressionType"})
    @Covers(operation = "ListImports", parameters = {"TableArn", "PageSize"})
    void aCsvImportCountsTheBadLinesAndImportsTheRest() throws Exception {
        Path dir = Files.createDirectories(root.resolve("csvbucket").resolve("in"));
        Files.writeString(dir.resolve("part1.csv"), String.join("\n",
                "id;score;note",
                "a;1;first",
                "b;2;\"semi;colon\"",
                ";3;no key",
                "c;x;not a number",
                "d;4;",
                "e;5;too;many") + "\n");
        var started = ddb.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("csvbucket").s3KeyPrefix("in/"))
                .inputFormat("CSV").inputFormatOptions(o -> o.csv(c -> c.delimiter(";")))
                .tableCreationParameters(t -> t.tableName("ex_csv").billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("id").attributeType("S"), a -> a.attributeName("score").attributeType("N"))
                        .keySchema(k -> k.attributeName("id").keyType("HASH"))
                        .globalSecondaryIndexes(g -> g.indexName("byscore").keySchema(k -> k.attributeName("score").keyType("HASH"))
                                .projection(p -> p.projectionType("ALL"))))).importTableDescription();
        var done = TransferWaits.importDone(ddb, started.importArn());
        assertEquals(6L, done.processedItemCount());
        assertEquals(3L, done.importedItemCount());
        assertEquals(3L, done.errorCount(), "the line without its key, the bad number, the line with a field too many");
        // any refused item fails the import, the valid ones imported (the service's outcome)
        assertEquals("FAILED", done.importStatusAsString());
        assertEquals("ItemValidationError", done.failureCode());
        var items = ddb.scan(b -> b.tableName("ex_csv")).items();
        assertEquals(3, items.size());
        var b2 = ddb.getItem(b -> b.tableName("ex_csv").key(Map.of("id", s("b")))).item();
        assertEquals(Map.of("id", s("b"), "score", n("2"), "note", s("semi;colon")), b2);
        assertEquals(Map.of("id", s("d"), "score", n("4")), ddb.getItem(b -> b.tableName("ex_csv").key(Map.of("id", s("d")))).item());
        assertEquals(1, ddb.query(b -> b.tableName("ex_csv").indexName("byscore").keyConditionExpression("score = :s")
                .expressionAttributeValues(Map.of(":s", n("1")))).count());
        var list = ddb.listImports(b -> b.tableArn(ARN + "ex_csv").pageSize(5)).importSummaryList();
        assertEquals(List.of(started.importArn()), list.stream().map(x -> x.importArn()).toList());
        fails(software.amazon.awssdk.services.dynamodb.model.ResourceInUseException.class, "ResourceInUseException",
                "Table already exists: ex_csv", () -> ddb.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("csvbucket"))
                        .inputFormat("CSV").tableCreationParameters(t -> t.tableName("ex_csv")
                                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                                .keySchema(k -> k.attributeName("id").keyType("HASH")).billingMode("PAY_PER_REQUEST"))));
        String missing = ARN + "ex_csv/import/01234567890123-abcdef01";
        fails(software.amazon.awssdk.services.dynamodb.model.ImportNotFoundException.class, "ImportNotFoundException",
                "Import not found: " + missing, () -> ddb.describeImport(b -> b.importArn(missing)));
    }

    @Test
    @Covers(operation = "DescribeExport", parameters = {"ExportArn"})
    @Covers(operation = "ListImports", parameters = {"TableArn"})
    void exportAndImportRecordsSurviveARestartOnDisk() throws Exception {
        Path data = Files.createTempDirectory("basalt-export-restart");
        BasaltConfig store = ServerTestBase.restartable(getClass(), data).withExportRoot(root);
        try {
            ExportDescription before;
            software.amazon.awssdk.services.dynamodb.model.ImportTableDescription importBefore;
            try (Basalt disk = Basalt.start(store);
                 DynamoDbClient c = ServerTestBase.client(disk.endpoint())) {
                createFullTable(c, "ex_durable", 7);
                c.updateContinuousBackups(b -> b.tableName("ex_durable").pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
                // a local directory cannot encrypt: the request's encryption is echoed (and kept), the files written as they are
                String arn = c.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_durable").s3Bucket("durable").clientToken("tok-1")
                        .s3SseAlgorithm("KMS").s3SseKmsKeyId("alias/aws/s3")).exportDescription().exportArn();
                before = TransferWaits.export(c, arn);
                assertEquals(ExportStatus.COMPLETED, before.exportStatus());
                assertEquals("KMS", before.s3SseAlgorithmAsString());
                assertEquals("alias/aws/s3", before.s3SseKmsKeyId());
                Map<String, Object> summary = JsonMini.object(Files.readString(root.resolve("durable").resolve(before.exportManifest())));
                assertEquals("KMS", summary.get("s3SseAlgorithm"));
                assertEquals("alias/aws/s3", summary.get("s3SseKmsKeyId"));
                String id = arn.substring(arn.lastIndexOf('/') + 1);
                String importArn = c.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("durable").s3KeyPrefix("AWSDynamoDB/" + id + "/data/"))
                        .inputFormat("DYNAMODB_JSON").inputCompressionType("GZIP")
                        .tableCreationParameters(t -> t.tableName("ex_durable_in").billingMode("PAY_PER_REQUEST")
                                .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"))
                                .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE"))))
                        .importTableDescription().importArn();
                importBefore = TransferWaits.importDone(c, importArn);
                assertEquals("COMPLETED", importBefore.importStatusAsString());
            }
            try (Basalt disk = Basalt.start(store);
                 DynamoDbClient c = ServerTestBase.client(disk.endpoint())) {
                assertEquals(before, TransferWaits.export(c, before.exportArn()));
                assertEquals(importBefore, TransferWaits.importDone(c, importBefore.importArn()));
                assertEquals(List.of(before.exportArn()), c.listExports(b -> b.tableArn(ARN + "ex_durable")).exportSummaries().stream()
                        .map(ExportSummary::exportArn).toList());
                assertEquals(List.of(importBefore.importArn()), c.listImports(b -> b.tableArn(ARN + "ex_durable_in")).importSummaryList()
                        .stream().map(x -> x.importArn()).toList());
                // the client token still finds the export
                assertEquals(before.exportArn(), c.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_durable").s3Bucket("durable")
                        .clientToken("tok-1").s3SseAlgorithm("KMS").s3SseKmsKeyId("alias/aws/s3")).exportDescription().exportArn());
                fails(software.amazon.awssdk.services.dynamodb.model.ExportConflictException.class, "ExportConflictException",
                        "Export conflict: Duplicate request detected with conflicting parameters",
                        () -> c.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_durable").s3Bucket("durable").s3SseAlgorithm("KMS")
                                .clientToken("tok-1")));
                fails(software.amazon.awssdk.services.dynamodb.model.ExportConflictException.class, "ExportConflictException",
                        "Export conflict: Duplicate request detected with conflicting parameters",
                        () -> c.exportTableToPointInTime(b -> b.tableArn(ARN + "ex_durable").s3Bucket("durable").s3Prefix("other")
                                .clientToken("tok-1")));
            }
        } finally {
            ServerTestBase.deleteTree(data);
        }
    }
}
