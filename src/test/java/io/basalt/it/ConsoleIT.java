package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;

/**
 * The web console's files on the API's port: the page and its scripts with their media types and
 * caching headers, 404 for a name it does not have, and the API and health check unchanged beside
 * it. (The console in a real browser: tests/browser/console.mjs, run by ./basalt test.)
 */
class ConsoleIT extends ServerTestBase {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint().resolve(path)).GET();
        if (headers.length > 0) b.headers(headers);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void thePageIsServedAsHtml() throws Exception {
        HttpResponse<String> page = get("/console/");
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(null));
        assertEquals("no-cache", page.headers().firstValue("Cache-Control").orElse(null));
        assertEquals("nosniff", page.headers().firstValue("X-Content-Type-Options").orElse(null));
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").contains("connect-src 'self'"));
        assertTrue(page.body().contains("<script type=\"module\" src=\"app.js\">"), page.body());
        assertEquals(page.body(), get("/console/index.html").body());
    }

    @Test
    void scriptsAndStylesHaveTheirTypesAndRevalidate() throws Exception {
        HttpResponse<String> js = get("/console/app.js");
        assertEquals(200, js.statusCode());
        assertEquals("text/javascript; charset=utf-8", js.headers().firstValue("Content-Type").orElse(null));
        String etag = js.headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again = get("/console/app.js", "If-None-Match", etag);
        assertEquals(304, again.statusCode());
        assertEquals("", again.body());
        assertEquals("text/css; charset=utf-8", get("/console/console.css").headers().firstValue("Content-Type").orElse(null));
        assertEquals("image/svg+xml", get("/console/favicon.svg").headers().firstValue("Content-Type").orElse(null));
    }

    @Test
    void namesTheConsoleDoesNotHaveAre404() throws Exception {
        for (String path : new String[] {"/console/nope.js", "/console/../pom.xml", "/console/%2e%2e/x.js",
                "/console/io/basalt/Basalt.class", "/console/app.js.map", "/console/README"}) {
            HttpResponse<String> r = get(path);
            assertEquals(404, r.statusCode(), path);
        }
        HttpResponse<String> bare = get("/console");
        assertEquals(301, bare.statusCode());
        assertEquals("/console/", bare.headers().firstValue("Location").orElse(null));
    }

    @Test
    void theApiAndHealthCheckAnswerAsBefore() throws Exception {
        HttpResponse<String> health = get("/");
        assertEquals(200, health.statusCode());
        assertTrue(health.body().startsWith("healthy: "), health.body());
        assertEquals(404, get("/consoles").statusCode()); // not the console: the service's own 404
        assertEquals("<UnknownOperationException/>\n", get("/consoles").body());
        ddb.listTables(ListTablesRequest.builder().build());
    }
}
