package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What a signature covers (#34.6): the body as received, whatever x-amz-content-sha256 claims
 * ("UNSIGNED-PAYLOAD" is never honoured for DynamoDB), and X-Amz-Target, which must be signed in
 * the Authorization header and in pre-signed query strings alike. Attacks replay a captured
 * signature with another body or another operation; the AWS CLI and boto3 keep working.
 */
class SignatureCoverageIT {
    static final String ACCOUNT = "111122223333";
    static final String MISMATCH = AuthIT.MISMATCH;
    static final String TARGET_NOT_SIGNED = "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.";

    static Path dir;
    static Basalt server;
    static DynamoDbClient alice;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-sigcover");
        server = AuthServers.start(info.getTestClass().orElseThrow(), dir, ACCOUNT, AuthServers.user(ACCOUNT, "alice", true));
        alice = AuthServers.client(server, "alice");
        Sdk.createHashTable(alice, "Notes");
    }

    @AfterAll
    static void stop() throws IOException {
        if (alice != null) alice.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    private static String key(String pk) {
        return "{\"TableName\":\"Notes\",\"Key\":{\"pk\":{\"S\":\"" + pk + "\"}}}";
    }

    private static boolean exists(String pk) {
        return alice.getItem(b -> b.tableName("Notes").key(item("pk", pk)).consistentRead(true)).hasItem();
    }

    private static RawSigV4.Prepared signed(String operation, Map<String, String> extra, List<String> signedHeaders, String payloadHash,
                                            boolean inQuery) throws Exception {
        Map<String, String> headers = RawSigV4.dynamoHeaders(operation);
        headers.putAll(extra);
        return RawSigV4.sign(server.endpoint(), "AKIAALICE", "alice-secret",
                new RawSigV4.Signed(headers, signedHeaders, payloadHash, inQuery));
    }

    @Test
    @Covers(operation = "DeleteItem", parameters = "Key")
    void aCapturedUnsignedPayloadSignatureCannotBeReplayedWithAnotherBody() throws Exception {
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "victim")));
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "captured")));
        for (boolean hashHeaderSigned : new boolean[] {false, true}) {
            List<String> names = hashHeaderSigned ? List.of("content-type", "x-amz-content-sha256", "x-amz-target")
                    : List.of("content-type", "x-amz-target");
            RawSigV4.Prepared captured = signed("DeleteItem", Map.of("x-amz-content-sha256", RawSigV4.UNSIGNED_PAYLOAD), names,
                    RawSigV4.UNSIGNED_PAYLOAD, false);
            AuthServers.assertRefused(captured.send(key("victim")), "InvalidSignatureException", MISMATCH);
            AuthServers.assertRefused(captured.send(key("captured")), "InvalidSignatureException", MISMATCH);
        }
        assertTrue(exists("victim"), "the replay with another body deleted an item");
        assertTrue(exists("captured"));
    }

    @Test
    void aClaimedPayloadHashIsNotTakenOnTrust() throws Exception {
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "kept")));
        String signedBody = key("other");
        RawSigV4.Prepared r = signed("DeleteItem", Map.of("x-amz-content-sha256", RawSigV4.sha256Hex(signedBody)),
                List.of("content-type", "x-amz-content-sha256", "x-amz-target"), RawSigV4.sha256Hex(signedBody), false);
        AuthServers.assertRefused(r.send(key("kept")), "InvalidSignatureException", MISMATCH);
        assertTrue(exists("kept"));
        assertEquals(200, r.send(signedBody).statusCode(), "the body that was signed is served");
    }

    @Test
    @Covers(operation = "Scan", parameters = "TableName")
    void aPreSignedUrlWithoutTheTargetCannotBecomeAnotherOperation() throws Exception {
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "secret")));
        // a GetItem URL signed over the host only and no payload hash, as the review built it
        RawSigV4.Prepared url = signed("GetItem", Map.of(), List.of("host"), RawSigV4.UNSIGNED_PAYLOAD, true);
        HttpResponse<String> scan = url.send("{\"TableName\":\"Notes\"}", Map.of("x-amz-target", "DynamoDB_20120810.Scan",
                "x-amz-content-sha256", RawSigV4.UNSIGNED_PAYLOAD));
        AuthServers.assertRefused(scan, "InvalidSignatureException", TARGET_NOT_SIGNED);
        // the same with the body's own hash: still the target is not covered
        String get = key("secret");
        RawSigV4.Prepared hashed = signed("GetItem", Map.of(), List.of("host"), RawSigV4.sha256Hex(get), true);
        AuthServers.assertRefused(hashed.send(get), "InvalidSignatureException", TARGET_NOT_SIGNED);
        // and in the Authorization header
        RawSigV4.Prepared header = signed("GetItem", Map.of(), List.of("content-type"), RawSigV4.sha256Hex(get), false);
        AuthServers.assertRefused(header.send(get), "InvalidSignatureException", TARGET_NOT_SIGNED);
    }

    @Test
    @Covers(operation = "GetItem", parameters = "Key")
    void aPreSignedUrlServesOnlyTheRequestItWasSignedFor() throws Exception {
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "shared")));
        String get = key("shared");
        RawSigV4.Prepared url = signed("GetItem", Map.of(), List.of("host", "x-amz-target"), RawSigV4.sha256Hex(get), true);
        HttpResponse<String> ok = url.send(get);
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals("{\"Item\":{\"pk\":{\"S\":\"shared\"}}}", ok.body());
        AuthServers.assertRefused(url.send(get, Map.of("x-amz-target", "DynamoDB_20120810.DeleteItem")), "InvalidSignatureException", MISMATCH);
        AuthServers.assertRefused(url.send("{\"TableName\":\"Notes\"}", Map.of("x-amz-target", "DynamoDB_20120810.Scan")),
                "InvalidSignatureException", MISMATCH);
        AuthServers.assertRefused(url.send(key("secret")), "InvalidSignatureException", MISMATCH);
        assertTrue(exists("shared"));
    }

    /**
     * The AWS CLI and boto3 sign X-Amz-Target and the body; boto3's pre-signed URLs sign X-Amz-Target
     * too (they cannot be used for DynamoDB anyway, against the service neither: boto3 moves the
     * parameters into the query string and signs an empty body, github.com/boto/boto3/issues/3512).
     */
    @Test
    void theAwsCliAndBoto3SignWhatIsRequired() throws Exception {
        alice.putItem(b -> b.tableName("Notes").item(item("pk", "cli")));
        ProcessBuilder cli = new ProcessBuilder("aws", "dynamodb", "get-item", "--table-name", "Notes", "--key", "{\"pk\":{\"S\":\"cli\"}}",
                "--endpoint-url", server.endpoint().toString(), "--region", "us-east-1", "--output", "json").redirectErrorStream(true);
        cli.environment().put("AWS_ACCESS_KEY_ID", "AKIAALICE");
        cli.environment().put("AWS_SECRET_ACCESS_KEY", "alice-secret");
        cli.environment().remove("AWS_SESSION_TOKEN");
        cli.environment().put("AWS_CONFIG_FILE", dir.resolve("none").toString());
        Process p = cli.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("\"cli\""), out);
        String script = """
                import boto3, botocore, sys, urllib.parse
                c = boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1",
                    aws_access_key_id="AKIAALICE", aws_secret_access_key="alice-secret",
                    config=botocore.config.Config(retries={"max_attempts": 0}))
                print(c.get_item(TableName="Notes", Key={"pk": {"S": "cli"}})["Item"]["pk"]["S"])
                url = c.generate_presigned_url("get_item", Params={"TableName": "Notes", "Key": {"pk": {"S": "cli"}}})
                print("x-amz-target" in urllib.parse.parse_qs(urllib.parse.urlparse(url).query)["X-Amz-SignedHeaders"][0].split(";"))
                """;
        Path py = dir.resolve("sign_check.py");
        Files.writeString(py, script);
        Process b = new ProcessBuilder("python3", py.toString(), server.endpoint().toString()).redirectErrorStream(true).start();
        String output = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, b.waitFor(), output);
        assertEquals(List.of("cli", "True"), output.lines().toList(), output);
    }
}
