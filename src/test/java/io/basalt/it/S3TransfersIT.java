package io.basalt.it;

import static io.basalt.it.BackupsIT.createFullTable;
import static io.basalt.it.BackupsIT.scanAll;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.InvalidExportTimeException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Exports and imports through a real S3-compatible server (S3Mock, started here) with
 * {@code --s3-endpoint}: the service's layout checked with an S3 client, round trips item by item,
 * ION and ZSTD imports, an import's bad lines and its error log, a missing bucket, and an
 * incremental export.
 */
class S3TransfersIT {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/";
    private static S3Server s3server;
    private static S3Client s3;
    private static ManualClock clock;
    private static Basalt server;
    private static DynamoDbClient ddb;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws Exception {
        s3server = S3Server.start("exports", "imports");
        // the server's S3 client takes its credentials from the default chain
        System.setProperty("aws.accessKeyId", "basalt-test");
        System.setProperty("aws.secretAccessKey", "basalt-test");
        s3 = S3Client.builder().endpointOverride(URI.create(s3server.endpoint)).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("basalt-test", "basalt-test")))
                .httpClient(UrlConnectionHttpClient.create()).build();
        clock = new ManualClock();
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withClock(clock).withS3(s3server.endpoint, "us-east-1"));
        ddb = ServerTestBase.client(server.endpoint());
    }

    @AfterAll
    static void stop() throws Exception {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
        if (s3 != null) s3.close();
        if (s3server != null) s3server.close();
    }

    private static void enable(String table) {
        ddb.updateContinuousBackups(b -> b.tableName(table).pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
    }

    private static String text(String bucket, String key) {
        return s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asString(StandardCharsets.UTF_8);
    }

    private static ImportTableDescription importInto(String table, String bucket, String prefix, String format, String compression)
            throws InterruptedException {
        var started = ddb.importTable(b -> b.s3BucketSource(s -> s.s3Bucket(bucket).s3KeyPrefix(prefix))
                .inputFormat(format).inputCompressionType(compression)
                .tableCreationParameters(t -> t.tableName(table).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"),
                                a -> a.attributeName("g").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE"))
                        .globalSecondaryIndexes(g -> g.indexName("byg").keySchema(k -> k.attributeName("g").keyType("HASH"),
                                k -> k.attributeName("sk").keyType("RANGE")).projection(p -> p.projectionType("ALL")))))
                .importTableDescription();
        assertEquals("IN_PROGRESS", started.importStatusAsString());
        return TransferWaits.importDone(ddb, started.importArn());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"TableArn", "S3Bucket", "S3Prefix", "ExportFormat"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource", "InputFormat", "InputCompressionType", "TableCreationParameters"})
    void anExportToS3ImportsBackItemByItemInBothFormats() throws Exception {
        createFullTable(ddb, "s3_src", 250);
        enable("s3_src");
        clock.advanceMillis(10);
        for (String format : List.of("DYNAMODB_JSON", "ION")) {
            ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_src").s3Bucket("exports").s3Prefix("nightly")
                    .exportFormat(format)).exportDescription();
            ExportDescription done = TransferWaits.export(ddb, d.exportArn());
            assertEquals("COMPLETED", done.exportStatusAsString(), String.valueOf(done.failureMessage()));
            assertEquals(250L, done.itemCount());
            String id = d.exportArn().substring(d.exportArn().lastIndexOf('/') + 1);
            String dir = "nightly/AWSDynamoDB/" + id;
            assertEquals(dir + "/manifest-summary.json", done.exportManifest());
            List<String> keys = s3.listObjectsV2(b -> b.bucket("exports").prefix(dir + "/")).contents().stream().map(S3Object::key).toList();
            assertTrue(keys.containsAll(List.of(dir + "/_started", dir + "/manifest-files.json", dir + "/manifest-files.checksum",
                    dir + "/manifest-summary.json", dir + "/manifest-summary.checksum")), keys.toString());
            Map<String, Object> summary = JsonMini.object(text("exports", dir + "/manifest-summary.json"));
            assertEquals(250L, ((Number) summary.get("itemCount")).longValue());
            assertEquals(format, summary.get("outputFormat"));
            assertEquals("exports", summary.get("s3Bucket"));
            String filesManifest = text("exports", dir + "/manifest-files.json");
            for (String line : filesManifest.split("\n")) {
                Map<String, Object> f = JsonMini.object(line);
                String key = (String) f.get("dataFileS3Key");
                assertTrue(keys.contains(key), key);
                String etag = s3.headObject(b -> b.bucket("exports").key(key)).eTag().replace("\"", "");
                assertEquals(etag, f.get("etag"));
            }
            String table = "s3_in_" + format.toLowerCase();
            ImportTableDescription imp = importInto(table, "exports", dir + "/data/", format, "GZIP");
            assertEquals("COMPLETED", imp.importStatusAsString(), String.valueOf(imp.failureMessage()));
            assertEquals(250L, imp.importedItemCount());
            assertEquals(0L, imp.errorCount());
            assertEquals(scanAll(ddb, "s3_src"), scanAll(ddb, table));
        }
    }

    @Test
    @Covers(operation = "ImportTable", parameters = {"InputCompressionType"})
    @Covers(operation = "DescribeImport", parameters = {"ImportArn"})
    void badLinesAreCountedAndLoggedByObjectAndIndex() throws Exception {
        StringBuilder lines = new StringBuilder();
        lines.append("{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"g\":{\"S\":\"x\"}}}\n");   // line 1 ok
        lines.append("{\"Item\":{\"sk\":{\"N\":\"3\"}}}\n");                                           // 2 no pk
        lines.append("{\"Item\":{\"pk\":{\"N\":\"4\"},\"sk\":{\"N\":\"4\"}}}\n");                      // 3 pk of type N
        lines.append("{\"Item\":{\"pk\":{\"S\":\"e\"},\"sk\":{\"N\":\"5\"},\"big\":{\"S\":\"" + "x".repeat(410 * 1024) + "\"}}}\n"); // 4 too big
        lines.append("{\"Item\":{\"pk\":{\"S\":\"f\"},\"sk\":{\"N\":\"6\"},\"g\":{\"N\":\"7\"}}}\n");  // 5 GSI key type
        lines.append("{\"Item\":{\"pk\":{\"S\":\"h\"},\"sk\":{\"N\":\"8\"}}}\n");                      // 6 ok
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (var out = new io.airlift.compress.zstd.ZstdOutputStream(z)) {
            out.write(lines.toString().getBytes(StandardCharsets.UTF_8));
        }
        s3.putObject(b -> b.bucket("imports").key("bad/part-1.json.zst"), RequestBody.fromBytes(z.toByteArray()));
        // an unparsable line ends the reading of its object: line 3 is never read
        String garbage = "{\"Item\":{\"pk\":{\"S\":\"i\"},\"sk\":{\"N\":\"9\"}}}\n{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":\n"
                + "{\"Item\":{\"pk\":{\"S\":\"j\"},\"sk\":{\"N\":\"10\"}}}\n";
        ByteArrayOutputStream z2 = new ByteArrayOutputStream();
        try (var out = new io.airlift.compress.zstd.ZstdOutputStream(z2)) {
            out.write(garbage.getBytes(StandardCharsets.UTF_8));
        }
        s3.putObject(b -> b.bucket("imports").key("bad/part-2.json.zst"), RequestBody.fromBytes(z2.toByteArray()));
        ImportTableDescription d = importInto("s3_bad", "imports", "bad/", "DYNAMODB_JSON", "ZSTD");
        assertEquals("FAILED", d.importStatusAsString());
        assertEquals("ItemValidationError", d.failureCode());
        assertEquals("Some of the items failed validation checks and were not imported. Please check CloudWatch error logs for more details.",
                d.failureMessage());
        assertEquals(8L, d.processedItemCount());
        assertEquals(3L, d.importedItemCount());
        assertEquals(5L, d.errorCount());
        assertEquals("arn:aws:logs:us-east-1:123456789012:log-group:/aws-dynamodb/imports:*", d.cloudWatchLogGroupArn());
        assertEquals("123456789012", d.s3BucketSource().s3BucketOwner());
        String id = d.importArn().substring(d.importArn().lastIndexOf('/') + 1);
        String log = text("imports", "aws-dynamodb/imports/" + id + ".json");
        List<String> where = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        // the service's message fields in its order (Developer Guide's example log), then Basalt's lineNumber
        var pattern = java.util.regex.Pattern.compile("\"logStream\":\"" + id + "/error\",\"itemS3Pointer\":\\{\"bucket\":\"imports\","
                + "\"key\":\"(bad/part-\\d.json.zst)\",\"itemIndex\":(\\d+)},\"importArn\":\"[^\"]+\",\"errorMessages\":\\[\"(.*)\"],"
                + "\"lineNumber\":(\\d+)}");
        for (String record : log.split("\n")) {
            var m = pattern.matcher(record);
            assertTrue(m.find(), record);
            assertEquals(Long.parseLong(m.group(4)) - 1, Long.parseLong(m.group(2)));
            where.add(m.group(1) + ":" + m.group(4));
            messages.add(m.group(3));
            assertEquals(d.importArn(), JsonMini.object(record).get("importArn"));
        }
        assertEquals(List.of("bad/part-1.json.zst:2", "bad/part-1.json.zst:3", "bad/part-1.json.zst:4", "bad/part-1.json.zst:5",
                "bad/part-2.json.zst:2"), where);
        assertEquals("One or more parameter values were invalid: Missing the key pk in the item", messages.get(0));
        assertEquals("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N", messages.get(1));
        assertEquals("Item size has exceeded the maximum allowed size", messages.get(2));
        assertEquals("One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byg",
                messages.get(3));
        assertTrue(messages.get(4).endsWith("Remainder of the object will not be processed."), messages.get(4));
        assertEquals(3, ddb.scan(b -> b.tableName("s3_bad")).count());
    }

    @Test
    void aMissingBucketFailsTheExportAndTheImportWithTheServiceCodes() throws Exception {
        createFullTable(ddb, "s3_nobucket", 3);
        enable("s3_nobucket");
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_nobucket").s3Bucket("no-such-bucket")).exportDescription();
        ExportDescription done = TransferWaits.export(ddb, d.exportArn());
        assertEquals("FAILED", done.exportStatusAsString());
        assertEquals("S3NoSuchBucket", done.failureCode());
        assertTrue(done.failureMessage().startsWith("The specified bucket does not exist (Service: Amazon S3; Status Code: 404; "
                + "Error Code: NoSuchBucket; Request ID: "), done.failureMessage());
        ImportTableDescription imp = importInto("s3_nobucket_in", "no-such-bucket", "", "DYNAMODB_JSON", "NONE");
        assertEquals("FAILED", imp.importStatusAsString());
        assertEquals("S3NoSuchBucket", imp.failureCode());
        assertEquals(0L, imp.processedItemCount());
        // no table is created, while the description keeps its ARN (as the service's)
        assertEquals(ARN + "s3_nobucket_in", imp.tableArn());
        org.junit.jupiter.api.Assertions.assertThrows(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class,
                () -> ddb.describeTable(b -> b.tableName("s3_nobucket_in")));
        // an empty prefix is COMPLETED with an empty table
        ImportTableDescription empty = importInto("s3_empty_in", "imports", "nothing-here/", "DYNAMODB_JSON", "NONE");
        assertEquals("COMPLETED", empty.importStatusAsString());
        assertEquals(0, ddb.scan(b -> b.tableName("s3_empty_in")).count());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"ExportType", "IncrementalExportSpecification"})
    void anIncrementalExportHoldsTheWindowsChangesWithOldAndNewImages() throws Exception {
        createFullTable(ddb, "s3_inc", 5);
        enable("s3_inc");
        clock.advanceSeconds(60);
        Instant from = Instant.ofEpochMilli(clock.millis());
        clock.advanceSeconds(1);
        ddb.putItem(b -> b.tableName("s3_inc").item(Map.of("pk", s("new"), "sk", Sdk.n("1"), "g", s("z"))));
        ddb.updateItem(b -> b.tableName("s3_inc").key(Map.of("pk", s("p0"), "sk", Sdk.n("0")))
                .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", s("changed"))));
        ddb.deleteItem(b -> b.tableName("s3_inc").key(Map.of("pk", s("p1"), "sk", Sdk.n("1"))));
        clock.advanceSeconds(16 * 60);
        Instant to = Instant.ofEpochMilli(clock.millis());
        Sdk.fails(InvalidExportTimeException.class, "InvalidExportTimeException",
                "Difference between export period from time and export period to time is less than 15 minutes",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportFromTime(from).exportToTime(from.plusSeconds(60)))));
        Sdk.fails(InvalidExportTimeException.class, "InvalidExportTimeException",
                "Incremental export period to time cannot be greater than the current time : "
                        + Instant.ofEpochSecond(to.getEpochSecond() + 3600),
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportFromTime(from).exportToTime(to.plusSeconds(3600)))));
        Sdk.fails(InvalidExportTimeException.class, "InvalidExportTimeException",
                "Incremental export period from time cannot be less than the table creation time : "
                        + Instant.ofEpochSecond(from.getEpochSecond() - 3600),
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportFromTime(from.minusSeconds(3600)).exportToTime(to))));
        Sdk.validation("Invalid Request: Incremental Export Specification expected when export type is set as Incremental Export",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")));
        Sdk.validation("Invalid Request: ExportFromTime must be provided in IncrementalExportSpecification",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportViewType("NEW_IMAGE"))));
        Sdk.validation("Invalid Request: Export Type expected to be Incremental Export when incremental export specification is provided",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports")
                        .incrementalExportSpecification(i -> i.exportFromTime(from))));
        Sdk.validation("Invalid Request: When Export Type is Full Export , Incremental Export Specification should not be provided",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("FULL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportFromTime(from))));
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                .incrementalExportSpecification(i -> i.exportFromTime(from).exportToTime(to))).exportDescription();
        ExportDescription done = TransferWaits.export(ddb, d.exportArn());
        assertEquals("COMPLETED", done.exportStatusAsString(), String.valueOf(done.failureMessage()));
        assertEquals(null, done.exportTime());
        assertEquals(List.of("INCREMENTAL_EXPORT"), ddb.listExports(b -> b.tableArn(ARN + "s3_inc")).exportSummaries().stream()
                .map(x -> x.exportTypeAsString()).toList());
        assertEquals("NEW_AND_OLD_IMAGES", done.incrementalExportSpecification().exportViewTypeAsString());
        assertEquals(3L, done.itemCount());
        String dir = done.exportManifest().substring(0, done.exportManifest().lastIndexOf('/'));
        StringBuilder all = new StringBuilder();
        for (String line : text("exports", dir + "/manifest-files.json").split("\n")) {
            String key = (String) JsonMini.object(line).get("dataFileS3Key");
            try (var in = new java.util.zip.GZIPInputStream(s3.getObject(b -> b.bucket("exports").key(key)))) {
                all.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        String data = all.toString();
        assertTrue(data.contains("\"Keys\":{\"pk\":{\"S\":\"new\"},\"sk\":{\"N\":\"1\"}},\"NewImage\":"), data);
        assertTrue(data.contains("\"WriteTimestampMicros\":{\"N\":\"" + (from.toEpochMilli() + 1000) * 1000 + "\"}"), data);
        assertTrue(data.contains("\"v\":{\"S\":\"changed\"}"), data);
        assertTrue(data.contains("\"Keys\":{\"pk\":{\"S\":\"p1\"},\"sk\":{\"N\":\"1\"}},\"OldImage\":"), data);
        assertFalse(data.contains("\"pk\":{\"S\":\"p2\"}"), "an unchanged item is not exported");
    }

    /** The SSE headers S3 keeps for every object of an export (HEAD Object answers them back). */
    private static List<String> encryptionOfObjects(String dir) {
        List<String> out = new ArrayList<>();
        for (S3Object o : s3.listObjectsV2(b -> b.bucket("exports").prefix(dir + "/")).contents()) {
            var head = s3.headObject(b -> b.bucket("exports").key(o.key()));
            out.add(head.serverSideEncryptionAsString() + (head.ssekmsKeyId() == null ? "" : " " + head.ssekmsKeyId()));
        }
        return out;
    }

    private static ExportDescription exportDone(String table, String sse, String key) throws InterruptedException {
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + table).s3Bucket("exports").s3Prefix("sse")
                .s3SseAlgorithm(sse).s3SseKmsKeyId(key)).exportDescription();
        assertEquals(sse == null ? "AES256" : sse, d.s3SseAlgorithmAsString());
        assertEquals(key, d.s3SseKmsKeyId());
        return TransferWaits.export(ddb, d.exportArn());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3SseAlgorithm", "S3SseKmsKeyId", "S3BucketOwner"})
    void exportsAskS3ToEncryptEveryObjectAsRequested() throws Exception {
        createFullTable(ddb, "s3_sse", 20);
        enable("s3_sse");
        clock.advanceMillis(10);
        String kmsArn = S3Server.KMS_KEY_ARN;
        // S3Mock knows its keys by id only (it refuses their ARNs), so the exports below name the key by its id
        String kmsId = kmsArn.substring(kmsArn.lastIndexOf('/') + 1);
        // the checks, in the service's words (live, 2026-10-09, DDB-EXPORT-002 and -005)
        Sdk.validation("Invalid Request: KMS Key Id is not supported for this encryption type",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseKmsKeyId(kmsArn)));
        Sdk.validation("Invalid Request: KMS Key Id is not supported for this encryption type",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseAlgorithm("AES256")
                        .s3SseKmsKeyId(kmsArn)));
        Sdk.validation("Invalid Request: 1 validation error detected: Value 'not a key' at 's3SseKmsKeyId' failed to satisfy constraint: "
                        + "Member must satisfy regular expression pattern: ^[a-zA-Z0-9:/_-]+$",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseAlgorithm("KMS")
                        .s3SseKmsKeyId("not a key")));
        Sdk.validation("1 validation error detected: Value '' at 's3SseKmsKeyId' failed to satisfy constraint: "
                        + "Member must have length greater than or equal to 1",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseAlgorithm("KMS").s3SseKmsKeyId("")));
        String longKey = "k".repeat(2049);
        Sdk.validation("1 validation error detected: Value '" + longKey + "' at 's3SseKmsKeyId' failed to satisfy constraint: "
                        + "Member must have length less than or equal to 2048",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseAlgorithm("KMS")
                        .s3SseKmsKeyId(longKey)));
        Sdk.validation("1 validation error detected: Value 'aws:kms' at 's3SseAlgorithm' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [AES256, KMS]",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3SseAlgorithm("aws:kms")));
        Sdk.validation("1 validation error detected: Value 'not-an-account' at 's3BucketOwner' failed to satisfy constraint: "
                        + "Member must satisfy regular expression pattern: [0-9]{12}",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_sse").s3Bucket("exports").s3BucketOwner("not-an-account")));

        // SSE-KMS with a key: every object (data, manifests, checksums, _started) names it
        ExportDescription kms = exportDone("s3_sse", "KMS", kmsId);
        assertEquals("COMPLETED", kms.exportStatusAsString(), String.valueOf(kms.failureMessage()));
        assertEquals("KMS", kms.s3SseAlgorithmAsString());
        assertEquals(kmsId, kms.s3SseKmsKeyId());
        String dir = kms.exportManifest().substring(0, kms.exportManifest().lastIndexOf('/'));
        List<String> sse = encryptionOfObjects(dir);
        assertEquals(6, sse.size(), sse.toString());
        assertEquals(List.of("aws:kms " + kmsId), sse.stream().distinct().toList());
        Map<String, Object> summary = JsonMini.object(text("exports", dir + "/manifest-summary.json"));
        assertEquals("KMS", summary.get("s3SseAlgorithm"));
        assertEquals(kmsId, summary.get("s3SseKmsKeyId"));
        // S3 decrypts on reading: the export imports back as it was
        ImportTableDescription imp = importInto("s3_sse_in", "exports", dir + "/data/", "DYNAMODB_JSON", "GZIP");
        assertEquals("COMPLETED", imp.importStatusAsString(), String.valueOf(imp.failureMessage()));
        assertEquals(scanAll(ddb, "s3_sse"), scanAll(ddb, "s3_sse_in"));

        // SSE-KMS without a key: S3 uses the AWS-managed key; the description names none (DDB-EXPORT-012)
        ExportDescription managed = exportDone("s3_sse", "KMS", null);
        assertEquals("COMPLETED", managed.exportStatusAsString(), String.valueOf(managed.failureMessage()));
        assertEquals(null, managed.s3SseKmsKeyId());
        String managedDir = managed.exportManifest().substring(0, managed.exportManifest().lastIndexOf('/'));
        assertTrue(encryptionOfObjects(managedDir).stream().allMatch(x -> x.startsWith("aws:kms")), encryptionOfObjects(managedDir).toString());

        // AES256 asked for: SSE-S3 on every object
        ExportDescription aes = exportDone("s3_sse", "AES256", null);
        assertEquals("COMPLETED", aes.exportStatusAsString(), String.valueOf(aes.failureMessage()));
        String aesDir = aes.exportManifest().substring(0, aes.exportManifest().lastIndexOf('/'));
        assertEquals(List.of("AES256"), encryptionOfObjects(aesDir).stream().distinct().toList());

        // a key S3 does not know: FAILED with the service's code and S3's message in its form (DDB-EXPORT-011)
        String unknown = "arn:aws:kms:us-east-1:123456789012:key/deadbeef-dead-beef-dead-beefdeadbeef";
        ExportDescription bad = exportDone("s3_sse", "KMS", unknown);
        assertEquals("FAILED", bad.exportStatusAsString());
        assertEquals("KmsNotFoundException", bad.failureCode());
        assertTrue(bad.failureMessage().contains("(Service: Amazon S3; Status Code: 400; Error Code: KMS.NotFoundException; Request ID: "),
                bad.failureMessage());
        assertEquals(unknown, bad.s3SseKmsKeyId());
    }
}
