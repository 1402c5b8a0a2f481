package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.HttpSettings;
import io.basalt.server.auth.AdminTokens;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Attacks on the admin port (issue #34 findings 4 and 5): a flood of unfinished requests must not
 * take descriptors or the API with it, and the port recovers; it binds loopback whatever --host
 * says; with an auth file /tables, /metrics and /partitions answer only signed or token-bearing
 * callers, each seeing the tables it may describe.
 */
class AdminPortIT {
    static final String A = "111122223333";
    static final String B = "444455556666";
    static final String READER_POLICY = """
            {"Version": "2012-10-17", "Statement": [
              {"Effect": "Allow", "Action": "dynamodb:DescribeTable", "Resource": "arn:aws:dynamodb:*:*:table/Books"}]}""";
    static Path dir;
    static Path authFile;
    static Basalt server;
    static DynamoDbClient ops;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() throws IOException {
        dir = Files.createTempDirectory("basalt-admin");
        authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(A, "a"), new AuthFile.Account(B, "b")), List.of(
                new AuthFile.User("ops", A, List.of(new AuthFile.AccessKey("AKIAOPS", "ops-secret", null)), List.of(), true),
                new AuthFile.User("reader", A, List.of(new AuthFile.AccessKey("AKIAREADER", "reader-secret", null)), List.of(READER_POLICY)),
                new AuthFile.User("other", B, List.of(new AuthFile.AccessKey("AKIAOTHER", "other-secret", null)), List.of(), true)))
                .write(authFile);
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(authFile).withAdminPort(0)
                .withHttp(HttpSettings.defaults().withDeadlines(1000, 1000)));
        ops = client("AKIAOPS", "ops-secret");
        try (DynamoDbClient other = client("AKIAOTHER", "other-secret")) {
            for (String t : new String[] {"Books", "Notes"}) create(ops, t);
            create(other, "Secret");
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (ops != null) ops.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static void create(DynamoDbClient c, String table) {
        c.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    static String token(String keyId, String secret) {
        return AdminTokens.issue(keyId, secret, System.currentTimeMillis() / 1000 + 3600);
    }

    static HttpResponse<String> get(String path, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.adminPort() + path)).GET();
        if (authorization != null) b.header("Authorization", authorization);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    // ---- finding 5: credentials and scope ----

    @Test
    void withAnAuthFileTheViewsNeedCredentials() throws Exception {
        for (String path : new String[] {"/tables", "/metrics", "/partitions/" + A + "/Books"}) {
            HttpResponse<String> r = get(path, null);
            assertEquals(401, r.statusCode(), path);
            assertEquals("Unauthorized: this server has an auth file; sign the request (SigV4, service dynamodb) "
                    + "or send Authorization: Bearer TOKEN (basalt auth admin-token).\n", r.body());
            assertEquals("Bearer realm=\"basalt-admin\"", r.headers().firstValue("WWW-Authenticate").orElse(null));
            String forged = "Bearer " + AdminTokens.issue("AKIAOPS", "not-the-secret", System.currentTimeMillis() / 1000 + 60);
            String expired = "Bearer " + AdminTokens.issue("AKIAOPS", "ops-secret", System.currentTimeMillis() / 1000 - 60);
            for (String auth : new String[] {forged, expired, "Bearer nonsense"}) {
                r = get(path, auth);
                assertEquals(403, r.statusCode(), path + " " + auth);
                assertEquals("Forbidden: the bearer token is not valid (expired, forged, or its key is gone).\n", r.body());
            }
            assertFalse(r.body().contains("Books"));
        }
        // the console's files carry no data: served without credentials (its API calls are signed)
        assertEquals(200, get("/console/", null).statusCode());
    }

    @Test
    void eachCallerSeesTheTablesItMayDescribe() throws Exception {
        assertEquals("[\"" + A + "/Books\",\"" + A + "/Notes\"]", sorted(get("/tables", "Bearer " + token("AKIAOPS", "ops-secret")).body()));
        assertEquals("[\"" + A + "/Books\"]", get("/tables", "Bearer " + token("AKIAREADER", "reader-secret")).body());
        assertEquals("[\"" + B + "/Secret\"]", get("/tables", "Bearer " + token("AKIAOTHER", "other-secret")).body());

        String metrics = get("/metrics", "Bearer " + token("AKIAREADER", "reader-secret")).body();
        assertTrue(metrics.contains("basalt_table_item_count{table=\"" + A + "/Books\"}"), metrics);
        assertFalse(metrics.contains("Notes"), metrics);
        assertFalse(metrics.contains("Secret"), metrics);
        ops.putItem(b -> b.tableName("Notes").item(Map.of("pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("n1"))));
        String others = get("/metrics", "Bearer " + token("AKIAOTHER", "other-secret")).body();
        assertTrue(others.contains("basalt_table_item_count{table=\"" + B + "/Secret\"} 0"), others);
        assertFalse(others.contains("Books") || others.contains("Notes"), others); // nor the capacity series of Notes
        String mine = get("/metrics", "Bearer " + token("AKIAOPS", "ops-secret")).body();
        assertTrue(mine.contains("basalt_consumed_write_units_total{table=\"Notes\",index=\"\"} 1"), mine);
    }

    @Test
    void partitionsNameKeyValuesAndAnswerOnlyToWhoMayScan() throws Exception {
        String books = "/partitions/" + A + "/Books";
        HttpResponse<String> r = get(books, "Bearer " + token("AKIAOPS", "ops-secret"));
        assertEquals(200, r.statusCode(), r.body());
        r = get(books, "Bearer " + token("AKIAREADER", "reader-secret"));
        assertEquals(403, r.statusCode());
        assertEquals("{\"error\":\"not allowed: the partition report names key values, which needs dynamodb:Scan on " + A + "/Books\"}", r.body());
        // a table the caller may not describe is not there for it
        r = get("/partitions/" + A + "/Notes", "Bearer " + token("AKIAREADER", "reader-secret"));
        assertEquals(404, r.statusCode());
        assertEquals("{\"error\":\"table not found: " + A + "/Notes\"}", r.body());
        r = get(books, "Bearer " + token("AKIAOTHER", "other-secret"));
        assertEquals(404, r.statusCode());
    }

    @Test
    void aSigV4SignedRequestIsACallerToo() throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.adminPort() + "/tables");
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.GET).uri(uri).build();
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r.identity(AwsCredentialsIdentity.create("AKIAREADER", "reader-secret"))
                .request(request)
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            if (h.getKey().equalsIgnoreCase("host")) continue;
            for (String v : h.getValue()) b.header(h.getKey(), v);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("[\"" + A + "/Books\"]", r.body());
        // the same signature with the wrong secret
        SignedRequest wrong = AwsV4HttpSigner.create().sign(s -> s.identity(AwsCredentialsIdentity.create("AKIAREADER", "guess"))
                .request(request)
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
        b = HttpRequest.newBuilder(uri).GET();
        for (Map.Entry<String, List<String>> h : wrong.request().headers().entrySet()) {
            if (h.getKey().equalsIgnoreCase("host")) continue;
            for (String v : h.getValue()) b.header(h.getKey(), v);
        }
        r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, r.statusCode());
        assertTrue(r.body().startsWith("Forbidden: The request signature we calculated does not match"), r.body());
    }

    @Test
    void aRebindingHostIsRefusedOnTheAdminPortToo() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.adminPort())) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(("GET /console/ HTTP/1.1\r\nHost: evil.example:" + server.adminPort() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
        }
    }

    // ---- finding 4: bounds, bind address ----

    @Test
    void aFloodOfUnfinishedRequestsNeitherStopsTheApiNorOutlastsTheDeadline() throws Exception {
        List<Socket> flood = new ArrayList<>();
        long before = serverSideConnections();
        try {
            for (int i = 0; i < 1000; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", server.adminPort()), 2000);
                s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
                flood.add(s);
            }
            ops.listTables(); // the API answers meanwhile
            // the server's side holds few of them: those beyond the limits (64, 16 per address) are
            // closed at once. Counted from the kernel's table of connections on the admin port (the
            // server's ends still open), not from this JVM's descriptors, which other tests' leftovers move
            long held = serverSideConnections() - before;
            assertTrue(held < 100, "descriptors the server holds for the flood: " + held);
            // every one of them is closed by the server (the ones beyond the limits at once, the
            // others at the header deadline): none holds a descriptor for long
            long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos();
            int closed = 0;
            for (Socket s : flood) {
                s.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                if (endsWithin(s.getInputStream())) closed++;
            }
            assertEquals(1000, closed, "connections the server closed within 8 s");
            ops.listTables();
        } finally {
            for (Socket s : flood) s.close();
        }
        // and the admin port serves again
        assertEquals(200, get("/tables", "Bearer " + token("AKIAOPS", "ops-secret")).statusCode());
    }

    @Test
    void requestsAreBoundedInSize() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.adminPort() + "/tables"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[100 * 1024])).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(413, r.statusCode());
        String bigHeader = "GET /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + "a".repeat(17 * 1024) + "\r\n\r\n";
        try (Socket s = new Socket("127.0.0.1", server.adminPort())) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(bigHeader.getBytes(StandardCharsets.US_ASCII));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        }
    }

    /**
     * Connections whose local end is the admin port and that the server has not closed (ESTABLISHED
     * or CLOSE_WAIT in /proc/net/tcp): each holds one of the server's descriptors.
     */
    private static long serverSideConnections() throws IOException {
        String port = String.format(":%04X", server.adminPort());
        return Files.readAllLines(Path.of("/proc/net/tcp")).stream().skip(1).map(String::trim).map(l -> l.split("\\s+"))
                .filter(f -> f.length > 3 && f[1].endsWith(port) && (f[3].equals("01") || f[3].equals("08"))).count();
    }

    /** Whether the server ends the connection (possibly after a 503) before the socket's timeout. */
    private static boolean endsWithin(InputStream in) {
        try {
            byte[] buf = new byte[1024];
            while (in.read(buf) >= 0) { /* a refusal's 503, then the end */ }
            return true;
        } catch (IOException timeoutOrReset) {
            return !(timeoutOrReset instanceof java.net.SocketTimeoutException);
        }
    }

    @Test
    void theAdminPortBindsLoopbackWhateverHostSays() throws Exception {
        InetAddress external = externalAddress();
        Assumptions.assumeTrue(external != null, "needs a non-loopback IPv4 address");
        try (Basalt networked = Basalt.start(BasaltConfig.inMemoryOnFreePort().withHost("0.0.0.0").withAuthFile(authFile).withAdminPort(0))) {
            int admin = networked.adminPort();
            assertThrows(java.net.ConnectException.class, () -> {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(external, admin), 2000);
                }
            });
            try (Socket s = new Socket("127.0.0.1", admin)) {
                assertTrue(s.isConnected());
            }
        }
        try (Basalt opened = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(authFile).withAdminPort(0)
                .withHttp(HttpSettings.defaults().withAdminHost("0.0.0.0")))) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(external, opened.adminPort()), 2000);
            }
        }
        // without credentials the admin port is not opened to the network
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Basalt.start(BasaltConfig.inMemoryOnFreePort()
                .withAdminPort(0).withHttp(HttpSettings.defaults().withAdminHost("0.0.0.0"))));
        assertEquals("Refusing to serve the admin port on 0.0.0.0 without credentials: anyone who reaches it could list every"
                + " account's tables. Give --auth-file FILE, or --auth none-i-know.", refused.getMessage());
    }

    private static InetAddress externalAddress() throws IOException {
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!n.isUp() || n.isLoopback()) continue;
            for (InetAddress a : Collections.list(n.getInetAddresses())) if (a instanceof Inet4Address) return a;
        }
        return null;
    }

    private static String sorted(String jsonArray) {
        List<String> names = new ArrayList<>(List.of(jsonArray.substring(1, jsonArray.length() - 1).split(",")));
        Collections.sort(names);
        return "[" + String.join(",", names) + "]";
    }
}
