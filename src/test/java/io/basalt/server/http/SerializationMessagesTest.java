package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.storage.memory.MemoryStorage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service's SerializationException texts for members of the wrong JSON type, through the real
 * operations' parsers: every JSON kind against every member kind, in field and in list/map position.
 * Texts as recorded from the service by dynalite's test suite (architect/dynalite, test/helpers.js).
 */
class SerializationMessagesTest {
    static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=host;x-amz-date;x-amz-target, Signature=abc";
    private static final String NESTED = JsonInTestTexts.NESTED_COLLECTION;
    private static Engine engine;
    private static RequestDispatcher dispatcher;

    @BeforeAll
    static void start() {
        engine = new Engine(new MemoryStorage());
        dispatcher = new RequestDispatcher(new OperationRegistry(engine));
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    /** The response body of an operation called with this JSON body. */
    static String call(RequestDispatcher d, String operation, String body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        d.dispatch(DynamoRequest.signed("DynamoDB_20120810." + operation, AUTH, "20250101T000000Z"),
                RequestDispatcher.Body.of(body.getBytes(StandardCharsets.UTF_8)), out, "REQ");
        return out.toString(StandardCharsets.UTF_8);
    }

    /** {"A":{"B":[v]}} for path "A.B.0": "0" stands for a list element. */
    static String bodyWith(String path, String value) {
        String[] segments = path.split("\\.");
        String v = value;
        for (int i = segments.length - 1; i >= 0; i--) {
            v = segments[i].equals("0") ? "[" + v + "]" : "{\"" + segments[i] + "\":" + v + "}";
        }
        return v;
    }

    static String serialization(String message) {
        return "{\"__type\":\"com.amazon.coral.service#SerializationException\",\"Message\":\"" + message + "\"}";
    }

    private static void expect(String operation, String path, List<String[]> valueAndMessage) throws Exception {
        for (String[] vm : valueAndMessage) {
            String body = bodyWith(path, vm[0]);
            assertEquals(serialization(vm[1]), call(dispatcher, operation, body), operation + " " + body);
        }
    }

    private static List<String[]> cases(String... valueMessagePairs) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < valueMessagePairs.length; i += 2) out.add(new String[] {valueMessagePairs[i], valueMessagePairs[i + 1]});
        return out;
    }

    private static final String STRUCT_FOUND = "Start of structure or map found where not expected";

    static List<String[]> string() {
        return cases("true", "TRUE_VALUE cannot be converted to String", "false", "FALSE_VALUE cannot be converted to String",
                "23", "NUMBER_VALUE cannot be converted to String", "-2147483648", "NUMBER_VALUE cannot be converted to String",
                "2147483648", "NUMBER_VALUE cannot be converted to String", "34.56", "DECIMAL_VALUE cannot be converted to String",
                "[]", "Unrecognized collection type class java.lang.String", "{}", STRUCT_FOUND);
    }

    static List<String[]> bool() {
        return cases("\"23\"", "Unexpected token received from parser", "23", "NUMBER_VALUE cannot be converted to Boolean",
                "-2147483648", "NUMBER_VALUE cannot be converted to Boolean", "2147483648", "NUMBER_VALUE cannot be converted to Boolean",
                "34.56", "DECIMAL_VALUE cannot be converted to Boolean",
                "[]", "Unrecognized collection type class java.lang.Boolean", "{}", STRUCT_FOUND);
    }

    static List<String[]> number(String type) {
        return cases("\"23\"", "STRING_VALUE cannot be converted to " + type, "true", "TRUE_VALUE cannot be converted to " + type,
                "false", "FALSE_VALUE cannot be converted to " + type,
                "[]", "Unrecognized collection type class java.lang." + type, "{}", STRUCT_FOUND);
    }

    static List<String[]> blob() {
        String notBase64 = "only base-64-encoded strings are convertible to bytes";
        return cases("true", notBase64, "23", notBase64, "-2147483648", notBase64, "2147483648", notBase64, "34.56", notBase64,
                "[]", "Unrecognized collection type class java.nio.ByteBuffer", "{}", STRUCT_FOUND,
                "\"23456\"", "Base64 encoded length is expected a multiple of 4 bytes but found: 5",
                "\"=+/=\"", "Invalid last non-pad Base64 character dectected",
                "\"+/+=\"", "Invalid last non-pad Base64 character dectected");
    }

    /** A list, map or structure that is a structure's field, given a scalar. */
    static List<String[]> fieldCollection(String listText) {
        List<String[]> out = cases("\"23\"", "Unexpected field type", "true", "Unexpected field type", "23", "Unexpected field type",
                "34.56", "Unexpected field type");
        out.add(listText == null ? new String[] {"{}", STRUCT_FOUND} : new String[] {"[]", "Unrecognized collection type " + listText});
        return out;
    }

    /** A list or map that is itself a list element or map value, given a scalar. */
    static List<String[]> nestedCollection(String listText) {
        List<String[]> out = cases("\"23\"", NESTED, "true", NESTED, "23", NESTED, "2147483648", NESTED, "34.56", NESTED);
        out.add(listText == null ? new String[] {"{}", STRUCT_FOUND} : new String[] {"[]", "Unrecognized collection type " + listText});
        return out;
    }

    /** A structure that is a list element or map value, given a scalar or a list. */
    static List<String[]> valueStructure(String shape) {
        String m = "Unexpected value type in payload";
        return cases("\"23\"", m, "true", m, "23", m, "34.56", m,
                "[]", "Unrecognized collection type class com.amazonaws.dynamodb.v20120810." + shape);
    }

    static final String AV_MAP = "java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>";

    @Test
    void scalarMembers() throws Exception {
        expect("DescribeTable", "TableName", string());
        expect("GetItem", "ConsistentRead", bool());
        expect("ListTables", "Limit", number("Integer"));
        expect("Scan", "TotalSegments", number("Integer"));
        expect("CreateTable", "ProvisionedThroughput.ReadCapacityUnits", number("Long"));
        expect("GetItem", "ExpressionAttributeNames.Attr", string());
        expect("GetItem", "AttributesToGet.0", string());
    }

    @Test
    void collectionsAndStructures() throws Exception {
        expect("GetItem", "AttributesToGet", fieldCollection(null));
        expect("GetItem", "Key", fieldCollection(AV_MAP));
        expect("GetItem", "ExpressionAttributeNames", fieldCollection("java.util.Map<java.lang.String, java.lang.String>"));
        expect("GetItem", "Key.Attr", valueStructure("AttributeValue"));
        expect("CreateTable", "ProvisionedThroughput",
                fieldCollection("class com.amazonaws.dynamodb.v20120810.ProvisionedThroughput"));
        expect("CreateTable", "KeySchema.0", valueStructure("KeySchemaElement"));
        expect("CreateTable", "GlobalSecondaryIndexes.0.Projection",
                fieldCollection("class com.amazonaws.dynamodb.v20120810.Projection"));
        expect("BatchWriteItem", "RequestItems",
                fieldCollection("java.util.Map<java.lang.String, java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>"));
        expect("BatchWriteItem", "RequestItems.Attr", nestedCollection(null));
        expect("BatchWriteItem", "RequestItems.Attr.0", valueStructure("WriteRequest"));
        expect("BatchGetItem", "RequestItems.Attr.Keys.0", nestedCollection(AV_MAP));
        expect("TransactWriteItems", "TransactItems.0.Update",
                fieldCollection("class com.amazonaws.dynamodb.v20120810.Update"));
    }

    @Test
    void attributeValues() throws Exception {
        String p = "Item.attr";
        expect("PutItem", p, valueStructure("AttributeValue"));
        expect("PutItem", p + ".S", string());
        expect("PutItem", p + ".N", string());
        expect("PutItem", p + ".B", blob());
        expect("PutItem", p + ".BOOL", bool());
        expect("PutItem", p + ".NULL", bool());
        expect("PutItem", p + ".SS", fieldCollection(null));
        expect("PutItem", p + ".SS.0", string());
        expect("PutItem", p + ".BS.0", blob());
        expect("PutItem", p + ".L", fieldCollection(null));
        expect("PutItem", p + ".L.0", valueStructure("AttributeValue"));
        expect("PutItem", p + ".M", fieldCollection(AV_MAP));
        expect("PutItem", p + ".M.a", valueStructure("AttributeValue"));
        expect("PutItem", p + ".M.a.BS.0", blob());
    }
}
