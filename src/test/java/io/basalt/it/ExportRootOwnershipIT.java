package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Issue #34.3 as attacks on a local export root (--export-root) shared by two accounts: a bucket
 * belongs to the account that created it, another account's imports and exports of it end FAILED
 * with S3's AccessDenied (as the service reports them, S3AccessDenied), S3BucketOwner is checked,
 * and the caller's identity policies must allow s3:PutObject / s3:ListBucket / s3:GetObject.
 */
class ExportRootOwnershipIT {
    static final String A = "111111111111";
    static final String B = "222222222222";
    /** S3's AccessDenied as the service quotes it in FailureMessage (live 2026-10-09, DDB-EXPORT-011). */
    static final String S3_QUOTE = " \\(Service: Amazon S3; Status Code: 403; Error Code: AccessDenied; Request ID: [A-Z0-9]{16}; "
            + "S3 Extended Request ID: [A-Za-z0-9+/=]+; Proxy: null\\)";

    static final String DYNAMODB_ONLY = """
            {"Version": "2012-10-17", "Statement": {"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"}}""";
    static final String ALLOWED_PREFIX_ONLY = """
            {"Version": "2012-10-17", "Statement": [
              {"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"},
              {"Effect": "Allow", "Action": "s3:PutObject", "Resource": "arn:aws:s3:::alices/allowed/*"},
              {"Effect": "Allow", "Action": "s3:ListBucket", "Resource": "arn:aws:s3:::alices",
               "Condition": {"StringLike": {"s3:prefix": "allowed/*"}}},
              {"Effect": "Allow", "Action": "s3:GetObject", "Resource": "arn:aws:s3:::alices/allowed/*"},
              {"Effect": "Deny", "Action": "s3:GetObject", "Resource": "arn:aws:s3:::alices/allowed/*/manifest-summary.json"}]}""";

    static Path dir, root;
    static Basalt server;
    static DynamoDbClient alice, bob, dave, carol;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws Exception {
        dir = Files.createTempDirectory("basalt-export-owners");
        root = dir.resolve("exports");
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(A, "a"), new AuthFile.Account(B, "b")), List.of(
                new AuthFile.User("alice", A, List.of(new AuthFile.AccessKey("AKIAALICE", "alice-secret", null)), List.of(), true),
                new AuthFile.User("bob", B, List.of(new AuthFile.AccessKey("AKIABOB", "bob-secret", null)), List.of(), true),
                new AuthFile.User("dave", A, List.of(new AuthFile.AccessKey("AKIADAVE", "dave-secret", null)), List.of(DYNAMODB_ONLY)),
                new AuthFile.User("carol", A, List.of(new AuthFile.AccessKey("AKIACAROL", "carol-secret", null)),
                        List.of(ALLOWED_PREFIX_ONLY))))
                .write(authFile);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withAuthFile(authFile).withExportRoot(root));
        alice = client("AKIAALICE", "alice-secret");
        bob = client("AKIABOB", "bob-secret");
        dave = client("AKIADAVE", "dave-secret");
        carol = client("AKIACAROL", "carol-secret");
        ExportRootFilesIT.pitrTable(alice, "Secrets", "alice's secret");
        ExportRootFilesIT.pitrTable(bob, "Secrets", "planted by bob");
    }

    @AfterAll
    static void stop() throws Exception {
        for (DynamoDbClient c : new DynamoDbClient[] {alice, bob, dave, carol}) if (c != null) c.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    static ExportDescription export(DynamoDbClient c, String account, String bucket, String prefix, String owner) throws Exception {
        ExportDescription d = c.exportTableToPointInTime(b -> b.tableArn("arn:aws:dynamodb:us-east-1:" + account + ":table/Secrets")
                .s3Bucket(bucket).s3Prefix(prefix).s3BucketOwner(owner)).exportDescription();
        assertEquals("IN_PROGRESS", d.exportStatusAsString(), "refusals come later, in the job, as in the service");
        return TransferWaits.export(c, d.exportArn());
    }

    static ImportTableDescription importInto(DynamoDbClient c, String table, String bucket, String prefix, String owner) throws Exception {
        ImportTableDescription d = c.importTable(b -> b.s3BucketSource(s -> s.s3Bucket(bucket).s3KeyPrefix(prefix).s3BucketOwner(owner))
                .inputFormat("DYNAMODB_JSON").inputCompressionType("GZIP")
                .tableCreationParameters(t -> t.tableName(table).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH")))).importTableDescription();
        return TransferWaits.importDone(c, d.importArn());
    }

    static String exportId(ExportDescription d) {
        return d.exportArn().substring(d.exportArn().lastIndexOf('/') + 1);
    }

    static long files(Path p) throws IOException {
        if (!Files.exists(p)) return 0;
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(Files::isRegularFile).count();
        }
    }

    static void accessDenied(String code, String message, String reason) {
        assertEquals("S3AccessDenied", code, message);
        assertTrue(Pattern.matches(Pattern.quote(reason) + S3_QUOTE, message), message);
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket", "S3BucketOwner"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void anotherAccountCanNeitherReadNorPlantInABucketItDoesNotOwn() throws Exception {
        ExportDescription mine = export(alice, A, "alices", "nightly", null);
        assertEquals("COMPLETED", mine.exportStatusAsString(), String.valueOf(mine.failureMessage()));
        assertEquals(A, Files.readString(root.resolve(".basalt-owners/alices")).trim(), "the owner is recorded when the bucket is made");

        // account B reads account A's export: refused, and no table is made (as for a bucket it cannot list)
        ImportTableDescription stolen = importInto(bob, "Stolen", "alices", "nightly/AWSDynamoDB/" + exportId(mine) + "/data/", null);
        assertEquals("FAILED", stolen.importStatusAsString());
        accessDenied(stolen.failureCode(), stolen.failureMessage(), "Access Denied");
        org.junit.jupiter.api.Assertions.assertThrows(ResourceNotFoundException.class, () -> bob.describeTable(b -> b.tableName("Stolen")));

        // account B exports into account A's bucket: refused before anything is written
        long before = files(root.resolve("alices"));
        ExportDescription planted = export(bob, B, "alices", "nightly", null);
        assertEquals("FAILED", planted.exportStatusAsString());
        accessDenied(planted.failureCode(), planted.failureMessage(), "Access Denied");
        assertEquals(before, files(root.resolve("alices")), "nothing of B's lands in A's bucket");

        // A's own import still reads only A's items
        ImportTableDescription back = importInto(alice, "Restored", "alices", "nightly/AWSDynamoDB/" + exportId(mine) + "/data/", A);
        assertEquals("COMPLETED", back.importStatusAsString(), String.valueOf(back.failureMessage()));
        assertEquals(List.of(Map.of("pk", AttributeValue.fromS("alice's secret"))), alice.scan(b -> b.tableName("Restored")).items());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3BucketOwner"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void s3BucketOwnerMustBeTheBucketsOwner() throws Exception {
        assertEquals("COMPLETED", export(alice, A, "owned", "x", A).exportStatusAsString());
        ExportDescription wrong = export(alice, A, "owned", "y", B);
        assertEquals("FAILED", wrong.exportStatusAsString());
        accessDenied(wrong.failureCode(), wrong.failureMessage(), "Access Denied");
        // a bucket that does not exist yet is not made for another expected owner
        ExportDescription fresh = export(alice, A, "never-made", "y", B);
        accessDenied(fresh.failureCode(), fresh.failureMessage(), "Access Denied");
        assertFalse(Files.exists(root.resolve("never-made")));
        ImportTableDescription imported = importInto(alice, "WrongOwner", "owned", "x/", B);
        assertEquals("FAILED", imported.importStatusAsString());
        accessDenied(imported.failureCode(), imported.failureMessage(), "Access Denied");
    }

    @Test
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void theOwnerRecordsAndOddOwnersAreNoBuckets() {
        Sdk.validation("1 validation error detected: Value '.basalt-owners' at 's3BucketSource.s3Bucket' failed to satisfy constraint: "
                + "Member must satisfy regular expression pattern: ^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$",
                () -> importInto(bob, "Owners", ".basalt-owners", "", null));
        Sdk.validation("1 validation error detected: Value 'someone' at 's3BucketSource.s3BucketOwner' failed to satisfy constraint: "
                + "Member must satisfy regular expression pattern: [0-9]{12}", () -> importInto(bob, "Owners", "alices", "", "someone"));
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket"})
    void anOperatorGivesABucketToAnAccountByRecordingItsOwnerFirst() throws Exception {
        Files.createDirectories(root.resolve(".basalt-owners"));
        Files.writeString(root.resolve(".basalt-owners/for-b"), B + "\n");
        ExportDescription byA = export(alice, A, "for-b", "p", null);
        accessDenied(byA.failureCode(), byA.failureMessage(), "Access Denied");
        assertEquals("COMPLETED", export(bob, B, "for-b", "p", null).exportStatusAsString());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket", "S3Prefix"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void theCallersIdentityPoliciesMustAllowTheS3Actions() throws Exception {
        ExportDescription none = export(dave, A, "alices", "dave", null);
        assertEquals("FAILED", none.exportStatusAsString());
        accessDenied(none.failureCode(), none.failureMessage(), "User: arn:aws:iam::" + A + ":user/dave is not authorized to perform: "
                + "s3:PutObject on resource: \"arn:aws:s3:::alices/dave/AWSDynamoDB/" + exportId(none)
                + "/_started\" because no identity-based policy allows the s3:PutObject action");
        assertFalse(Files.exists(root.resolve("alices/dave")));
        ImportTableDescription listing = importInto(dave, "DaveIn", "alices", "nightly/", null);
        accessDenied(listing.failureCode(), listing.failureMessage(), "User: arn:aws:iam::" + A + ":user/dave is not authorized to perform: "
                + "s3:ListBucket on resource: \"arn:aws:s3:::alices\" because no identity-based policy allows the s3:ListBucket action");

        ExportDescription allowed = export(carol, A, "alices", "allowed", null);
        assertEquals("COMPLETED", allowed.exportStatusAsString(), String.valueOf(allowed.failureMessage()));
        ExportDescription elsewhere = export(carol, A, "alices", "elsewhere", null);
        accessDenied(elsewhere.failureCode(), elsewhere.failureMessage(), "User: arn:aws:iam::" + A + ":user/carol is not authorized to "
                + "perform: s3:PutObject on resource: \"arn:aws:s3:::alices/elsewhere/AWSDynamoDB/" + exportId(elsewhere)
                + "/_started\" because no identity-based policy allows the s3:PutObject action");
        ImportTableDescription outside = importInto(carol, "CarolOut", "alices", "nightly/", null);
        accessDenied(outside.failureCode(), outside.failureMessage(), "User: arn:aws:iam::" + A + ":user/carol is not authorized to perform: "
                + "s3:ListBucket on resource: \"arn:aws:s3:::alices\" because no identity-based policy allows the s3:ListBucket action");
        // the prefix holds the export's manifest-summary.json, which carol's policy denies reading
        ImportTableDescription denied = importInto(carol, "CarolIn", "alices", "allowed/", null);
        String summary = "alices/allowed/AWSDynamoDB/" + exportId(allowed) + "/manifest-summary.json";
        accessDenied(denied.failureCode(), denied.failureMessage(), "User: arn:aws:iam::" + A + ":user/carol is not authorized to perform: "
                + "s3:GetObject on resource: \"arn:aws:s3:::" + summary + "\" with an explicit deny in an identity-based policy");
    }
}
