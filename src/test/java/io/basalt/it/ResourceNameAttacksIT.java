package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The attacks of the 2026-12-04 security review (issue #34, findings 1 and 2), each as it was
 * made: stream iterators forged or carried to another account, stream ARNs with a prefix, and
 * tables named by ARNs whose partition, service, case or account differ from the canonical one so
 * that an explicit Deny on the canonical ARN would not match. Every one must be refused.
 */
class ResourceNameAttacksIT {
    static final String A = "111111111111";
    static final String B = "222222222222";
    static final String SECRET = "arn:aws:dynamodb:us-east-1:" + A + ":table/Secret";

    static Path dir;
    static Basalt server;
    static DynamoDbClient adminA, denyA, confinedA, nobodyB, rpUser;
    static DynamoDbStreamsClient streamsAdminA, streamsNobodyB, streamsConfinedA;

    /** Everything, except the Secret table (an identity-policy Deny on its canonical ARN). */
    static final String DENY_SECRET = """
            {"Version": "2012-10-17", "Statement": [
              {"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"},
              {"Effect": "Deny", "Action": "dynamodb:*", "Resource": ["arn:aws:dynamodb:*:*:table/Secret", "arn:aws:dynamodb:*:*:table/Secret/*"]}]}""";

    /** The item actions on its own partition of Notes (LeadingKeys), nothing else. */
    static final String CONFINED = """
            {"Version": "2012-10-17", "Statement": {
               "Effect": "Allow", "Action": ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"],
               "Resource": "arn:aws:dynamodb:*:*:table/Notes",
               "Condition": {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["${aws:username}"]}}}}""";

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-arn-attacks");
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(A, "a"), new AuthFile.Account(B, "b")), List.of(
                new AuthFile.User("admin", A, List.of(new AuthFile.AccessKey("AKIAADMINA", "admin-secret", null)), List.of(), true),
                new AuthFile.User("denied", A, List.of(new AuthFile.AccessKey("AKIADENYA", "deny-secret", null)), List.of(DENY_SECRET)),
                new AuthFile.User("carl", A, List.of(new AuthFile.AccessKey("AKIACARLA", "carl-secret", null)), List.of(CONFINED)),
                new AuthFile.User("rp", A, List.of(new AuthFile.AccessKey("AKIARPA", "rp-secret", null)),
                        List.of("{\"Version\": \"2012-10-17\", \"Statement\": {\"Effect\": \"Allow\", \"Action\": \"dynamodb:*\", \"Resource\": \"*\"}}")),
                new AuthFile.User("nobody", B, List.of(new AuthFile.AccessKey("AKIANOBODYB", "nobody-secret", null)), List.of())))
                .write(authFile);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withAuthFile(authFile));
        adminA = client("AKIAADMINA", "admin-secret");
        denyA = client("AKIADENYA", "deny-secret");
        confinedA = client("AKIACARLA", "carl-secret");
        rpUser = client("AKIARPA", "rp-secret");
        nobodyB = client("AKIANOBODYB", "nobody-secret");
        streamsAdminA = streams("AKIAADMINA", "admin-secret");
        streamsNobodyB = streams("AKIANOBODYB", "nobody-secret");
        streamsConfinedA = streams("AKIACARLA", "carl-secret");
        for (String name : List.of("Secret", "Notes", "Guarded")) {
            adminA.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("owner").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("owner").attributeType(ScalarAttributeType.S))
                    .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
            adminA.putItem(b -> b.tableName(name).item(item("owner", "alice", "note", "alice's " + name)));
        }
        // a resource policy that denies user rp everything on Guarded (rp's identity policy allows all)
        adminA.putResourcePolicy(b -> b.resourceArn("arn:aws:dynamodb:us-east-1:" + A + ":table/Guarded").policy("""
                {"Version": "2012-10-17", "Statement": {"Effect": "Deny", "Principal": {"AWS": "arn:aws:iam::%s:user/rp"},
                 "Action": "dynamodb:*", "Resource": "arn:aws:dynamodb:us-east-1:%s:table/Guarded"}}""".formatted(A, A)));
    }

    @AfterAll
    static void stop() throws IOException {
        for (AutoCloseable c : new AutoCloseable[] {adminA, denyA, confinedA, nobodyB, rpUser, streamsAdminA, streamsNobodyB, streamsConfinedA}) {
            try {
                if (c != null) c.close();
            } catch (Exception ignored) {
                // closing clients
            }
        }
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    static DynamoDbStreamsClient streams(String keyId, String secret) {
        return ServerTestBase.streamsClient(server.endpoint(), keyId, secret);
    }

    static String streamOf(String table) {
        return adminA.describeTable(b -> b.tableName(table)).table().latestStreamArn();
    }

    static String iteratorOf(DynamoDbStreamsClient c, String streamArn) {
        String shard = streamsAdminA.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards().get(0).shardId();
        return c.getShardIterator(b -> b.streamArn(streamArn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
    }

    static void invalid(String message, Executable call) {
        fails(DynamoDbException.class, "ValidationException", message, call);
    }

    static void refused(Executable call) {
        DynamoDbException e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class, call);
        String code = e.awsErrorDetails().errorCode();
        org.junit.jupiter.api.Assertions.assertTrue(code.equals("ValidationException") || code.equals("AccessDeniedException")
                || code.equals("ResourceNotFoundException"), code + ": " + e.getMessage());
    }

    // --- finding 1: streams ---

    @Test
    @Covers(operation = "GetRecords", parameters = "ShardIterator")
    void aForgedIteratorOfTheOldShapeIsInvalid() {
        String arn = streamOf("Notes");
        for (String forged : List.of(arn, "x" + arn)) {
            String iterator = Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((System.currentTimeMillis() + "|0|T0|" + forged).getBytes(StandardCharsets.UTF_8));
            invalid("Invalid ShardIterator", () -> streamsNobodyB.getRecords(b -> b.shardIterator(iterator)));
        }
    }

    @Test
    @Covers(operation = "GetRecords", parameters = "ShardIterator")
    void anIteratorCannotBeMovedToAnotherStreamOrPosition() {
        String issued = iteratorOf(streamsAdminA, streamOf("Notes"));
        streamsAdminA.getRecords(b -> b.shardIterator(issued)); // the issued one reads
        int dot = issued.lastIndexOf('.');
        String payload = new String(Base64.getUrlDecoder().decode(issued.substring(0, dot)), StandardCharsets.UTF_8);
        String moved = payload.replace("table/Notes/", "table/Secret/");
        String resealed = Base64.getUrlEncoder().withoutPadding().encodeToString(moved.getBytes(StandardCharsets.UTF_8))
                + issued.substring(dot);
        invalid("Invalid ShardIterator", () -> streamsAdminA.getRecords(b -> b.shardIterator(resealed)));
        String flipped = issued.substring(0, issued.length() - 2) + (issued.endsWith("A") ? "BB" : "AA");
        invalid("Invalid ShardIterator", () -> streamsAdminA.getRecords(b -> b.shardIterator(flipped)));
    }

    @Test
    @Covers(operation = "GetRecords", parameters = "ShardIterator")
    void anotherAccountsRealIteratorIsAuthorizedOnItsStream() {
        String arn = streamOf("Notes");
        String issued = iteratorOf(streamsAdminA, arn);
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::" + B + ":user/nobody is not authorized to perform: dynamodb:GetRecords on resource: " + arn
                        + " because no identity-based policy allows the dynamodb:GetRecords action",
                () -> streamsNobodyB.getRecords(b -> b.shardIterator(issued)));
    }

    @Test
    @Covers(operation = "DescribeStream", parameters = "StreamArn")
    @Covers(operation = "GetShardIterator", parameters = "StreamArn")
    void aStreamArnWithAPrefixOrOtherCaseIsInvalid() {
        String arn = streamOf("Notes");
        String shard = streamsAdminA.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        for (String odd : List.of("x" + arn, arn.replace("arn:aws:", "arn:AWS:"), arn.replace(":dynamodb:", ":dynamodbX:"),
                arn.replace("arn:aws:", "arn:aws-cn:"), arn.replace(":" + A + ":", "::"), arn + "/"))  {
            invalid("Invalid StreamArn", () -> streamsNobodyB.describeStream(b -> b.streamArn(odd)));
            invalid("Invalid StreamArn", () -> streamsAdminA.describeStream(b -> b.streamArn(odd)));
            invalid("Invalid StreamArn", () -> streamsNobodyB.getShardIterator(b -> b.streamArn(odd).shardId(shard)
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)));
        }
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::" + B + ":user/nobody is not authorized to perform: dynamodb:DescribeStream on resource: " + arn
                        + " because no identity-based policy allows the dynamodb:DescribeStream action",
                () -> streamsNobodyB.describeStream(b -> b.streamArn(arn)));
    }

    @Test
    @Covers(operation = "GetShardIterator", parameters = "StreamArn")
    void aUserConfinedByLeadingKeysDoesNotReadTheTablesHistory() {
        String arn = streamOf("Notes");
        String shard = streamsAdminA.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::" + A + ":user/carl is not authorized to perform: dynamodb:GetShardIterator on resource: " + arn
                        + " because no identity-based policy allows the dynamodb:GetShardIterator action",
                () -> streamsConfinedA.getShardIterator(b -> b.streamArn(arn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)));
        String issued = iteratorOf(streamsAdminA, arn);
        fails(DynamoDbException.class, "AccessDeniedException",
                "User: arn:aws:iam::" + A + ":user/carl is not authorized to perform: dynamodb:GetRecords on resource: " + arn
                        + " because no identity-based policy allows the dynamodb:GetRecords action",
                () -> streamsConfinedA.getRecords(b -> b.shardIterator(issued)));
    }

    // --- finding 2: odd ARNs against an explicit Deny ---

    static final List<String> ODD_SECRET_ARNS = List.of(
            "arn:aws:dynamodbX:us-east-1:" + A + ":table/Secret",
            "arn:AWS:DynamoDB:us-east-1:" + A + ":table/Secret",
            "arn:aws-cn:dynamodb:us-east-1:" + A + ":table/Secret",
            "arn:::us-east-1:" + A + ":table/Secret",
            "arn:aws:dynamodb:us-east-1::table/Secret",
            "arn:aws:dynamodb:us-east-1:" + A + ":TABLE/Secret",
            "arn:aws:dynamodb:US-EAST-1:" + A + ":table/Secret");

    @Test
    @Covers(operation = "Scan", parameters = "TableName")
    @Covers(operation = "PutItem", parameters = "TableName")
    void anIdentityDenyHoldsForEveryWayOfNamingTheTable() {
        fails(DynamoDbException.class, "AccessDeniedException", "User: arn:aws:iam::" + A + ":user/denied is not authorized to perform: "
                + "dynamodb:Scan on resource: " + SECRET + " with an explicit deny in an identity-based policy",
                () -> denyA.scan(b -> b.tableName(SECRET)));
        for (String odd : ODD_SECRET_ARNS) {
            refused(() -> denyA.scan(b -> b.tableName(odd)));
            refused(() -> denyA.putItem(b -> b.tableName(odd).item(item("owner", "alice", "note", "overwritten"))));
            refused(() -> denyA.getItem(b -> b.tableName(odd).key(item("owner", "alice"))));
            refused(() -> denyA.describeTable(b -> b.tableName(odd)));
            refused(() -> denyA.restoreTableToPointInTime(b -> b.sourceTableArn(odd).targetTableName("Copy").useLatestRestorableTime(true)));
            refused(() -> denyA.tagResource(b -> b.resourceArn(odd).tags(t -> t.key("k").value("v"))));
            refused(() -> denyA.listTagsOfResource(b -> b.resourceArn(odd)));
            refused(() -> denyA.executeStatement(b -> b.statement("SELECT * FROM \"" + odd + "\"")));
        }
        assertEquals("alice's Secret", adminA.getItem(b -> b.tableName("Secret").key(item("owner", "alice"))).item().get("note").s());
        assertFalse(adminA.listTables().tableNames().contains("Copy"));
    }

    @Test
    @Covers(operation = "Scan", parameters = "TableName")
    void oddArnsGetTheServicesValidationTexts() {
        invalid("1 validation error detected: Invalid AWS partition in 'arn:aws-cn:dynamodb:us-east-1:" + A + ":table/Secret'",
                () -> denyA.scan(b -> b.tableName("arn:aws-cn:dynamodb:us-east-1:" + A + ":table/Secret")));
        invalid("1 validation error detected: Invalid AWS region in 'arn:aws:dynamodb:US-EAST-1:" + A + ":table/Secret'",
                () -> denyA.scan(b -> b.tableName("arn:aws:dynamodb:US-EAST-1:" + A + ":table/Secret")));
        invalid("1 validation error detected: Invalid resource type in 'arn:aws:dynamodb:us-east-1:" + A + ":TABLE/Secret'",
                () -> denyA.scan(b -> b.tableName("arn:aws:dynamodb:us-east-1:" + A + ":TABLE/Secret")));
        String noAccount = "arn:aws:dynamodb:us-east-1::table/Secret";
        invalid("1 validation error detected: Value '" + noAccount + "' at 'tableName' failed to satisfy constraint: Valid ARN format is "
                + "'arn:<awsPartition>:<vendor>:<region>:<subscriber>:resourceType/resourceName', where Resource name must have "
                + "length less than or equal to 255, Resource name must have length greater than or equal to 3, Resource name "
                + "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+", () -> adminA.scan(b -> b.tableName(noAccount)));
    }

    @Test
    @Covers(operation = "Scan", parameters = "TableName")
    void aResourcePolicyDenyHoldsForEveryWayOfNamingTheTable() {
        String guarded = "arn:aws:dynamodb:us-east-1:" + A + ":table/Guarded";
        fails(DynamoDbException.class, "AccessDeniedException", "User: arn:aws:iam::" + A + ":user/rp is not authorized to perform: "
                + "dynamodb:Scan on resource: " + guarded + " with an explicit deny in a resource-based policy",
                () -> rpUser.scan(b -> b.tableName("Guarded")));
        for (String odd : ODD_SECRET_ARNS) {
            String named = odd.replace("Secret", "Guarded");
            refused(() -> rpUser.scan(b -> b.tableName(named)));
            refused(() -> rpUser.putItem(b -> b.tableName(named).item(item("owner", "alice", "note", "overwritten"))));
        }
        assertEquals("alice's Guarded", adminA.getItem(b -> b.tableName("Guarded").key(item("owner", "alice"))).item().get("note").s());
    }
}
