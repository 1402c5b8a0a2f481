package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.HttpSettings;
import io.basalt.compat.Covers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Attacks on the API port with raw sockets (issue #34 findings 10, 12, 13; #37 point 3): sockets
 * that never send a byte, one address taking every connection, bodies that do not decode or never
 * arrive, a DNS-rebinding Host and foreign origins. Deadlines are short here (1 s) so the test is fast.
 */
class HttpHardeningIT {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc";
    private static final String LIST_TABLES = "{}";
    static final int MAX_CONNECTIONS = 48;
    static final int PER_SOURCE = 12;
    static Basalt server;
    static DynamoDbClient ddb;

    @BeforeAll
    static void start() {
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().toBuilder().maxConnections(MAX_CONNECTIONS)
                .http(HttpSettings.defaults().withDeadlines(1000, 1000).withMaxConnectionsPerSource(PER_SOURCE)
                        .withAllowedHosts(List.of("dev.internal")).withCors("http://app.example, https://console.example:8443"))
                .build());
        ddb = ServerTestBase.client(server.endpoint());
    }

    @AfterAll
    static void stop() {
        if (ddb != null) ddb.close();
        if (server != null) server.close();
    }

    // ---- finding 10: idle sockets, one address ----

    @Test
    void socketsThatNeverSendAByteAreClosedAfterTheHeaderDeadline() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < PER_SOURCE; i++) idle.add(connect("127.0.0.1"));
            long start = System.nanoTime();
            for (Socket s : idle) {
                s.setSoTimeout(5000);
                assertEquals(-1, s.getInputStream().read(), "the server closes a connection that sends nothing");
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 4000, "closed after " + ms + " ms");
            ddb.listTables(); // the slots are free again
        } finally {
            for (Socket s : idle) s.close();
        }
    }

    @Test
    void oneAddressCannotTakeEveryConnection() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < PER_SOURCE; i++) held.add(connect("127.0.0.1"));
            Thread.sleep(200);
            // one more from the same address: refused as beyond the limit (503, which SDKs retry)
            try (Socket extra = connect("127.0.0.1")) {
                String answer = exchange(extra, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null));
                assertTrue(answer.startsWith("HTTP/1.1 503"), answer);
                assertTrue(answer.contains("\"__type\":\"com.amazon.coral.service#ServiceUnavailableException\""), answer);
            }
            // another address still gets in
            try (Socket other = connect("127.0.0.2")) {
                String answer = exchange(other, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null));
                assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            }
        } finally {
            for (Socket s : held) s.close();
        }
    }

    // ---- finding 13 and #37.3: bodies that do not decode, bodies that never arrive ----

    @Test
    @Covers(operation = "ListTables", parameters = {})
    void compressedBodiesThatDoNotDecodeGetTheServices500AndTheConnectionStaysUsable() throws Exception {
        byte[] json = LIST_TABLES.getBytes(StandardCharsets.UTF_8);
        byte[] gzip = gzip(json);
        byte[][] bodies = {json, Arrays.copyOf(gzip, gzip.length - 1), Arrays.copyOf(gzip, 10), new byte[0],
                "\u001f\u008bnot really".getBytes(StandardCharsets.ISO_8859_1), json, json, json};
        String[] codings = {"gzip", "gzip", "gzip", "gzip", "gzip", "garbage", "br", "deflate"};
        try (Socket s = connect("127.0.0.1")) {
            for (int i = 0; i < bodies.length; i++) {
                String answer = exchange(s, post(AUTH, bodies[i], codings[i]));
                String what = codings[i] + " case " + i;
                assertTrue(answer.startsWith("HTTP/1.1 500"), what + ": " + answer);
                assertTrue(answer.endsWith("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"Internal server error\"}"),
                        what + ": " + answer);
            }
            // the same connection still serves a well-formed gzip body, also of two gzip members
            assertTrue(exchange(s, post(AUTH, gzip, "gzip")).startsWith("HTTP/1.1 200"));
            byte[] twoMembers = concat(gzip("{".getBytes(StandardCharsets.UTF_8)), gzip("}".getBytes(StandardCharsets.UTF_8)));
            assertTrue(exchange(s, post(AUTH, twoMembers, "gzip")).startsWith("HTTP/1.1 200"));
            assertTrue(exchange(s, post(AUTH, json, "identity")).startsWith("HTTP/1.1 200"));
        }
    }

    @Test
    void aSignedCompressedBodyIsVerifiedAsSent() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("basalt-gzip-auth");
        java.nio.file.Path file = dir.resolve("auth.json");
        new io.basalt.server.auth.AuthFile(List.of(new io.basalt.server.auth.AuthFile.Account("111122223333", "a")),
                List.of(new io.basalt.server.auth.AuthFile.User("ops", "111122223333",
                        List.of(new io.basalt.server.auth.AuthFile.AccessKey("AKIAOPS", "ops-secret", null)), List.of(), true))).write(file);
        try (Basalt verified = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(file))) {
            byte[] body = gzip("{}".getBytes(StandardCharsets.UTF_8));
            java.net.URI uri = verified.endpoint().resolve("/");
            software.amazon.awssdk.http.SdkHttpRequest request = software.amazon.awssdk.http.SdkHttpRequest.builder()
                    .method(software.amazon.awssdk.http.SdkHttpMethod.POST).uri(uri)
                    .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                    .putHeader("Content-Encoding", "gzip").build();
            var signed = software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.create().sign(r -> r
                    .identity(software.amazon.awssdk.identity.spi.AwsCredentialsIdentity.create("AKIAOPS", "ops-secret"))
                    .request(request).payload(software.amazon.awssdk.http.ContentStreamProvider.fromByteArray(body))
                    .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                    .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.REGION_NAME, "us-east-1"));
            StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\n");
            for (var h : signed.request().headers().entrySet()) {
                if (h.getKey().equalsIgnoreCase("host")) continue;
                for (String v : h.getValue()) head.append(h.getKey()).append(": ").append(v).append("\r\n");
            }
            head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
            try (Socket s = new Socket("127.0.0.1", uri.getPort())) {
                s.setSoTimeout(5000);
                String answer = exchange(s, concat(head.toString().getBytes(StandardCharsets.US_ASCII), body));
                assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
                assertTrue(answer.endsWith("{\"TableNames\":[]}"), answer);
            }
        } finally {
            ServerTestBase.deleteTree(dir);
        }
    }

    @Test
    void aBodyShorterThanItsContentLengthGets408WithinTheBodyDeadline() throws Exception {
        try (Socket s = connect("127.0.0.1")) {
            s.setSoTimeout(6000);
            String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                    + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nAuthorization: " + AUTH + "\r\nX-Amz-Date: 20250101T000000Z\r\n"
                    + "Content-Length: 100\r\n\r\n{\"Limit\":";
            long start = System.nanoTime();
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII); // answered, then closed
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
            assertTrue(answer.contains("connection: close"), answer);
            assertTrue(ms < 4000, "answered after " + ms + " ms");
        }
    }

    @Test
    void headersThatStallAreClosedAfterTheHeaderDeadline() throws Exception {
        try (Socket s = connect("127.0.0.1")) {
            s.setSoTimeout(5000);
            s.getOutputStream().write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-".getBytes(StandardCharsets.US_ASCII));
            assertEquals(-1, s.getInputStream().read());
        }
    }

    // ---- finding 12: DNS rebinding, origins ----

    @Test
    void aLoopbackServerRefusesHostsThatAreNotItsOwnNames() throws Exception {
        for (String host : new String[] {"evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.evil.example"}) {
            try (Socket s = connect("127.0.0.1")) {
                String answer = exchange(s, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null, host, null));
                assertTrue(answer.startsWith("HTTP/1.1 403"), host + ": " + answer);
                assertTrue(answer.endsWith("Forbidden: this server answers requests for localhost, 127.0.0.1 and [::1] "
                        + "and the names given with --allowed-host, not for the host this request names.\n"), answer);
            }
        }
        for (String host : new String[] {"localhost", "LOCALHOST:1234", "127.0.0.1", "127.0.0.1:8000", "[::1]:8000", "dev.internal:99"}) {
            try (Socket s = connect("127.0.0.1")) {
                String answer = exchange(s, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null, host, null));
                assertTrue(answer.startsWith("HTTP/1.1 200"), host + ": " + answer);
            }
        }
    }

    @Test
    void onlyTheConfiguredOriginsMayCall() throws Exception {
        try (Socket s = connect("127.0.0.1")) {
            String answer = exchange(s, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null, "127.0.0.1", "http://app.example"));
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.contains("access-control-allow-origin: http://app.example\r\n"), answer);
            assertTrue(answer.contains("vary: origin\r\n"), answer);
            answer = exchange(s, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null, "127.0.0.1", "http://evil.example"));
            assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
            assertTrue(answer.endsWith("Forbidden: this origin is not among the server's --cors origins.\n"), answer);
            assertFalse(answer.toLowerCase().contains("access-control-allow-origin"), answer);
            String preflight = "OPTIONS / HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
                    + "Access-Control-Request-Method: POST\r\nContent-Length: 0\r\n\r\n";
            answer = exchange(s, preflight.getBytes(StandardCharsets.US_ASCII));
            assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
            preflight = preflight.replace("http://evil.example", "https://console.example:8443");
            answer = exchange(s, preflight.getBytes(StandardCharsets.US_ASCII));
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.contains("access-control-allow-origin: https://console.example:8443\r\n"), answer);
            // the page's own origin (the console on this port) is always allowed
            answer = exchange(s, post(AUTH, LIST_TABLES.getBytes(StandardCharsets.UTF_8), null, "127.0.0.1:" + server.port(),
                    "http://127.0.0.1:" + server.port()));
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        }
    }

    // ---- helpers ----

    static Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 2000);
        s.setSoTimeout(10_000);
        return s;
    }

    static byte[] post(String auth, byte[] body, String encoding) {
        return post(auth, body, encoding, "127.0.0.1", null);
    }

    static byte[] post(String auth, byte[] body, String encoding, String host, String origin) {
        StringBuilder h = new StringBuilder("POST / HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nAuthorization: " + auth + "\r\nX-Amz-Date: 20250101T000000Z\r\n");
        if (encoding != null) h.append("Content-Encoding: ").append(encoding).append("\r\n");
        if (origin != null) h.append("Origin: ").append(origin).append("\r\n");
        h.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        return concat(h.toString().getBytes(StandardCharsets.US_ASCII), body);
    }

    /** Sends a request and reads one response (headers in lower case, then the body, by its Content-Length). */
    static String exchange(Socket s, byte[] request) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(request);
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) break;
                head.write(b);
            }
        } catch (SocketTimeoutException e) {
            return "TIMEOUT after " + head.toString(StandardCharsets.ISO_8859_1);
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        String lower = headers.toLowerCase();
        int length = 0;
        int at = lower.indexOf("content-length:");
        if (at >= 0) length = Integer.parseInt(lower.substring(at + 15, lower.indexOf("\r\n", at)).trim());
        String statusLine = headers.isEmpty() ? "" : headers.substring(0, headers.indexOf("\r\n"));
        return statusLine + lower.substring(statusLine.length()) + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        }
        return b.toByteArray();
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
