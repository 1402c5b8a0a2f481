package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bad input never produces a 500: random well-formed JSON bodies (wrong member types, nulls, empty
 * and odd values, deep values) for every operation must come back as a 200 or a 4xx with a body.
 */
class BadInputFuzzIT extends ServerTestBase {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x";
    private static final String[] OPERATIONS = {"CreateTable", "DescribeTable", "ListTables", "DeleteTable", "UpdateTable",
            "TagResource", "UntagResource", "ListTagsOfResource", "UpdateTimeToLive", "DescribeTimeToLive", "PutItem", "GetItem",
            "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems",
            "PutResourcePolicy", "GetResourcePolicy", "DeleteResourcePolicy"};
    private static final String[] MEMBERS = {"TableName", "Key", "Item", "KeySchema", "AttributeDefinitions", "ProvisionedThroughput",
            "BillingMode", "UpdateExpression", "ConditionExpression", "FilterExpression", "KeyConditionExpression",
            "ProjectionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues", "ReturnValues", "Limit",
            "ExclusiveStartKey", "Select", "Segment", "TotalSegments", "RequestItems", "TransactItems", "ResourceArn", "Tags",
            "TimeToLiveSpecification", "Expected", "AttributeUpdates", "KeyConditions", "GlobalSecondaryIndexes",
            "LocalSecondaryIndexes", "StreamSpecification", "GlobalSecondaryIndexUpdates", "IndexName", "AttributesToGet",
            "Policy", "ExpectedRevisionId", "ConfirmRemoveSelfResourceAccess"};

    private final Random random = new Random(20261122);

    private String value(int depth) {
        int kind = random.nextInt(depth > 3 ? 6 : 11);
        return switch (kind) {
            case 0 -> "null";
            case 1 -> "\"" + pick("fuzz_tbl", "", "a", "pk", "#n", ":v", "SET a = :v", "a = :v", "ALL_NEW", "S", "HASH", "x".repeat(300)) + "\"";
            case 2 -> Integer.toString(random.nextInt(2_000_000) - 1000);
            case 3 -> random.nextBoolean() ? "true" : "false";
            case 4 -> "1.5e3";
            case 5 -> "{}";
            case 6 -> "[" + value(depth + 1) + "," + value(depth + 1) + "]";
            case 7 -> "{\"" + pick("S", "N", "B", "M", "L", "SS", "NULL", "BOOL", "pk", "Action", "Put") + "\":" + value(depth + 1) + "}";
            case 8 -> "{\"pk\":{\"" + pick("S", "N", "B") + "\":" + value(depth + 1) + "}}";
            case 9 -> "[{\"AttributeName\":" + value(depth + 1) + ",\"" + pick("KeyType", "AttributeType") + "\":" + value(depth + 1) + "}]";
            default -> "{\"" + pick(MEMBERS) + "\":" + value(depth + 1) + "}";
        };
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

    @Test
    void randomBodiesNeverCauseServerErrors() throws Exception {
        Sdk.createHashTable(ddb, "fuzz_tbl");
        HttpClient http = HttpClient.newHttpClient();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            StringBuilder body = new StringBuilder("{");
            int members = random.nextInt(5);
            boolean named = random.nextBoolean();
            if (named) body.append("\"TableName\":\"fuzz_tbl\"");
            for (int m = 0; m < members; m++) {
                if (m > 0 || named) body.append(',');
                body.append('"').append(pick(MEMBERS)).append("\":").append(value(0));
            }
            body.append('}');
            String op = pick(OPERATIONS);
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.endpoint())
                    .header("Content-Type", "application/x-amz-json-1.0").header("X-Amz-Target", "DynamoDB_20120810." + op)
                    .header("Authorization", AUTH).header("X-Amz-Date", "20250101T000000Z").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() >= 500) failures.add(op + " " + body + " -> " + r.body());
            if (r.body().contains("IncompleteSignature")) failures.add("the request itself was refused: " + r.body());
        }
        assertTrue(failures.isEmpty(), failures.size() + " server errors, e.g. " + failures.subList(0, Math.min(5, failures.size())));
    }
}
