package io.basalt.server.admin;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.basalt.server.Service;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.metrics.RequestMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntSupplier;

/**
 * The admin HTTP service ({@code --admin-port}): {@code GET /metrics} (Prometheus text format),
 * {@code GET /partitions/TABLE} (the table's simulated partitions as JSON), {@code GET /tables}, and
 * the web console at {@code /console/} ({@link AdminConsole}: its API calls go to the API port).
 * Read-only and off the request path; served by the JDK's small HTTP server on virtual threads.
 */
public final class AdminService implements Service {
    private static final JsonFactory JSON = new JsonFactory();

    private final String host;
    private final int requestedPort;
    private final Engine engine;
    private final RequestMetrics requests;
    private final IntSupplier apiPort;
    private HttpServer server;
    private ExecutorService executor;

    /** {@code apiPort}: the plain-HTTP API's port once started (the console's calls go there), or -1. */
    public AdminService(String host, int port, Engine engine, RequestMetrics requests, IntSupplier apiPort) {
        this.host = host;
        this.requestedPort = port;
        this.engine = engine;
        this.requests = requests;
        this.apiPort = apiPort;
    }

    @Override
    public String name() {
        return "admin";
    }

    @Override
    public void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(host, requestedPort), 64);
        executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.createContext("/metrics", x -> respond(x, 200, "text/plain; version=0.0.4; charset=utf-8",
                PrometheusMetrics.render(engine, requests).getBytes(StandardCharsets.UTF_8)));
        server.createContext("/partitions/", this::partitions);
        server.createContext("/tables", x -> {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (JsonGenerator g = JSON.createGenerator(b)) {
                g.writeStartArray();
                for (TableCatalog.Entry e : engine.catalog().all()) g.writeString(AdminTables.name(e));
                g.writeEndArray();
            }
            respond(x, 200, "application/json", b.toByteArray());
        });
        AdminConsole console = new AdminConsole(new io.basalt.server.console.ConsoleAssets(), host, apiPort);
        server.createContext("/console", console::answer);
        server.start();
    }

    private void partitions(HttpExchange x) throws IOException {
        String raw = x.getRequestURI().getRawPath().substring("/partitions/".length());
        String name = URLDecoder.decode(raw, StandardCharsets.UTF_8);
        TableCatalog.Entry table = AdminTables.find(engine, name);
        if (table == null) {
            respond(x, 404, "application/json", error("table not found: " + name));
            return;
        }
        TableCapacity cap = engine.capacity().of(table);
        if (cap == null) {
            respond(x, 409, "application/json", error("capacity simulation is off (--capacity off)"));
            return;
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(b)) {
            io.basalt.api.activity.PartitionsReport.write(g, engine, table, cap);
        }
        respond(x, 200, "application/json", b.toByteArray());
    }

    private static byte[] error(String message) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(b)) {
            g.writeStartObject();
            g.writeStringField("error", message);
            g.writeEndObject();
        }
        return b.toByteArray();
    }

    static void respond(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(status, body.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(body);
        }
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void stop() {
        if (server != null) server.stop(0);
        if (executor != null) executor.shutdownNow();
    }
}
