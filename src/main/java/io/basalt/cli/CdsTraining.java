package io.basalt.cli;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A short training run for the JVM's class data sharing archive (the launcher runs it once per build
 * with -XX:ArchiveClassesAtExit): starts an on-disk server on a free port and sends it the usual
 * requests over HTTP, so the archive holds the classes a real start and first requests load.
 */
final class CdsTraining {
    private static final String AUTH = "AWS4-HMAC-SHA256 Credential=training/20260101/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0";

    private CdsTraining() {}

    static void run() throws IOException {
        Path dir = Files.createTempDirectory("basalt-cds");
        try (Basalt db = Basalt.start(BasaltConfig.onDiskOnFreePort(dir).withTtlSweepMillis(60_000))) {
            int port = db.port();
            call(port, "CreateTable", """
                    {"TableName":"t","BillingMode":"PAY_PER_REQUEST",
                     "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
                     "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}""");
            call(port, "DescribeTable", "{\"TableName\":\"t\"}");
            call(port, "PutItem", "{\"TableName\":\"t\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"v\":{\"S\":\"x\"}},"
                    + "\"ReturnConsumedCapacity\":\"TOTAL\"}");
            call(port, "GetItem", "{\"TableName\":\"t\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}");
            call(port, "UpdateItem", "{\"TableName\":\"t\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},"
                    + "\"UpdateExpression\":\"SET #v = :v ADD c :one\",\"ConditionExpression\":\"attribute_exists(pk)\","
                    + "\"ExpressionAttributeNames\":{\"#v\":\"v\"},\"ExpressionAttributeValues\":{\":v\":{\"S\":\"y\"},\":one\":{\"N\":\"1\"}}}");
            call(port, "Query", "{\"TableName\":\"t\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"}}}");
            call(port, "Scan", "{\"TableName\":\"t\"}");
            call(port, "BatchWriteItem", "{\"RequestItems\":{\"t\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}}}}]}}");
            call(port, "BatchGetItem", "{\"RequestItems\":{\"t\":{\"Keys\":[{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}}]}}}");
            call(port, "DeleteItem", "{\"TableName\":\"t\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}");
            call(port, "GetItem", "{\"TableName\":\"missing\",\"Key\":{\"pk\":{\"S\":\"a\"}}}");
            call(port, "ListTables", "{}");
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static void call(int port, String operation, String body) throws IOException {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810." + operation + "\r\nX-Amz-Date: 20260101T000000Z\r\n"
                + "Authorization: " + AUTH + "\r\nContent-Length: " + content.length + "\r\nConnection: close\r\n\r\n";
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            InputStream in = s.getInputStream();
            in.readAllBytes();
        }
    }
}
