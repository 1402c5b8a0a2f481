package io.basalt.server.mcp;

/**
 * @param http whether the API port serves MCP's streamable HTTP transport at {@code /mcp} ({@code --mcp})
 * @param allowWrites whether tools may change items and tables ({@code --mcp-allow-writes}; read-only by default)
 */
public record McpSettings(boolean http, boolean allowWrites) {
    public static final McpSettings OFF = new McpSettings(false, false);
}
