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
    void theLibrariesComeFromTheirWebJarsAndTheImportMapIsAllowedByItsHash() throws Exception {
        for (String name : new String[] {"preact.js", "hooks.js", "uplot.js", "js-yaml.js"}) {
            HttpResponse<String> lib = get("/console/vendor/" + name);
            assertEquals(200, lib.statusCode(), name);
            assertEquals("text/javascript; charset=utf-8", lib.headers().firstValue("Content-Type").orElse(null), name);
            assertTrue(lib.body().contains("export"), name + " is an ES module");
        }
        assertTrue(get("/console/vendor/hooks.js").body().contains("from\"preact\""), "hooks import preact through the import map");
        assertEquals("text/css; charset=utf-8", get("/console/vendor/uplot.css").headers().firstValue("Content-Type").orElse(null));
        assertEquals(404, get("/console/vendor/preact.module.js").statusCode(), "only the files the console names");
        HttpResponse<String> page = get("/console/");
        java.util.regex.Matcher map = java.util.regex.Pattern.compile("<script type=\"importmap\">(.*?)</script>", java.util.regex.Pattern.DOTALL)
                .matcher(page.body());
        assertTrue(map.find(), page.body());
        String hash = java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(map.group(1).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("")
                .contains("script-src 'self' 'sha256-" + hash + "';"), page.headers().toString());
    }

    @Test
    void theConsoleIsAlsoOnTheAdminPortAndCallsTheApiPort() throws Exception {
        try (io.basalt.Basalt admin = io.basalt.Basalt.start(io.basalt.BasaltConfig.inMemoryOnFreePort().withAdminPort(0))) {
            java.net.URI base = java.net.URI.create("http://127.0.0.1:" + admin.adminPort());
            HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(base.resolve("/console/")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            String api = "http://127.0.0.1:" + admin.endpoint().getPort();
            assertTrue(page.body().contains("<meta name=\"basalt-api\" content=\"" + api + "\">"), page.body());
            assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").contains("connect-src 'self' " + api + ";"),
                    page.headers().toString());
            HttpResponse<String> lib = HTTP.send(HttpRequest.newBuilder(base.resolve("/console/vendor/preact.js")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, lib.statusCode());
            assertEquals(404, HTTP.send(HttpRequest.newBuilder(base.resolve("/console/../metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
        }
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
