package io.basalt.server.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * MCP's stdio transport: one JSON-RPC message per line on standard input, one per line on standard
 * output (nothing else is written there; logs go to standard error). Ends when the input ends.
 */
public final class StdioTransport {
    /** A line longer than this is answered with a parse error instead of being held in memory. */
    static final int MAX_LINE_CHARS = 16 * 1024 * 1024;

    private StdioTransport() {}

    public static void run(InputStream in, OutputStream out, McpServer server, ApiCaller api) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line; (line = r.readLine()) != null; ) {
            if (line.isBlank()) continue;
            byte[] answer = line.length() > MAX_LINE_CHARS
                    ? JsonValues.write(McpServer.error(null, McpServer.PARSE_ERROR, "Parse error: message too large", null))
                    : server.handle(line.getBytes(StandardCharsets.UTF_8), api);
            if (answer == null) continue;
            synchronized (out) {
                out.write(answer);
                out.write('\n');
                out.flush();
            }
        }
    }
}
