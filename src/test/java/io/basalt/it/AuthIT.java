package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import io.basalt.server.auth.AuthFile;
import io.basalt.server.auth.AuthMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Verified signatures (--auth-file): the service's errors for unknown keys, wrong secrets, skewed
 * clocks and missing session tokens, through the real AWS SDK for Java v2 and boto3; pre-signed
 * query strings; the auth file picked up again while the server runs; the refusal to listen on a
 * network address without credentials.
 */
class AuthIT {
    static final String ACCOUNT_A = "111111111111";
    static final String ACCOUNT_B = "222222222222";
    static final String MISMATCH = "The request signature we calculated does not match the signature you provided. "
            + "Check your AWS Secret Access Key and signing method. Consult the service documentation for details.";
    static final String UNRECOGNIZED = "The security token included in the request is invalid.";

    static Path dir;
    static Path authFile;
    static ManualClock clock = new ManualClock();
    static Basalt server;

    @BeforeAll
    static void start() throws IOException {
        dir = Files.createTempDirectory("basalt-auth");
        authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(ACCOUNT_A, "a"), new AuthFile.Account(ACCOUNT_B, "b")), List.of(
                new AuthFile.User("alice", ACCOUNT_A, List.of(new AuthFile.AccessKey("AKIAALICE", "alice-secret", null)), List.of(), true),
                new AuthFile.User("bob", ACCOUNT_B, List.of(new AuthFile.AccessKey("AKIABOB", "bob-secret", null)), List.of(), true),
                new AuthFile.User("carol", ACCOUNT_A, List.of(new AuthFile.AccessKey("ASIACAROL", "carol-secret", "carol-token")),
                        List.of(), true))).write(authFile);
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(authFile).withClock(clock));
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(AwsCredentials credentials) {
        return DynamoDbClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(credentials))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30)).build())
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    static DynamoDbClient client(String keyId, String secret) {
        return client(AwsBasicCredentials.create(keyId, secret));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = "TableName")
    void aKnownKeyIsServedAndItsAccountIsInTheArns() {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret")) {
            Sdk.createHashTable(alice, "AuthOk");
            alice.putItem(b -> b.tableName("AuthOk").item(Sdk.item("pk", "1", "v", "x")));
            assertEquals("x", alice.getItem(b -> b.tableName("AuthOk").key(Sdk.item("pk", "1"))).item().get("v").s());
            String arn = alice.describeTable(b -> b.tableName("AuthOk")).table().tableArn();
            assertEquals("arn:aws:dynamodb:us-east-1:" + ACCOUNT_A + ":table/AuthOk", arn);
        }
    }

    @Test
    void anUnknownKeyIsUnrecognized() {
        try (DynamoDbClient stranger = client("AKIASTRANGER", "whatever")) {
            fails(DynamoDbException.class, "UnrecognizedClientException", UNRECOGNIZED, stranger::listTables);
        }
    }

    @Test
    void aWrongSecretIsAnInvalidSignature() {
        try (DynamoDbClient wrong = client("AKIAALICE", "not-alices-secret")) {
            fails(DynamoDbException.class, "InvalidSignatureException", MISMATCH, wrong::listTables);
        }
    }

    @Test
    void temporaryCredentialsNeedTheirSessionToken() {
        try (DynamoDbClient carol = client(AwsSessionCredentials.create("ASIACAROL", "carol-secret", "carol-token"))) {
            carol.listTables();
        }
        try (DynamoDbClient noToken = client("ASIACAROL", "carol-secret")) {
            fails(DynamoDbException.class, "UnrecognizedClientException", UNRECOGNIZED, noToken::listTables);
        }
        try (DynamoDbClient wrongToken = client(AwsSessionCredentials.create("ASIACAROL", "carol-secret", "other"))) {
            fails(DynamoDbException.class, "UnrecognizedClientException", UNRECOGNIZED, wrongToken::listTables);
        }
        try (DynamoDbClient tokenForLongTermKey = client(AwsSessionCredentials.create("AKIAALICE", "alice-secret", "x"))) {
            fails(DynamoDbException.class, "UnrecognizedClientException", UNRECOGNIZED, tokenForLongTermKey::listTables);
        }
    }

    @Test
    void aClockMoreThanFifteenMinutesOffIsRefusedInTheServicesWords() {
        try (DynamoDbClient alice = client("AKIAALICE", "alice-secret")) {
            synchronized (AuthIT.class) {
                clock.advanceMillis(16 * 60_000L); // the server is 16 minutes ahead: the request is too old
                try {
                    DynamoDbException e = assertThrows(DynamoDbException.class, alice::listTables);
                    assertEquals("InvalidSignatureException", e.awsErrorDetails().errorCode());
                    assertTrue(Pattern.matches("Signature expired: \\d{8}T\\d{6}Z is now earlier than \\d{8}T\\d{6}Z "
                            + "\\(\\d{8}T\\d{6}Z - 15 min\\.\\)", e.awsErrorDetails().errorMessage()), e.awsErrorDetails().errorMessage());
                    clock.advanceMillis(-32 * 60_000L); // 16 minutes behind: the request is from the future
                    e = assertThrows(DynamoDbException.class, alice::listTables);
                    assertEquals("InvalidSignatureException", e.awsErrorDetails().errorCode());
                    assertTrue(Pattern.matches("Signature not yet current: \\d{8}T\\d{6}Z is still later than \\d{8}T\\d{6}Z "
                            + "\\(\\d{8}T\\d{6}Z \\+ 15 min\\.\\)", e.awsErrorDetails().errorMessage()), e.awsErrorDetails().errorMessage());
                } finally {
                    clock.advanceMillis(16 * 60_000L);
                }
                alice.listTables(); // back in time: served again
            }
        }
    }

    @Test
    void noSignatureAtAllIsAMissingToken() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint())
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("MissingAuthenticationTokenException"), r.body());
    }

    /** A request signed by the SDK's own signer, sent as is (or with its body changed afterwards). */
    private static HttpResponse<String> sendSigned(boolean inQuery, String body, String sentBody) throws Exception {
        URI endpoint = server.endpoint();
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(endpoint.resolve("/"))
                .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .build();
        AwsCredentialsIdentity identity = AwsCredentialsIdentity.create("AKIAALICE", "alice-secret");
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> {
            r.identity(identity).request(request)
                    .payload(ContentStreamProvider.fromUtf8String(body))
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                    .putProperty(AwsV4HttpSigner.REGION_NAME, "eu-west-1");
            if (inQuery) {
                r.putProperty(AwsV4HttpSigner.AUTH_LOCATION, AwsV4FamilyHttpSigner.AuthLocation.QUERY_STRING)
                        .putProperty(AwsV4HttpSigner.EXPIRATION_DURATION, Duration.ofMinutes(5));
            }
        });
        HttpRequest.Builder b = HttpRequest.newBuilder(signed.request().getUri());
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            String name = h.getKey();
            if (name.equalsIgnoreCase("host") || name.equalsIgnoreCase("content-length")) continue;
            for (String v : h.getValue()) b.header(name, v);
        }
        return HttpClient.newHttpClient().send(b.POST(HttpRequest.BodyPublishers.ofString(sentBody)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void preSignedQueryStringsAreVerified() throws Exception {
        HttpResponse<String> ok = sendSigned(true, "{}", "{}");
        assertEquals(200, ok.statusCode(), ok.body());
        assertTrue(ok.body().contains("TableNames"), ok.body());
    }

    @Test
    void aBodyChangedAfterSigningIsRefused() throws Exception {
        HttpResponse<String> ok = sendSigned(false, "{}", "{}");
        assertEquals(200, ok.statusCode(), ok.body());
        HttpResponse<String> changed = sendSigned(false, "{}", "{\"Limit\":1}");
        assertEquals(400, changed.statusCode());
        assertTrue(changed.body().contains("InvalidSignatureException") && changed.body().contains(MISMATCH), changed.body());
    }

    @Test
    void aUserAddedToTheFileIsServedWithoutARestart() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = io.basalt.cli.AuthCommandAccess.run(List.of("add-user", "dave", "--account", ACCOUNT_B,
                "--access-key-id", "AKIADAVE", "--secret-access-key", "dave-secret", "--auth-file", authFile.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        assertEquals("{\"accessKeyId\":\"AKIADAVE\",\"secretAccessKey\":\"dave-secret\"}", out.toString(StandardCharsets.UTF_8).trim());
        try (DynamoDbClient dave = client("AKIADAVE", "dave-secret")) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (true) {
                try {
                    dave.listTables();
                    break;
                } catch (DynamoDbException notYet) {
                    assertEquals("UnrecognizedClientException", notYet.awsErrorDetails().errorCode());
                    if (System.nanoTime() > deadline) throw notYet;
                    Thread.sleep(100); // the server looks at the file once a second
                }
            }
        }
    }

    @Test
    void boto3GetsTheSameAnswersAlsoForASkewedClock() throws Exception {
        String script = """
                import boto3, botocore, sys
                def client(key, secret):
                    return boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1",
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=botocore.config.Config(retries={"max_attempts": 0}))
                client("AKIAALICE", "alice-secret").list_tables()
                for key, secret, code in [("AKIAALICE", "wrong", "InvalidSignatureException"),
                                          ("AKIANOBODY", "x", "UnrecognizedClientException")]:
                    try:
                        client(key, secret).list_tables()
                        print("accepted", key); sys.exit(1)
                    except botocore.exceptions.ClientError as e:
                        print(e.response["Error"]["Code"] + "|" + e.response["Error"]["Message"])
                # a client clock 20 minutes behind, then 20 minutes ahead of the server's
                import botocore.auth, datetime
                real_now = botocore.auth.get_current_datetime
                for minutes in (-20, 20):
                    botocore.auth.get_current_datetime = lambda m=minutes: real_now() + datetime.timedelta(minutes=m)
                    try:
                        client("AKIAALICE", "alice-secret").list_tables()
                        print("accepted skew", minutes); sys.exit(1)
                    except botocore.exceptions.ClientError as e:
                        print(e.response["Error"]["Code"] + "|" + e.response["Error"]["Message"])
                botocore.auth.get_current_datetime = real_now
                client("AKIAALICE", "alice-secret").list_tables()
                """;
        Path py = dir.resolve("auth_check.py");
        Files.writeString(py, script);
        Process p = new ProcessBuilder("python3", py.toString(), server.endpoint().toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        List<String> lines = output.lines().toList();
        assertEquals(List.of("InvalidSignatureException|" + MISMATCH, "UnrecognizedClientException|" + UNRECOGNIZED),
                lines.subList(0, 2), output);
        assertTrue(Pattern.matches("InvalidSignatureException\\|Signature expired: \\d{8}T\\d{6}Z is now earlier than \\d{8}T\\d{6}Z "
                + "\\(\\d{8}T\\d{6}Z - 15 min\\.\\)", lines.get(2)), output);
        assertTrue(Pattern.matches("InvalidSignatureException\\|Signature not yet current: \\d{8}T\\d{6}Z is still later than "
                + "\\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z \\+ 15 min\\.\\)", lines.get(3)), output);
        assertEquals(4, lines.size(), output);
    }

    @Test
    void theAccessLogSaysWhoDidWhatToWhichTable() throws Exception {
        Path log = dir.resolve("access.jsonl");
        try (Basalt logged = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(authFile)
                .toBuilder().accessLog(log).build())) {
            URI endpoint = logged.endpoint();
            try (DynamoDbClient alice = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.EU_WEST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIAALICE", "alice-secret")))
                    .httpClient(UrlConnectionHttpClient.builder().build())
                    .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1))).build();
                 DynamoDbClient stranger = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.EU_WEST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIANOBODY", "x")))
                    .httpClient(UrlConnectionHttpClient.builder().build())
                    .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1))).build()) {
                Sdk.createHashTable(alice, "Logged");
                alice.putItem(b -> b.tableName("Logged").item(Sdk.item("pk", "1")));
                assertThrows(DynamoDbException.class, () -> stranger.getItem(b -> b.tableName("Logged").key(Sdk.item("pk", "1"))));
            }
        }
        List<String> lines = Files.readAllLines(log);
        assertEquals(3, lines.size(), String.join("\n", lines));
        String table = "arn:aws:dynamodb:eu-west-1:" + ACCOUNT_A + ":table/Logged";
        assertTrue(lines.get(1).contains("\"principal\":\"arn:aws:iam::" + ACCOUNT_A + ":user/alice\"")
                && lines.get(1).contains("\"operation\":\"PutItem\"")
                && lines.get(1).contains("{\"action\":\"dynamodb:PutItem\",\"resource\":\"" + table + "\"}")
                && lines.get(1).contains("\"status\":200"), lines.get(1));
        String refused = lines.get(2);
        assertTrue(refused.contains("\"operation\":\"GetItem\"") && refused.contains("\"status\":400")
                && refused.contains("\"errorType\":\"UnrecognizedClientException\"") && !refused.contains("principal"), refused);
        for (String line : lines) assertTrue(!line.contains("secret"), "no secret in the log: " + line);
    }

    @Test
    void aNetworkAddressWithoutCredentialsIsRefusedUnlessSaidExplicitly() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Basalt.start(BasaltConfig.inMemoryOnFreePort().withHost("0.0.0.0")));
        assertTrue(e.getMessage().startsWith("Refusing to listen on 0.0.0.0 without credentials"), e.getMessage());
        try (Basalt open = Basalt.start(BasaltConfig.inMemoryOnFreePort().withHost("0.0.0.0").withAuthMode(AuthMode.NONE_I_KNOW));
             DynamoDbClient any = client("ANYKEY", "any")) {
            assertTrue(open.port() > 0);
        }
        try (Basalt verified = Basalt.start(BasaltConfig.inMemoryOnFreePort().withHost("0.0.0.0").withAuthFile(authFile))) {
            assertTrue(verified.port() > 0);
        }
    }
}
