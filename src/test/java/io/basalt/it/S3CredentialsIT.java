package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/**
 * Issue #34.3 with --s3-endpoint: each job signs its S3 requests with the S3 credentials the auth
 * file gives the caller (its user's, else its account's, else the server's own), and sends
 * S3BucketOwner as S3's expected bucket owner. S3Mock accepts any signature, so a small proxy in
 * front of it plays S3's part: it records which key signed each request and refuses a bucket to
 * keys that do not own it, as S3 refuses another account's bucket.
 */
class S3CredentialsIT {
    static final String A = "111111111111";
    static final String B = "222222222222";
    static final String C = "333333333333";
    /** Which keys may use which bucket (S3's side of the ownership). */
    static final Map<String, Set<String>> BUCKET_KEYS = Map.of(
            "bucket-a", Set.of("S3KEY-A", "S3KEY-ETL"),
            "bucket-b", Set.of("S3KEY-B"),
            "shared", Set.of("SERVER-KEY"));

    record Seen(String key, String method, String path, String expectedOwner) {}

    static final List<Seen> seen = new CopyOnWriteArrayList<>();
    static S3Server s3server;
    static HttpServer proxy;
    static Path dir;
    static Basalt server;
    static DynamoDbClient alice, bob, carl, etl;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws Exception {
        s3server = S3Server.start("bucket-a", "bucket-b", "shared");
        proxy = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        proxy.createContext("/", S3CredentialsIT::forward);
        proxy.start();
        // the server's own credentials (the default chain): used for callers the auth file gives none
        System.setProperty("aws.accessKeyId", "SERVER-KEY");
        System.setProperty("aws.secretAccessKey", "server-secret");
        dir = Files.createTempDirectory("basalt-s3-credentials");
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(A, "a", new AuthFile.AccessKey("S3KEY-A", "a-s3-secret", null)),
                new AuthFile.Account(B, "b", new AuthFile.AccessKey("S3KEY-B", "b-s3-secret", null)), new AuthFile.Account(C, "c")), List.of(
                new AuthFile.User("alice", A, List.of(new AuthFile.AccessKey("AKIAALICE", "alice-secret", null)), List.of(), true),
                new AuthFile.User("etl", A, List.of(new AuthFile.AccessKey("AKIAETL", "etl-secret", null)), List.of(), true,
                        new AuthFile.AccessKey("S3KEY-ETL", "etl-s3-secret", null)),
                new AuthFile.User("bob", B, List.of(new AuthFile.AccessKey("AKIABOB", "bob-secret", null)), List.of(), true),
                new AuthFile.User("carl", C, List.of(new AuthFile.AccessKey("AKIACARL", "carl-secret", null)), List.of(), true)))
                .write(authFile);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withAuthFile(authFile)
                .withS3("http://127.0.0.1:" + proxy.getAddress().getPort(), "us-east-1"));
        alice = client("AKIAALICE", "alice-secret");
        etl = client("AKIAETL", "etl-secret");
        bob = client("AKIABOB", "bob-secret");
        carl = client("AKIACARL", "carl-secret");
        for (DynamoDbClient c : List.of(alice, bob, carl)) ExportRootFilesIT.pitrTable(c, "Tbl", "x");
    }

    @AfterAll
    static void stop() throws Exception {
        for (DynamoDbClient c : new DynamoDbClient[] {alice, etl, bob, carl}) if (c != null) c.close();
        if (server != null) server.close();
        if (proxy != null) proxy.stop(0);
        if (s3server != null) s3server.close();
        if (dir != null) ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    /** S3's part: refuses a bucket to a key that may not use it (403 AccessDenied), else forwards to S3Mock. */
    static void forward(HttpExchange ex) throws IOException {
        try (ex) {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            String key = auth == null ? null : auth.replaceFirst(".*Credential=([^/]+)/.*", "$1");
            String path = ex.getRequestURI().getRawPath();
            String bucket = path.split("/").length > 1 ? path.split("/")[1] : "";
            seen.add(new Seen(key, ex.getRequestMethod(), path, ex.getRequestHeaders().getFirst("x-amz-expected-bucket-owner")));
            byte[] body = ex.getRequestBody().readAllBytes();
            if (!BUCKET_KEYS.getOrDefault(bucket, Set.of()).contains(key)) {
                byte[] error = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message>"
                        + "<RequestId>PROXY0000000000A</RequestId><HostId>cHJveHk=</HostId></Error>").getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", "application/xml");
                ex.getResponseHeaders().add("x-amz-request-id", "PROXY0000000000A");
                boolean head = ex.getRequestMethod().equals("HEAD");
                ex.sendResponseHeaders(403, head ? -1 : error.length);
                if (!head) ex.getResponseBody().write(error);
                return;
            }
            HttpURLConnection c = (HttpURLConnection) URI.create(s3server.endpoint + ex.getRequestURI()).toURL().openConnection();
            c.setRequestMethod(ex.getRequestMethod());
            ex.getRequestHeaders().forEach((name, values) -> {
                if (Set.of("host", "content-length", "connection", "transfer-encoding", "expect").contains(name.toLowerCase())) return;
                for (String v : values) c.addRequestProperty(name, v);
            });
            if (body.length > 0 || Set.of("PUT", "POST").contains(ex.getRequestMethod())) {
                c.setDoOutput(true);
                c.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body);
                }
            }
            int code = c.getResponseCode();
            InputStream in = code >= 400 ? c.getErrorStream() : c.getInputStream();
            byte[] response = in == null ? new byte[0] : in.readAllBytes();
            c.getHeaderFields().forEach((name, values) -> {
                if (name == null || Set.of("content-length", "transfer-encoding", "connection").contains(name.toLowerCase())) return;
                ex.getResponseHeaders().put(name, values);
            });
            boolean noBody = ex.getRequestMethod().equals("HEAD") || response.length == 0;
            ex.sendResponseHeaders(code, noBody ? -1 : response.length);
            if (!noBody) ex.getResponseBody().write(response);
        }
    }

    static ExportDescription export(DynamoDbClient c, String account, String bucket, String prefix, String owner) throws Exception {
        ExportDescription d = c.exportTableToPointInTime(b -> b.tableArn("arn:aws:dynamodb:us-east-1:" + account + ":table/Tbl")
                .s3Bucket(bucket).s3Prefix(prefix).s3BucketOwner(owner)).exportDescription();
        return TransferWaits.export(c, d.exportArn());
    }

    /** The keys that signed the requests under {@code bucket/prefix}. */
    static Set<String> keysFor(String bucket, String prefix) {
        return Set.copyOf(seen.stream().filter(s -> s.path().startsWith("/" + bucket + "/" + prefix)).map(Seen::key).toList());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket", "S3Prefix"})
    void eachCallerSignsWithItsOwnS3Credentials() throws Exception {
        ExportDescription a = export(alice, A, "bucket-a", "by-alice", null);
        assertEquals("COMPLETED", a.exportStatusAsString(), String.valueOf(a.failureMessage()));
        assertEquals(Set.of("S3KEY-A"), keysFor("bucket-a", "by-alice"), "the account's credentials");
        ExportDescription e = export(etl, A, "bucket-a", "by-etl", null);
        assertEquals("COMPLETED", e.exportStatusAsString(), String.valueOf(e.failureMessage()));
        assertEquals(Set.of("S3KEY-ETL"), keysFor("bucket-a", "by-etl"), "a user's own credentials win over its account's");
        ExportDescription c = export(carl, C, "shared", "by-carl", null);
        assertEquals("COMPLETED", c.exportStatusAsString(), String.valueOf(c.failureMessage()));
        assertEquals(Set.of("SERVER-KEY"), keysFor("shared", "by-carl"), "an account without credentials: the server's own");
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3Bucket"})
    @Covers(operation = "ImportTable", parameters = {"S3BucketSource"})
    void anotherAccountsBucketIsRefusedByS3NotServedWithTheServersCredentials() throws Exception {
        ExportDescription mine = export(alice, A, "bucket-a", "secret", null);
        assertEquals("COMPLETED", mine.exportStatusAsString());
        String id = mine.exportArn().substring(mine.exportArn().lastIndexOf('/') + 1);

        ExportDescription planted = export(bob, B, "bucket-a", "planted", null);
        assertEquals("FAILED", planted.exportStatusAsString());
        assertEquals("S3AccessDenied", planted.failureCode());
        assertTrue(planted.failureMessage().startsWith("Access Denied (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied; "
                + "Request ID: PROXY0000000000A;"), planted.failureMessage());
        assertFalse(seen.stream().anyMatch(s -> s.path().startsWith("/bucket-a/planted") && !"S3KEY-B".equals(s.key())));

        ImportTableDescription stolen = bob.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("bucket-a")
                        .s3KeyPrefix("secret/AWSDynamoDB/" + id + "/data/")).inputFormat("DYNAMODB_JSON").inputCompressionType("GZIP")
                .tableCreationParameters(t -> t.tableName("Stolen").billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH")))).importTableDescription();
        ImportTableDescription done = TransferWaits.importDone(bob, stolen.importArn());
        assertEquals("FAILED", done.importStatusAsString());
        assertEquals("S3AccessDenied", done.failureCode());
        assertTrue(done.failureMessage().startsWith("Access Denied (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied;"),
                done.failureMessage());
    }

    @Test
    @Covers(operation = "ExportTableToPointInTime", parameters = {"S3BucketOwner"})
    void s3BucketOwnerIsSentAsTheExpectedBucketOwner() throws Exception {
        ExportDescription d = export(alice, A, "bucket-a", "owned", A);
        assertEquals("COMPLETED", d.exportStatusAsString(), String.valueOf(d.failureMessage()));
        List<Seen> requests = seen.stream().filter(s -> s.path().startsWith("/bucket-a/owned")).toList();
        assertFalse(requests.isEmpty());
        for (Seen s : requests) assertEquals(A, s.expectedOwner(), s.toString());
    }
}
