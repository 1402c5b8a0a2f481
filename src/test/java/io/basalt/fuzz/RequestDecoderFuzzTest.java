package io.basalt.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.server.http.DynamoRequest;
import io.basalt.server.http.RequestDispatcher;
import io.basalt.storage.memory.MemoryStorage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Any body sent to any operation gets an answer of the service's shape: 200 or a 4xx, never a
 * 500, a stack overflow or an exception out of the dispatcher.
 */
class RequestDecoderFuzzTest {
    private static final String[] OPERATIONS = {"PutItem", "GetItem", "UpdateItem", "DeleteItem", "Query", "Scan",
            "BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems", "CreateTable", "UpdateTable",
            "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction", "DescribeTable", "TagResource"};
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=host;x-amz-date;x-amz-target, Signature=abc";
    private static final Engine ENGINE = new Engine(new MemoryStorage());
    private static final RequestDispatcher DISPATCHER = new RequestDispatcher(new OperationRegistry(ENGINE));

    static {
        try {
            answer("CreateTable", """
                    {"TableName":"T","BillingMode":"PAY_PER_REQUEST",
                     "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
                     "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}""".getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static int answer(String operation, byte[] body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return DISPATCHER.dispatch(DynamoRequest.signed("DynamoDB_20120810." + operation, AUTH, "20250101T000000Z"),
                RequestDispatcher.Body.of(body), out, "fuzz");
    }

    @FuzzTest(maxDuration = "20s")
    void anyBodyGetsTheServicesAnswer(FuzzedDataProvider data) throws Exception {
        String operation = data.pickValue(OPERATIONS);
        byte[] body = data.consumeRemainingAsBytes();
        int status = answer(operation, body);
        assertTrue(status == 200 || (status >= 400 && status < 500), operation + " answered " + status);
    }
}
