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
    static void start() throws Exception {
        s3server = S3Server.start("exports", "imports");
        // the server's S3 client takes its credentials from the default chain
        System.setProperty("aws.accessKeyId", "basalt-test");
        System.setProperty("aws.secretAccessKey", "basalt-test");
        s3 = S3Client.builder().endpointOverride(URI.create(s3server.endpoint)).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("basalt-test", "basalt-test")))
                .httpClient(UrlConnectionHttpClient.create()).build();
        clock = new ManualClock();
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().withClock(clock).withS3(s3server.endpoint, "us-east-1"));
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

    private static ImportTableDescription importInto(String table, String bucket, String prefix, String format, String compression) {
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
        return ddb.describeImport(b -> b.importArn(started.importArn())).importTableDescription();
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"TableArn", "S3Bucket", "S3Prefix", "ExportFormat"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource", "InputFormat", "InputCompressionType", "TableCreationParameters"})
    void anExportToS3ImportsBackItemByItemInBothFormats() {
        createFullTable(ddb, "s3_src", 250);
        enable("s3_src");
        clock.advanceMillis(10);
        for (String format : List.of("DYNAMODB_JSON", "ION")) {
            ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_src").s3Bucket("exports").s3Prefix("nightly")
                    .exportFormat(format)).exportDescription();
            ExportDescription done = ddb.describeExport(b -> b.exportArn(d.exportArn())).exportDescription();
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
        lines.append("{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":\n");                                     // 2 bad JSON
        lines.append("{\"Item\":{\"sk\":{\"N\":\"3\"}}}\n");                                           // 3 no pk
        lines.append("{\"Item\":{\"pk\":{\"N\":\"4\"},\"sk\":{\"N\":\"4\"}}}\n");                      // 4 pk of type N
        lines.append("{\"Item\":{\"pk\":{\"S\":\"e\"},\"sk\":{\"N\":\"5\"},\"big\":{\"S\":\"" + "x".repeat(410 * 1024) + "\"}}}\n"); // 5 too big
        lines.append("{\"Item\":{\"pk\":{\"S\":\"f\"},\"sk\":{\"N\":\"6\"},\"g\":{\"N\":\"7\"}}}\n");  // 6 GSI key type
        lines.append("{\"Item\":{\"pk\":{\"S\":\"h\"},\"sk\":{\"N\":\"8\"}}}\n");                      // 7 ok
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (var out = new io.airlift.compress.zstd.ZstdOutputStream(z)) {
            out.write(lines.toString().getBytes(StandardCharsets.UTF_8));
        }
        s3.putObject(b -> b.bucket("imports").key("bad/part-1.json.zst"), RequestBody.fromBytes(z.toByteArray()));
        ImportTableDescription d = importInto("s3_bad", "imports", "bad/", "DYNAMODB_JSON", "ZSTD");
        assertEquals("COMPLETED", d.importStatusAsString(), String.valueOf(d.failureMessage()));
        assertEquals(7L, d.processedItemCount());
        assertEquals(2L, d.importedItemCount());
        assertEquals(5L, d.errorCount());
        assertEquals(lines.toString().getBytes(StandardCharsets.UTF_8).length, d.processedSizeBytes());
        assertEquals("arn:aws:logs:us-east-1:123456789012:log-group:/aws-dynamodb/imports:*", d.cloudWatchLogGroupArn());
        String id = d.importArn().substring(d.importArn().lastIndexOf('/') + 1);
        String log = text("imports", "aws-dynamodb/imports/" + id + ".json");
        List<Long> lineNumbers = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        var pattern = java.util.regex.Pattern.compile("\"itemS3Pointer\":\\{\"bucket\":\"imports\",\"key\":\"bad/part-1.json.zst\","
                + "\"itemIndex\":(\\d+)},\"lineNumber\":(\\d+),\"errorMessages\":\\[\"(.*)\"]}");
        for (String record : log.split("\n")) {
            var m = pattern.matcher(record);
            assertTrue(m.find(), record);
            assertEquals(Long.parseLong(m.group(2)) - 1, Long.parseLong(m.group(1)));
            lineNumbers.add(Long.parseLong(m.group(2)));
            messages.add(m.group(3));
            assertEquals(d.importArn(), JsonMini.object(record).get("importArn"));
        }
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L), lineNumbers);
        assertEquals("One or more parameter values were invalid: Missing the key pk in the item", messages.get(1));
        assertEquals("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N", messages.get(2));
        assertEquals("Item size has exceeded the maximum allowed size", messages.get(3));
        assertEquals("One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byg",
                messages.get(4));
        assertEquals(2, ddb.scan(b -> b.tableName("s3_bad")).count());
    }

    @Test
    void aMissingBucketFailsTheExportAndTheImportWithTheServiceCodes() {
        createFullTable(ddb, "s3_nobucket", 3);
        enable("s3_nobucket");
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_nobucket").s3Bucket("no-such-bucket")).exportDescription();
        ExportDescription done = ddb.describeExport(b -> b.exportArn(d.exportArn())).exportDescription();
        assertEquals("FAILED", done.exportStatusAsString());
        assertEquals("S3NoSuchBucket", done.failureCode());
        assertEquals("The specified bucket does not exist", done.failureMessage());
        ImportTableDescription imp = importInto("s3_nobucket_in", "no-such-bucket", "", "DYNAMODB_JSON", "NONE");
        assertEquals("FAILED", imp.importStatusAsString());
        assertEquals("S3NoSuchBucket", imp.failureCode());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"ExportType", "IncrementalExportSpecification"})
    void anIncrementalExportHoldsTheWindowsChangesWithOldAndNewImages() {
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
        Sdk.validation("The time between ExportFromTime and ExportToTime must be at least 15 minutes",
                () -> ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                        .incrementalExportSpecification(i -> i.exportFromTime(from).exportToTime(from.plusSeconds(60)))));
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(ARN + "s3_inc").s3Bucket("exports").exportType("INCREMENTAL_EXPORT")
                .incrementalExportSpecification(i -> i.exportFromTime(from).exportToTime(to))).exportDescription();
        ExportDescription done = ddb.describeExport(b -> b.exportArn(d.exportArn())).exportDescription();
        assertEquals("COMPLETED", done.exportStatusAsString(), String.valueOf(done.failureMessage()));
        assertEquals("INCREMENTAL_EXPORT", done.exportTypeAsString());
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
}
