package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/**
 * Issue #34.9 and #34.11 as attacks on the local export root: symbolic links inside it are never
 * followed (an import of a link to /etc/passwd and an export through a link to a directory outside
 * the root both end FAILED, reading and writing nothing outside), and the data directory, the export
 * files and the access log are 0600 files in 0700 directories whatever the umask.
 */
class ExportRootFilesIT {
    static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/";
    static Path dir, root, outside;
    static Basalt server;
    static DynamoDbClient ddb;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws Exception {
        dir = Files.createTempDirectory("basalt-export-links");
        root = dir.resolve("exports");
        outside = dir.resolve("outside");
        Files.createDirectories(root);
        Files.createDirectories(outside);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withExportRoot(root));
        ddb = ServerTestBase.client(server.endpoint());
        pitrTable(ddb, "Links", "x");
    }

    /** A table (key pk) with point-in-time recovery, holding one item. */
    static void pitrTable(DynamoDbClient c, String name, String pk) {
        c.createTable(b -> b.tableName(name).billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("pk").attributeType("S")).keySchema(k -> k.attributeName("pk").keyType("HASH")));
        c.updateContinuousBackups(b -> b.tableName(name).pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
        c.putItem(b -> b.tableName(name).item(Map.of("pk", AttributeValue.fromS(pk))));
    }

    @AfterAll
    static void stop() throws Exception {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    private static String tableArn() {
        return ARN.replace("000000000000", io.basalt.model.Arns.ACCOUNT_ID) + "Links";
    }

    private static ImportTableDescription importFrom(String table, String bucket, String prefix) throws Exception {
        ImportTableDescription d = ddb.importTable(b -> b.s3BucketSource(s -> s.s3Bucket(bucket).s3KeyPrefix(prefix))
                .inputFormat("DYNAMODB_JSON")
                .tableCreationParameters(t -> t.tableName(table).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH")))).importTableDescription();
        return TransferWaits.importDone(ddb, d.importArn());
    }

    private static ExportDescription exportTo(String bucket, String prefix) throws Exception {
        ExportDescription d = ddb.exportTableToPointInTime(b -> b.tableArn(tableArn()).s3Bucket(bucket).s3Prefix(prefix)).exportDescription();
        return TransferWaits.export(ddb, d.exportArn());
    }

    private static List<Path> filesUnder(Path p) throws Exception {
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(f -> !f.equals(p)).toList();
        }
    }

    @Test
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void anImportNeverReadsThroughALink() throws Exception {
        Files.createDirectories(root.resolve("leaky/leak"));
        Files.createSymbolicLink(root.resolve("leaky/leak/passwd.json"), Path.of("/etc/passwd"));
        ImportTableDescription d = importFrom("Passwd", "leaky", "leak/");
        assertEquals("FAILED", d.importStatusAsString());
        assertEquals("S3ReadFailed", d.failureCode());
        assertEquals("Reading leaky failed: " + root.resolve("leaky/leak/passwd.json")
                + " is a symbolic link: Basalt does not follow links in the export root", d.failureMessage());
        assertEquals(0L, d.processedItemCount());

        // a directory link the prefix runs through
        Files.writeString(outside.resolve("item.json"), "{\"Item\":{\"pk\":{\"S\":\"from outside\"}}}\n");
        Files.createSymbolicLink(root.resolve("leaky/data"), outside);
        ImportTableDescription through = importFrom("Outside", "leaky", "data/");
        assertEquals("FAILED", through.importStatusAsString());
        assertEquals("Reading leaky failed: " + root.resolve("leaky/data")
                + " is a symbolic link: Basalt does not follow links in the export root", through.failureMessage());

        // a bucket that is itself a link
        Files.createSymbolicLink(root.resolve("linked"), outside);
        ImportTableDescription bucket = importFrom("LinkedBucket", "linked", "");
        assertEquals("FAILED", bucket.importStatusAsString());
        assertEquals("Reading linked failed: " + root.resolve("linked")
                + " is a symbolic link: Basalt does not follow links in the export root", bucket.failureMessage());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket", "S3Prefix"})
    void anExportNeverWritesThroughALink() throws Exception {
        Path target = Files.createDirectories(dir.resolve("target"));
        Files.createDirectories(root.resolve("sneaky"));
        Files.createSymbolicLink(root.resolve("sneaky/out"), target);
        ExportDescription d = exportTo("sneaky", "out");
        assertEquals("FAILED", d.exportStatusAsString());
        assertEquals("S3WriteFailed", d.failureCode());
        assertEquals("Writing to " + root + " failed: " + root.resolve("sneaky/out")
                + " is a symbolic link: Basalt does not follow links in the export root", d.failureMessage());
        Files.createSymbolicLink(root.resolve("sneaky-bucket"), target);
        ExportDescription bucket = exportTo("sneaky-bucket", null);
        assertEquals("FAILED", bucket.exportStatusAsString());
        assertEquals("Writing to " + root + " failed: " + root.resolve("sneaky-bucket")
                + " is a symbolic link: Basalt does not follow links in the export root", bucket.failureMessage());
        assertEquals(List.of(), filesUnder(target), "nothing is written outside the root");
        // the same export into a real directory works
        assertEquals("COMPLETED", exportTo("plain", "out").exportStatusAsString());
    }

    /** Every directory and file under {@code p} (links excluded) that is not 0700 / 0600. */
    private static List<String> notPrivate(Path p) throws Exception {
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                if (Files.isSymbolicLink(f) || !(Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))) continue;
                String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(f, LinkOption.NOFOLLOW_LINKS));
                String want = Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS) ? "rwx------" : "rw-------";
                if (!mode.equals(want)) wrong.add(f + " " + mode);
            }
        }
        return wrong;
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket"})
    void theDataDirectoryExportsAndAccessLogArePrivateWhateverTheUmask() throws Exception {
        Path base = Files.createDirectories(dir.resolve("umask"));
        Path data = base.resolve("data");
        Path exports = base.resolve("exports");
        Path log = base.resolve("logs/access.log");
        try (ServerProcess p = ServerProcess.startWithUmask("022", data, "--export-root", exports.toString(), "--access-log", log.toString());
             DynamoDbClient c = ServerTestBase.client(p.endpoint())) {
            pitrTable(c, "Private", "x");
            c.createBackup(b -> b.tableName("Private").backupName("nightly"));
            ExportDescription d = c.exportTableToPointInTime(b -> b.tableArn(ARN.replace("000000000000", io.basalt.model.Arns.ACCOUNT_ID)
                    + "Private").s3Bucket("mine").s3Prefix("deep/er")).exportDescription();
            assertEquals("COMPLETED", TransferWaits.export(c, d.exportArn()).exportStatusAsString());
            assertTrue(Files.exists(exports.resolve("mine/deep/er")));
            assertEquals(List.of(), notPrivate(exports), "export files while the server runs");
            assertEquals(List.of(), notPrivate(log.getParent()), "access log while the server runs");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data)), "data directory while the server runs");
        }
        assertFalse(filesUnder(data).isEmpty());
        assertEquals(List.of(), notPrivate(data), "data directory after the run");
        assertEquals(List.of(), notPrivate(exports), "export files after the run");
        assertEquals(List.of(), notPrivate(log.getParent()), "access log after the run");
    }
}
