package io.basalt.server.mcp;

import static io.basalt.server.mcp.JsonValues.object;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Model Context Protocol's JSON-RPC 2.0 layer, whatever the transport: initialize (version
 * negotiation), ping, tools/list, tools/call, resources/list, resources/templates/list,
 * resources/read. Stateless: every message is answered on its own, so one instance serves every
 * stdio session and HTTP request; what a call may do is the {@link ApiCaller}'s caller's.
 */
public final class McpServer {
    /** Newest first: an initialize naming one of these gets it back, any other the newest. */
    public static final List<String> PROTOCOL_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    static final int PARSE_ERROR = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601, INVALID_PARAMS = -32602,
            INTERNAL_ERROR = -32603, RESOURCE_NOT_FOUND = -32002, SERVICE_ERROR = -32001;

    static final String TABLE_URI_PREFIX = "basalt://tables/";
    /** resources/list names at most this many tables (ListTables pages of 100). */
    static final int MAX_LISTED_TABLES = 1000;

    private final boolean allowWrites;
    private final String version;

    public McpServer(boolean allowWrites, String version) {
        this.allowWrites = allowWrites;
        this.version = version == null ? "dev" : version;
    }

    private ModelTools modelTools;

    /** Offers model_check and estimate with these (stdio only: they read local files). */
    public McpServer modelTools(ModelTools tools) {
        this.modelTools = tools;
        return this;
    }

    public boolean allowWrites() {
        return allowWrites;
    }

    /** A JSON-RPC error to answer with. */
    static final class RpcError extends Exception {
        final int code;
        final Object data;

        RpcError(int code, String message, Object data) {
            super(message, null, false, false);
            this.code = code;
            this.data = data;
        }
    }

    /** Whether this message (already parsed) is the initialize request. */
    static boolean isInitialize(Object message) {
        return message instanceof Map<?, ?> m && "initialize".equals(m.get("method"));
    }

    /** Answers one message: the response's bytes, or null for a notification or a client's response. */
    public byte[] handle(byte[] message, ApiCaller api) {
        Object parsed;
        try {
            parsed = JsonValues.parse(message);
        } catch (IOException | RuntimeException e) {
            return JsonValues.write(error(null, PARSE_ERROR, "Parse error", null));
        }
        if (parsed instanceof List<?> batch && !batch.isEmpty()) { // a batch (protocol versions up to 2025-03-26 allow them)
            List<Object> answers = new ArrayList<>();
            for (Object m : batch) {
                Map<String, Object> a = handle(m, api);
                if (a != null) answers.add(a);
            }
            return answers.isEmpty() ? null : JsonValues.write(answers);
        }
        Map<String, Object> answer = handle(parsed, api);
        return answer == null ? null : JsonValues.write(answer);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> handle(Object parsed, ApiCaller api) {
        if (!(parsed instanceof Map<?, ?> m)) return error(null, INVALID_REQUEST, "Invalid Request: a message is one JSON object", null);
        Map<String, Object> msg = (Map<String, Object>) m;
        Object id = msg.get("id");
        Object method = msg.get("method");
        boolean hasId = msg.containsKey("id");
        if (method == null && (msg.containsKey("result") || msg.containsKey("error"))) return null; // a client's response
        if (!"2.0".equals(msg.get("jsonrpc")) || !(method instanceof String name)
                || (hasId && !(id instanceof String || id instanceof JsonValues.Number))) {
            return error(hasId && (id instanceof String || id instanceof JsonValues.Number) ? id : null, INVALID_REQUEST,
                    "Invalid Request", null);
        }
        if (!hasId) return null; // notifications (initialized, cancelled, ...) need no answer
        Object params = msg.get("params");
        if (params != null && !(params instanceof Map<?, ?>)) return error(id, INVALID_PARAMS, "Invalid params: params must be an object", null);
        Map<String, Object> p = params == null ? Map.of() : (Map<String, Object>) params;
        try {
            Object result = switch (name) {
                case "initialize" -> initialize(p);
                case "ping" -> new LinkedHashMap<String, Object>();
                case "tools/list" -> object("tools", toolList());
                case "tools/call" -> callTool(p, api);
                case "resources/list" -> object("resources", McpResources.list(api));
                case "resources/templates/list" -> object("resourceTemplates", List.of(McpResources.tableTemplate()));
                case "resources/read" -> McpResources.read(p.get("uri"), api);
                default -> throw new RpcError(METHOD_NOT_FOUND, "Method not found: " + name, null);
            };
            return object("jsonrpc", "2.0", "id", id, "result", result);
        } catch (RpcError e) {
            return error(id, e.code, e.getMessage(), e.data);
        } catch (IOException | RuntimeException e) {
            return error(id, INTERNAL_ERROR, "Internal error", null);
        }
    }

    private Map<String, Object> initialize(Map<String, Object> p) {
        Object asked = p.get("protocolVersion");
        String version = asked instanceof String v && PROTOCOL_VERSIONS.contains(v) ? v : PROTOCOL_VERSIONS.get(0);
        return object("protocolVersion", version,
                "capabilities", object("tools", object("listChanged", Boolean.FALSE),
                        "resources", object("listChanged", Boolean.FALSE, "subscribe", Boolean.FALSE)),
                "serverInfo", object("name", "basalt", "title", "Basalt (DynamoDB-compatible server)", "version", this.version),
                "instructions", "Tools are DynamoDB API operations: arguments are the operation's request members (TableName, Key,"
                        + " KeyConditionExpression, ExpressionAttributeValues, ...), results its response. "
                        + (allowWrites ? "Writes are allowed." : "This server is read-only: tools that write are refused."));
    }

    private List<Object> toolList() {
        List<Object> tools = new ArrayList<>();
        for (McpTools.Tool t : McpTools.ALL) tools.add(t.listing());
        if (modelTools != null) for (McpTools.Tool t : McpTools.MODEL) tools.add(t.listing());
        return tools;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> callTool(Map<String, Object> p, ApiCaller api) throws RpcError, IOException {
        Object name = p.get("name");
        McpTools.Tool tool = name instanceof String n ? McpTools.find(n, modelTools != null) : null;
        if (tool == null) throw new RpcError(INVALID_PARAMS, "Unknown tool: " + name, null);
        Object a = p.get("arguments");
        if (a != null && !(a instanceof Map<?, ?>)) throw new RpcError(INVALID_PARAMS, "Invalid params: arguments must be an object", null);
        Map<String, Object> args = a == null ? new LinkedHashMap<>() : new LinkedHashMap<>((Map<String, Object>) a);
        boolean writes = tool.writes() || (tool.operation().equals("ExecuteStatement") && McpTools.partiqlWrites(args.get("Statement")));
        if (writes && !allowWrites) return readOnlyRefusal(tool);
        if (tool.operation().equals(McpTools.TAIL_STREAM)) return StreamTail.run(args, api);
        if (tool.operation().startsWith(McpTools.MODEL_PREFIX)) return modelResult(tool, args);
        if (tool.pageLimit() > 0 && !args.containsKey("Limit")) args.put("Limit", new JsonValues.Number(Integer.toString(tool.pageLimit())));
        ApiCaller.Answer answer = api.call(tool.operation(), JsonValues.write(PlainValues.toDynamoJson(args)));
        return toolResult(answer);
    }

    /** An API answer as a tool result: the response as text and structured; an error with isError and the service's type and message. */
    static Map<String, Object> toolResult(ApiCaller.Answer answer) {
        String text = new String(answer.body(), StandardCharsets.UTF_8);
        Object body;
        try {
            body = JsonValues.parse(answer.body());
        } catch (IOException e) {
            body = object("message", text);
        }
        if (answer.status() == 200) {
            return object("content", List.of(object("type", "text", "text", text)), "structuredContent", body, "isError", Boolean.FALSE);
        }
        ServiceError e = ServiceError.of(answer.status(), body);
        return object("content", List.of(object("type", "text", "text", e.summary())),
                "structuredContent", e.asObject(), "isError", Boolean.TRUE);
    }

    private Map<String, Object> modelResult(McpTools.Tool tool, Map<String, Object> args) {
        Object model = args.get("ModelFile");
        if (!(model instanceof String file) || file.isBlank()) return toolError("basalt#ModelError", "ModelFile is required: the path of a model file (YAML)");
        Object extra = tool.name().equals("model_check") ? args.get("HotShare") : args.get("PricesFile");
        String option = extra == null ? null : extra.toString();
        ModelTools.Outcome o = tool.name().equals("model_check") ? modelTools.check(file, option) : modelTools.estimate(file, option);
        Object body = null;
        if (!o.json().isBlank()) {
            try {
                body = JsonValues.parse(o.json().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                body = null;
            }
        }
        if (!(body instanceof Map<?, ?>)) {
            String why = o.errors().strip().isEmpty() ? "the command failed (exit code " + o.exitCode() + ")" : o.errors().strip();
            return toolError("basalt#ModelError", why);
        }
        return object("content", List.of(object("type", "text", "text", o.json())), "structuredContent", body, "isError", Boolean.FALSE);
    }

    private static Map<String, Object> toolError(String type, String message) {
        return object("content", List.of(object("type", "text", "text", type.substring(type.indexOf('#') + 1) + ": " + message)),
                "structuredContent", object("__type", type, "message", message), "isError", Boolean.TRUE);
    }

    static final String READ_ONLY_TYPE = "basalt#ReadOnlyMcpServer";

    private static Map<String, Object> readOnlyRefusal(McpTools.Tool tool) {
        String message = tool.name() + " writes, and this MCP server is read-only: start it with --mcp-allow-writes to let"
                + " agents change items and tables.";
        return object("content", List.of(object("type", "text", "text", "ReadOnlyMcpServer: " + message)),
                "structuredContent", object("__type", READ_ONLY_TYPE, "message", message), "isError", Boolean.TRUE);
    }

    static Map<String, Object> error(Object id, int code, String message, Object data) {
        Map<String, Object> e = object("code", code, "message", message);
        if (data != null) e.put("data", data);
        return object("jsonrpc", "2.0", "id", id, "error", e);
    }

    /** The service's error in an API answer: its __type and message, as the API's error body has them. */
    record ServiceError(String type, String message) {
        @SuppressWarnings("unchecked")
        static ServiceError of(int status, Object body) {
            Map<String, Object> m = body instanceof Map<?, ?> b ? (Map<String, Object>) b : Map.of();
            Object type = m.get("__type");
            Object message = m.containsKey("message") ? m.get("message") : m.get("Message");
            return new ServiceError(type instanceof String t ? t : "HTTP " + status, message instanceof String s ? s : null);
        }

        String shortType() {
            return type.substring(type.indexOf('#') + 1);
        }

        String summary() {
            return message == null ? shortType() : shortType() + ": " + message;
        }

        Map<String, Object> asObject() {
            Map<String, Object> m = object("__type", type);
            if (message != null) m.put("message", message);
            return m;
        }
    }
}
