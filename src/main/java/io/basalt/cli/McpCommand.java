package io.basalt.cli;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.server.mcp.ApiCaller;
import io.basalt.server.mcp.McpServer;
import io.basalt.server.mcp.StdioTransport;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code basalt mcp}: MCP over stdio for a coding agent. By default against a server started in
 * this process (the serve options apply; its port defaults to a free one so it never collides with
 * a running server); with {@code --endpoint URL} every tool call is a signed API request to that
 * server instead. Read-only unless {@code --mcp-allow-writes}.
 */
final class McpCommand {
    private McpCommand() {}

    /** model_check and estimate through the migration toolkit's own commands (their JSON output). */
    static io.basalt.server.mcp.ModelTools modelTools(Map<String, String> env) {
        return new io.basalt.server.mcp.ModelTools() {
            @Override
            public Outcome check(String modelFile, String hotShare) {
                List<String> a = new ArrayList<>(List.of("model", "check", "--model", modelFile, "--format", "json"));
                if (hotShare != null) a.addAll(List.of("--hot-share", hotShare));
                return migrate(a);
            }

            @Override
            public Outcome estimate(String modelFile, String pricesFile) {
                List<String> a = new ArrayList<>(List.of("estimate", "--model", modelFile, "--format", "json"));
                if (pricesFile != null) a.addAll(List.of("--prices", pricesFile));
                return migrate(a);
            }

            private Outcome migrate(List<String> a) {
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(), err = new java.io.ByteArrayOutputStream();
                int code;
                try (PrintStream o = new PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
                     PrintStream e = new PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8)) {
                    code = io.basalt.migrate.MigrateCommand.run(a, env, o, e);
                }
                return new Outcome(code, out.toString(java.nio.charset.StandardCharsets.UTF_8), err.toString(java.nio.charset.StandardCharsets.UTF_8));
            }
        };
    }

    static int run(List<String> args, Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        String endpoint = null;
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            if (a.equals("--endpoint") || a.startsWith("--endpoint=")) {
                if (a.contains("=")) {
                    endpoint = a.substring(a.indexOf('=') + 1);
                    rest.remove(i);
                } else {
                    if (i + 1 >= rest.size()) {
                        err.println("basalt mcp: --endpoint needs a URL (try: basalt --help)");
                        return 2;
                    }
                    endpoint = rest.get(i + 1);
                    rest.remove(i + 1);
                    rest.remove(i);
                }
                break;
            }
        }
        BasaltConfig config;
        try {
            config = Options.parse(rest, env);
        } catch (Options.UsageError e) {
            err.println("basalt mcp: " + e.getMessage() + " (try: basalt --help)");
            return 2;
        }
        if (!rest.contains("--port") && rest.stream().noneMatch(a -> a.startsWith("--port=")) && !env.containsKey("BASALT_PORT")) {
            config = config.withPort(0);
        }
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", rest.contains("--log-level") ? config.logLevel() : "warn");
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        // standard output carries the protocol only: anything else printing there would corrupt it
        if (out == System.out) System.setOut(err);
        McpServer server = new McpServer(config.mcp().allowWrites(), Main.version()).modelTools(modelTools(env));
        try {
            if (endpoint != null) {
                ApiCaller api;
                try {
                    api = SignedApiCaller.of(endpoint, env);
                } catch (IllegalArgumentException e) {
                    err.println("basalt mcp: " + e.getMessage());
                    return 2;
                }
                StdioTransport.run(in, out, server, api);
                return 0;
            }
            Basalt basalt;
            try {
                basalt = Basalt.start(config);
            } catch (RuntimeException e) {
                err.println("basalt mcp: " + e.getMessage());
                return 1;
            }
            try (basalt) {
                err.println("basalt mcp: serving MCP over stdio; the server is also on " + basalt.endpoint()
                        + (config.mcp().allowWrites() ? " (writes allowed)" : " (read-only)"));
                StdioTransport.run(in, out, server, basalt.localApi());
            }
            return 0;
        } catch (java.io.IOException e) {
            err.println("basalt mcp: " + e.getMessage());
            return 1;
        }
    }
}
