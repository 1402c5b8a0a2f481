package io.basalt.server.admin;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.metrics.RequestMetrics;
import io.basalt.server.Service;
import io.basalt.server.http.BrowserGuards;
import io.basalt.server.http.HttpLimits;
import io.basalt.server.http.RoutedHttpService;
import io.basalt.server.http.RoutedHttpService.Answer;
import io.basalt.server.http.RoutedHttpService.Call;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The admin HTTP service ({@code --admin-port}, on {@code --admin-host}, loopback by default):
 * {@code GET /metrics} (Prometheus text format), {@code GET /partitions/TABLE} (the table's simulated
 * partitions as JSON), {@code GET /tables}, and the web console at {@code /console/}
 * ({@link AdminConsole}: its API calls go to the API port). Read-only and off the request path;
 * served with the API port's bounds ({@link RoutedHttpService}); with an auth file the views answer
 * only signed or token-bearing callers, scoped to their tables ({@link AdminAccess}).
 */
public final class AdminService implements Service {
    private static final JsonFactory JSON = new JsonFactory();

    private final Engine engine;
    private final RequestMetrics requests;
    private final AdminAccess access;
    private final RoutedHttpService http;
    private final AdminConsole console;

    /** {@code apiPort}: the plain-HTTP API's port once started (the console's calls go there), or -1. */
    public AdminService(String host, int port, Engine engine, RequestMetrics requests, IntSupplier apiPort) {
        this(host, port, engine, requests, apiPort, HttpLimits.admin(), BrowserGuards.NONE, null, null, null, null);
    }

    /**
     * @param credentials the auth file's keys, or null for a server without one (then no credentials are asked)
     * @param authorizer decides what an auth-file user may see (with credentials)
     * @param namespaces how catalog namespaces name regions (with credentials)
     * @param clock the instance's clock (bearer token expiry, signature times)
     */
    public AdminService(String host, int port, Engine engine, RequestMetrics requests, IntSupplier apiPort, HttpLimits limits,
                        BrowserGuards guards, io.basalt.server.auth.CredentialStore credentials,
                        io.basalt.server.auth.Authorizer authorizer, io.basalt.model.Namespaces namespaces,
                        io.basalt.engine.Clock clock) {
        this.engine = engine;
        this.requests = requests;
        this.access = credentials == null ? AdminAccess.OPEN
                : new AdminAccess(credentials, authorizer, clock, namespaces);
        this.console = new AdminConsole(new io.basalt.server.console.ConsoleAssets(), host, apiPort);
        this.http = new RoutedHttpService("admin", host, port, limits, guards, this::answer);
    }

    @Override
    public String name() {
        return "admin";
    }

    @Override
    public void start() throws Exception {
        http.start();
    }

    private Answer answer(Call call) throws IOException {
        String path = call.rawPath();
        if (path.equals("/console") || path.startsWith("/console/")) return console.answer(call);
        boolean metrics = path.equals("/metrics") || path.startsWith("/metrics/");
        boolean tables = path.equals("/tables") || path.startsWith("/tables/");
        boolean partitions = path.startsWith("/partitions/");
        if (!metrics && !tables && !partitions) return Answer.text(404, "Not found\n");
        if (!call.method().equals("GET") && !call.method().equals("HEAD")) return Answer.text(405, "Method not allowed\n");
        AdminAccess.Caller caller;
        try {
            caller = access.caller(call);
        } catch (AdminAccess.Refused refused) {
            return refused.answer;
        }
        if (metrics) {
            Set<Long> visible = visibleTables(caller);
            return Answer.of(200, "text/plain; version=0.0.4; charset=utf-8",
                    PrometheusMetrics.render(engine, requests, e -> visible.contains(e.definition().id())).getBytes(StandardCharsets.UTF_8));
        }
        if (tables) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (JsonGenerator g = JSON.createGenerator(b)) {
                g.writeStartArray();
                for (TableCatalog.Entry e : engine.catalog().all()) {
                    if (access.may(caller, "DescribeTable", e)) g.writeString(AdminTables.name(e));
                }
                g.writeEndArray();
            }
            return Answer.of(200, "application/json", b.toByteArray());
        }
        return partitions(caller, path);
    }

    private Set<Long> visibleTables(AdminAccess.Caller caller) {
        Set<Long> ids = new HashSet<>();
        for (TableCatalog.Entry e : engine.catalog().all()) if (access.may(caller, "DescribeTable", e)) ids.add(e.definition().id());
        return ids;
    }

    /** A table's partitions name partition key values: the caller needs DescribeTable and Scan on it. */
    private Answer partitions(AdminAccess.Caller caller, String path) throws IOException {
        String name = URLDecoder.decode(path.substring("/partitions/".length()), StandardCharsets.UTF_8);
        TableCatalog.Entry table = AdminTables.find(engine, name);
        if (table == null || !access.may(caller, "DescribeTable", table)) {
            return Answer.of(404, "application/json", error("table not found: " + name));
        }
        if (!access.may(caller, "Scan", table)) {
            return Answer.of(403, "application/json", error("not allowed: the partition report names key values, which needs dynamodb:Scan on " + name));
        }
        TableCapacity cap = engine.capacity().of(table);
        if (cap == null) return Answer.of(409, "application/json", error("capacity simulation is off (--capacity off)"));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(b)) {
            io.basalt.api.activity.PartitionsReport.write(g, engine, table, cap);
        }
        return Answer.of(200, "application/json", b.toByteArray());
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

    @Override
    public int port() {
        return http.port();
    }

    @Override
    public void stop() {
        http.stop();
    }
}
