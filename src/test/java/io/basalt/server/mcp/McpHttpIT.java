package io.basalt.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /mcp on the API port of an in-process server under an auth file: the bearer token, the user's
 * policies applied to a tool call as to the API call, the strict Origin check. (tests/mcp/run.mjs
 * drives the same through the official TypeScript SDK client.)
 */
class McpHttpIT {
    @TempDir static Path dir;
    static Basalt server;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Path auth = dir.resolve("auth.json");
        Files.writeString(auth, """
                {"accounts": [{"id": "111122223333", "name": "mcp"}],
                 "users": [
                  {"name": "admin", "account": "111122223333", "allowAll": true,
                   "accessKeys": [{"accessKeyId": "AKIAMCPITADMIN000001", "secretAccessKey": "admin-secret"}]},
                  {"name": "nobody", "account": "111122223333",
                   "accessKeys": [{"accessKeyId": "AKIAMCPITNOBODY00001", "secretAccessKey": "nobody-secret"}],
                   "policies": []}]}""");
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().withAuthFile(auth).toBuilder()
                .mcp(new McpSettings(true, true)).accessLog(dir.resolve("access.log")).build());
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    private static String token(String key, String secret) {
        return io.basalt.server.auth.AdminTokens.issue(key, secret, System.currentTimeMillis() / 1000 + 3600);
    }

    private static HttpResponse<String> post(String body, String token, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.endpoint() + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) b.header("Authorization", "Bearer " + token);
        if (origin != null) b.header("Origin", origin);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\",\"arguments\":{}}}";

    @Test
    void aBearerTokenIsRequired() throws Exception {
        HttpResponse<String> r = post(LIST, null, null);
        assertEquals(401, r.statusCode());
        assertEquals("Bearer realm=\"basalt-mcp\"", r.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(401, post(LIST, token("AKIAMCPITADMIN000001", "wrong-secret"), null).statusCode());
    }

    @Test
    void toolCallsAreAuthorizedAsTheTokensUser() throws Exception {
        HttpResponse<String> admin = post(LIST, token("AKIAMCPITADMIN000001", "admin-secret"), null);
        assertEquals(200, admin.statusCode());
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"TableNames\\\":[]}\"}],"
                + "\"structuredContent\":{\"TableNames\":[]},\"isError\":false}}", admin.body());
        HttpResponse<String> nobody = post(LIST, token("AKIAMCPITNOBODY00001", "nobody-secret"), null);
        assertEquals(200, nobody.statusCode());
        assertTrue(nobody.body().contains("\"structuredContent\":{\"__type\":\"com.amazon.coral.service#AccessDeniedException\","
                + "\"message\":\"User: arn:aws:iam::111122223333:user/nobody is not authorized to perform: dynamodb:ListTables on resource: * because "
                + "no identity-based policy allows the dynamodb:ListTables action\"},"
                + "\"isError\":true"), nobody.body());
    }

    @Test
    void toolCallsAreInTheAccessLogAsTheirUsersApiCalls() throws Exception {
        post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"describe_table\",\"arguments\":"
                + "{\"TableName\":\"LoggedTable\"}}}", token("AKIAMCPITNOBODY00001", "nobody-secret"), null);
        String line = null;
        for (long deadline = System.currentTimeMillis() + 5000; line == null && System.currentTimeMillis() < deadline; Thread.sleep(50)) {
            line = Files.readAllLines(dir.resolve("access.log")).stream().filter(l -> l.contains("LoggedTable")).findFirst().orElse(null);
        } // the log is flushed every 200 ms
        org.junit.jupiter.api.Assertions.assertNotNull(line);
        assertTrue(line.contains("\"principal\":\"arn:aws:iam::111122223333:user/nobody\""), line);
        assertTrue(line.contains("\"operation\":\"DescribeTable\""), line);
        assertTrue(line.contains("\"errorType\":\"AccessDeniedException\""), line);
    }

    @Test
    void aForeignOriginIsRefusedEvenWithCorsAny() throws Exception {
        String t = token("AKIAMCPITADMIN000001", "admin-secret");
        assertEquals(403, post(LIST, t, "http://evil.example").statusCode());
        assertEquals(200, post(LIST, t, server.endpoint().toString()).statusCode());
    }
}
