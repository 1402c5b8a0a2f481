package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * With verified signatures every account has its own tables, as in the service: two accounts may
 * each own a table of the same name, each sees, reads, changes and deletes only its own, ARNs carry
 * the owner's account, and the separation survives a restart of the on-disk store.
 */
class AccountNamespacesIT {
    static final String ACCOUNT_A = "111111111111";
    static final String ACCOUNT_B = "222222222222";

    Path dir;
    Path authFile;
    BasaltConfig config;
    Basalt server;

    @BeforeEach
    void start() throws IOException {
        dir = Files.createTempDirectory("basalt-accounts");
        authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(ACCOUNT_A, "a"), new AuthFile.Account(ACCOUNT_B, "b")), List.of(
                new AuthFile.User("alice", ACCOUNT_A, List.of(new AuthFile.AccessKey("AKIAALICE", "alice-secret", null)), List.of(), true),
                new AuthFile.User("bob", ACCOUNT_B, List.of(new AuthFile.AccessKey("AKIABOB", "bob-secret", null)), List.of(), true)))
                .write(authFile);
        config = ServerTestBase.restartable(getClass(), dir.resolve("data")).withAuthFile(authFile);
        server = Basalt.start(config);
    }

    @AfterEach
    void stop() throws IOException {
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    DynamoDbClient client(String keyId, String secret) {
        return DynamoDbClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    DynamoDbStreamsClient streams(String keyId, String secret) {
        return DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .httpClient(UrlConnectionHttpClient.builder().build()).build();
    }

    @Test
    @Covers(operation = "ListTables", parameters = "")
    void twoAccountsOwnTablesOfTheSameNameSeparately() throws IOException {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret"); DynamoDbClient bob = client("AKIABOB", "bob-secret")) {
            Sdk.createHashTable(alice, "Orders");
            Sdk.createHashTable(alice, "OnlyAlice");
            Sdk.createHashTable(bob, "Orders");
            alice.putItem(b -> b.tableName("Orders").item(Sdk.item("pk", "1", "owner", "alice")));
            bob.putItem(b -> b.tableName("Orders").item(Sdk.item("pk", "1", "owner", "bob")));

            assertEquals(List.of("OnlyAlice", "Orders"), alice.listTables().tableNames());
            assertEquals(List.of("Orders"), bob.listTables().tableNames());
            assertEquals("alice", alice.getItem(b -> b.tableName("Orders").key(Sdk.item("pk", "1"))).item().get("owner").s());
            assertEquals("bob", bob.getItem(b -> b.tableName("Orders").key(Sdk.item("pk", "1"))).item().get("owner").s());
            assertEquals(1, bob.scan(b -> b.tableName("Orders")).count());
            assertEquals("arn:aws:dynamodb:us-east-1:" + ACCOUNT_B + ":table/Orders",
                    bob.describeTable(b -> b.tableName("Orders")).table().tableArn());
            fails(DynamoDbException.class, "ResourceNotFoundException",
                    "Requested resource not found: Table: OnlyAlice not found", () -> bob.describeTable(b -> b.tableName("OnlyAlice")));
            fails(DynamoDbException.class, "ResourceNotFoundException", "Requested resource not found",
                    () -> bob.getItem(b -> b.tableName("OnlyAlice").key(Sdk.item("pk", "1"))));

            // deleting bob's table leaves alice's in place
            bob.deleteTable(b -> b.tableName("Orders"));
            assertEquals(List.of(), bob.listTables().tableNames());
            assertEquals("alice", alice.getItem(b -> b.tableName("Orders").key(Sdk.item("pk", "1"))).item().get("owner").s());
        }
        // the separation is stored: after a restart each account finds what it had
        server.close();
        server = Basalt.start(config);
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret"); DynamoDbClient bob = client("AKIABOB", "bob-secret")) {
            assertEquals(List.of("OnlyAlice", "Orders"), alice.listTables().tableNames());
            assertEquals(List.of(), bob.listTables().tableNames());
            Sdk.createHashTable(bob, "Orders");
            assertNull(bob.getItem(b -> b.tableName("Orders").key(Sdk.item("pk", "1"))).item().get("owner"));
            assertEquals("alice", alice.getItem(b -> b.tableName("Orders").key(Sdk.item("pk", "1"))).item().get("owner").s());
        }
    }

    @Test
    @Covers(operation = "ListStreams", parameters = "")
    void streamsBelongToTheirAccount() {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret"); DynamoDbClient bob = client("AKIABOB", "bob-secret");
             DynamoDbStreamsClient aliceStreams = streams("AKIAALICE", "alice-secret");
             DynamoDbStreamsClient bobStreams = streams("AKIABOB", "bob-secret")) {
            StreamSpecification spec = StreamSpecification.builder().streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE).build();
            alice.createTable(b -> b.tableName("Feed").billingMode(BillingMode.PAY_PER_REQUEST).streamSpecification(spec)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
            String arn = alice.describeTable(b -> b.tableName("Feed")).table().latestStreamArn();
            assertTrue(arn.startsWith("arn:aws:dynamodb:us-east-1:" + ACCOUNT_A + ":table/Feed/stream/"), arn);
            assertEquals(1, aliceStreams.listStreams(b -> b.build()).streams().size());
            assertTrue(bobStreams.listStreams(b -> b.build()).streams().isEmpty());
            assertFalse(aliceStreams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().isEmpty());
        }
    }

    @Test
    @Covers(operation = "TagResource", parameters = "ResourceArn")
    void tagsOnAnotherAccountsTableAreRefused() {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret"); DynamoDbClient bob = client("AKIABOB", "bob-secret")) {
            Sdk.createHashTable(alice, "Tagged");
            String arn = alice.describeTable(b -> b.tableName("Tagged")).table().tableArn();
            DynamoDbException e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class,
                    () -> bob.listTagsOfResource(b -> b.resourceArn(arn)));
            assertEquals("AccessDeniedException", e.awsErrorDetails().errorCode());
        }
    }

    @Test
    @Covers(operation = "GetItem", parameters = "TableName")
    @Covers(operation = "DescribeTable", parameters = "TableName")
    void anotherAccountsTableIsReachedByArnOnlyWhereItsResourcePolicyAllows() {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret"); DynamoDbClient bob = client("AKIABOB", "bob-secret")) {
            Sdk.createHashTable(bob, "Shared");
            bob.putItem(b -> b.tableName("Shared").item(Sdk.item("pk", "1", "owner", "bob")));
            String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT_B + ":table/Shared";
            fails(DynamoDbException.class, "AccessDeniedException", "User: arn:aws:iam::" + ACCOUNT_A + ":user/alice is not authorized"
                    + " to perform: dynamodb:GetItem on resource: " + arn + " because no resource-based policy allows the dynamodb:GetItem action",
                    () -> alice.getItem(b -> b.tableName(arn).key(Sdk.item("pk", "1"))));
            bob.putResourcePolicy(b -> b.resourceArn(arn).policy("{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
                    + "\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT_A + ":user/alice\"},\"Action\":[\"dynamodb:GetItem\","
                    + "\"dynamodb:DescribeTable\"],\"Resource\":\"" + arn + "\"}]}"));
            assertEquals("bob", alice.getItem(b -> b.tableName(arn).key(Sdk.item("pk", "1"))).item().get("owner").s());
            // the description of another account's table carries the owner's account in its ARNs
            assertEquals(arn, alice.describeTable(b -> b.tableName(arn)).table().tableArn());
            // the name alone still means alice's own account, where there is no such table
            fails(DynamoDbException.class, "ResourceNotFoundException", "Requested resource not found",
                    () -> alice.getItem(b -> b.tableName("Shared").key(Sdk.item("pk", "1"))));
            fails(DynamoDbException.class, "AccessDeniedException", "User: arn:aws:iam::" + ACCOUNT_A + ":user/alice is not authorized"
                    + " to perform: dynamodb:PutItem on resource: " + arn + " because no resource-based policy allows the dynamodb:PutItem action",
                    () -> alice.putItem(b -> b.tableName(arn).item(Sdk.item("pk", "2"))));
        }
    }
}
