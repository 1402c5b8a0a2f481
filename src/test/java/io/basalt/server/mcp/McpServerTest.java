package io.basalt.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON-RPC layer against a recording API: messages, errors, version negotiation, argument conversion, read-only refusals. */
class McpServerTest {
    private final List<String> calls = new ArrayList<>();
    private ApiCaller.Answer next = new ApiCaller.Answer(200, "{\"TableNames\":[]}".getBytes(StandardCharsets.UTF_8));
    private final ApiCaller api = (operation, body) -> {
        calls.add(operation + " " + new String(body, StandardCharsets.UTF_8));
        return next;
    };

    private String answer(McpServer server, String message) {
        byte[] a = server.handle(message.getBytes(StandardCharsets.UTF_8), api);
        return a == null ? null : new String(a, StandardCharsets.UTF_8);
    }

    private String call(McpServer server, String tool, String arguments) {
        return answer(server, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":"
                + arguments + "}}");
    }

    @Test
    void initializeEchoesASupportedVersionAndOffersTheNewestOtherwise() {
        McpServer s = new McpServer(false, "1.2");
        String a = answer(s, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}}");
        assertTrue(a.startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{\"tools\""), a);
        assertTrue(a.contains("\"serverInfo\":{\"name\":\"basalt\""), a);
        String newest = answer(s, "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"1999-01-01\"}}");
        assertTrue(newest.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{\"protocolVersion\":\"" + McpServer.PROTOCOL_VERSIONS.get(0) + "\""),
                newest);
    }

    @Test
    void protocolErrorsHaveTheirJsonRpcCodes() {
        McpServer s = new McpServer(false, null);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}", answer(s, "{\"jsonrpc\":"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: a message is one JSON object\"}}",
                answer(s, "[]"));
        assertEquals("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: a message is one JSON object\"}}]",
                answer(s, "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"},7]"));
        assertNull(answer(s, "[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\"}}",
                answer(s, "{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32601,\"message\":\"Method not found: prompts/list\"}}",
                answer(s, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/list\"}"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32602,\"message\":\"Unknown tool: nope\"}}",
                answer(s, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32602,\"message\":\"Invalid params: arguments must be an object\"}}",
                answer(s, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"scan\",\"arguments\":[]}}"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}", answer(s, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}"));
    }

    @Test
    void notificationsAndResponsesGetNoAnswer() {
        McpServer s = new McpServer(false, null);
        assertNull(answer(s, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
        assertNull(answer(s, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
        assertTrue(calls.isEmpty());
    }

    @Test
    void plainValuesBecomeDynamoJsonAndPagesGetALimit() {
        McpServer s = new McpServer(false, null);
        call(s, "query", "{\"TableName\":\"Orders\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":"
                + "{\":p\":\"c#1\",\":n\":12345678901234567890.5,\":b\":{\"B\":\"AQI=\"},\":m\":{\"a\":[true,null]}}}");
        assertEquals(List.of("Query {\"TableName\":\"Orders\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":"
                + "{\":p\":{\"S\":\"c#1\"},\":n\":{\"N\":\"12345678901234567890.5\"},\":b\":{\"B\":\"AQI=\"},"
                + "\":m\":{\"M\":{\"a\":{\"L\":[{\"BOOL\":true},{\"NULL\":true}]}}}},\"Limit\":100}"), calls);
        calls.clear();
        call(s, "execute_partiql", "{\"Statement\":\"SELECT * FROM t WHERE a = ?\",\"Parameters\":[1]}");
        call(s, "batch_get_item", "{\"RequestItems\":{\"T\":{\"Keys\":[{\"pk\":\"a\"}]}}}");
        assertEquals(List.of("ExecuteStatement {\"Statement\":\"SELECT * FROM t WHERE a = ?\",\"Parameters\":[{\"N\":\"1\"}]}",
                "BatchGetItem {\"RequestItems\":{\"T\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}}"), calls);
    }

    @Test
    void writesAreRefusedOnAReadOnlyServerWithoutCallingTheApi() {
        McpServer s = new McpServer(false, null);
        for (String tool : List.of("create_table", "update_table", "delete_table", "put_item", "update_item", "delete_item", "batch_write_item",
                "transact_write_items")) {
            String a = call(s, tool, "{}");
            assertTrue(a.contains("\"structuredContent\":{\"__type\":\"basalt#ReadOnlyMcpServer\",\"message\":\"" + tool
                    + " writes, and this MCP server is read-only: start it with --mcp-allow-writes to let agents change items and tables.\"},"
                    + "\"isError\":true"), a);
        }
        assertTrue(call(s, "execute_partiql", "{\"Statement\":\" insert INTO t VALUE {'a': 1}\"}").contains("ReadOnlyMcpServer"));
        assertTrue(calls.isEmpty());
        call(s, "execute_partiql", "{\"Statement\":\"select * from t\"}");
        assertEquals(1, calls.size());
        McpServer writable = new McpServer(true, null);
        call(writable, "put_item", "{\"TableName\":\"t\",\"Item\":{\"a\":1}}");
        assertEquals("PutItem {\"TableName\":\"t\",\"Item\":{\"a\":{\"N\":\"1\"}}}", calls.get(1));
    }

    @Test
    void anApiErrorIsAToolErrorWithTheServicesTypeAndMessage() {
        next = new ApiCaller.Answer(400, ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException\","
                + "\"message\":\"Requested resource not found\"}").getBytes(StandardCharsets.UTF_8));
        String a = call(new McpServer(false, null), "get_item", "{\"TableName\":\"t\",\"Key\":{\"a\":1}}");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"ResourceNotFoundException: "
                + "Requested resource not found\"}],\"structuredContent\":{\"__type\":\"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException\","
                + "\"message\":\"Requested resource not found\"},\"isError\":true}}", a);
    }

    @Test
    void resourcesAreTheTablesAndReadingOneDescribesIt() {
        McpServer s = new McpServer(false, null);
        next = new ApiCaller.Answer(200, "{\"TableNames\":[\"Orders\"]}".getBytes(StandardCharsets.UTF_8));
        String list = answer(s, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}");
        assertTrue(list.contains("\"uri\":\"basalt://tables/Orders\""), list);
        next = new ApiCaller.Answer(200, "{\"Table\":{\"TableName\":\"Orders\"}}".getBytes(StandardCharsets.UTF_8));
        String read = answer(s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\"basalt://tables/Orders\"}}");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"contents\":[{\"uri\":\"basalt://tables/Orders\",\"mimeType\":\"application/json\","
                + "\"text\":\"{\\\"TableName\\\":\\\"Orders\\\"}\"}]}}", read);
        assertEquals("DescribeTable {\"TableName\":\"Orders\"}", calls.get(1));
        String unknown = answer(s, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"file:///etc/passwd\"}}");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32002,\"message\":\"Resource not found\",\"data\":{\"uri\":\"file:///etc/passwd\"}}}",
                unknown);
    }

    @Test
    void modelToolsAreOfferedOnlyWhenTheWiringGivesThem() {
        McpServer plain = new McpServer(false, null);
        assertFalse(answer(plain, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}").contains("model_check"));
        assertTrue(call(plain, "model_check", "{\"ModelFile\":\"m.yaml\"}").contains("\"code\":-32602"));
        List<String> asked = new ArrayList<>();
        McpServer withModels = new McpServer(false, null).modelTools(new ModelTools() {
            @Override public Outcome check(String modelFile, String hotShare) {
                asked.add("check " + modelFile + " " + hotShare);
                return new Outcome(1, "{\"ok\":false}", "");
            }

            @Override public Outcome estimate(String modelFile, String pricesFile) {
                asked.add("estimate " + modelFile + " " + pricesFile);
                return new Outcome(2, "", "basalt migrate estimate: no such file: m.yaml\n");
            }
        });
        assertTrue(answer(withModels, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}").contains("\"name\":\"estimate\""));
        assertTrue(call(withModels, "model_check", "{\"ModelFile\":\"m.yaml\",\"HotShare\":\"0.2\"}")
                .contains("\"structuredContent\":{\"ok\":false},\"isError\":false"));
        assertTrue(call(withModels, "estimate", "{\"ModelFile\":\"m.yaml\"}").contains("\"structuredContent\":{\"__type\":\"basalt#ModelError\","
                + "\"message\":\"basalt migrate estimate: no such file: m.yaml\"},\"isError\":true"));
        assertEquals(List.of("check m.yaml 0.2", "estimate m.yaml null"), asked);
        assertTrue(calls.isEmpty());
    }

    @Test
    void theStdioTransportAnswersLineByLine() throws Exception {
        String in = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioTransport.run(new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)), out, new McpServer(false, null), api);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyToolHasAnObjectSchemaAndAnnotations() {
        for (McpTools.Tool t : McpTools.ALL) {
            Map<String, Object> l = t.listing();
            assertEquals("object", ((Map<?, ?>) l.get("inputSchema")).get("type"), t.name());
            assertEquals(!t.writes() && !t.name().equals("execute_partiql"), ((Map<?, ?>) l.get("annotations")).get("readOnlyHint"), t.name());
        }
        assertFalse(McpTools.partiqlWrites("SELECT * FROM t"));
        assertTrue(McpTools.partiqlWrites("DELETE FROM t WHERE a = 1"));
    }
}
