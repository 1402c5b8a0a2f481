package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A caller cannot make the authorizer do work or hold memory out of proportion (#34.7): a user
 * without permissions sending two 16 MB UpdateItem bodies of ~900,000 ExpressionAttributeValues is
 * refused at once (the body is never read into a tree: action and resource decide first), and a
 * user confined by dynamodb:LeadingKeys sending one is refused too (substitution variables over the
 * service's 2 MB are not read), while its ordinary requests are served as before.
 */
class AuthorizationBoundsIT {
    static final String ACCOUNT = "111122223333";
    static final String OWN_NOTES = """
            {"Version": "2012-10-17", "Statement": [{"Effect": "Allow",
              "Action": ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"],
              "Resource": "arn:aws:dynamodb:*:*:table/Notes",
              "Condition": {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["${aws:username}"]}}}]}""";

    static Path dir;
    static Basalt server;
    static DynamoDbClient admin, carl;

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-authz-bounds");
        server = AuthServers.start(info.getTestClass().orElseThrow(), dir, ACCOUNT, AuthServers.user(ACCOUNT, "admin", true),
                AuthServers.user(ACCOUNT, "nobody", false), AuthServers.user(ACCOUNT, "carl", false, OWN_NOTES));
        admin = AuthServers.client(server, "admin");
        carl = AuthServers.client(server, "carl");
        Sdk.createHashTable(admin, "Notes");
    }

    @AfterAll
    static void stop() throws IOException {
        for (DynamoDbClient c : new DynamoDbClient[] {admin, carl}) if (c != null) c.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    /** An UpdateItem of {@code owner}'s item whose ExpressionAttributeValues fill a 16 MB body (~900,000 of them). */
    static String hugeUpdate(String owner) {
        StringBuilder b = new StringBuilder(16 * 1024 * 1024);
        b.append("{\"TableName\":\"Notes\",\"Key\":{\"pk\":{\"S\":\"").append(owner)
                .append("\"}},\"UpdateExpression\":\"SET a = :0\",\"ExpressionAttributeValues\":{");
        for (int i = 0; i < 900_000; i++) {
            if (i > 0) b.append(',');
            b.append("\":").append(Integer.toString(i, 36)).append("\":{\"S\":\"x\"}");
        }
        return b.append("}}").toString();
    }

    static String denied(String user, String action) {
        return "User: arn:aws:iam::" + ACCOUNT + ":user/" + user + " is not authorized to perform: dynamodb:" + action
                + " on resource: arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Notes because no identity-based policy allows the dynamodb:"
                + action + " action";
    }

    @Test
    @Covers(operation = "UpdateItem", parameters = "ExpressionAttributeValues")
    void aUserWithoutPermissionsIsRefusedAtOnceForTwoHugeBodies() throws Exception {
        String body = hugeUpdate("nobody");
        assertTrue(body.length() > 15 * 1024 * 1024 && body.length() < 16 * 1024 * 1024, "body of " + body.length());
        RawSigV4.Prepared signed = RawSigV4.signAsSdk(server.endpoint(), "AKIANOBODY", "nobody-secret", "UpdateItem", body);
        long allocatedBefore = allocated();
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> send(signed, body));
        CompletableFuture<HttpResponse<String>> second = CompletableFuture.supplyAsync(() -> send(signed, body));
        for (HttpResponse<String> r : List.of(first.get(), second.get())) {
            AuthServers.assertRefused(r, "AccessDeniedException", denied("nobody", "UpdateItem"));
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        long megabytes = (allocated() - allocatedBefore) >> 20;
        // sending, receiving, hashing and skimming the two bodies allocate some 350 MB (client included); the
        // tree of each body that the authorizer built before #34.7 added 370 MB more (and exhausted a 512 MB heap)
        assertTrue(megabytes < 640, "two refusals allocated " + megabytes + " MB");
        assertTrue(millis < 30_000, "two refusals took " + millis + " ms");
    }

    @Test
    void aConfinedUserSendingSubstitutionsOverTheServicesLimitIsRefused() throws Exception {
        String body = hugeUpdate("carl");
        RawSigV4.Prepared signed = RawSigV4.signAsSdk(server.endpoint(), "AKIACARL", "carl-secret", "UpdateItem", body);
        long allocatedBefore = allocated();
        long started = System.nanoTime();
        AuthServers.assertRefused(signed.send(body), "AccessDeniedException", denied("carl", "UpdateItem"));
        long millis = (System.nanoTime() - started) / 1_000_000;
        long megabytes = (allocated() - allocatedBefore) >> 20;
        // the substitution variables are measured before any is read: no part of their tree is built
        // (some 260 MB are the sending, hashing and skimming; reading them before refusing made it 550)
        assertTrue(megabytes < 400, "the refusal allocated " + megabytes + " MB");
        assertTrue(millis < 30_000, "the refusal took " + millis + " ms");
        assertTrue(!admin.getItem(b -> b.tableName("Notes").key(item("pk", "carl"))).hasItem(), "nothing was written");
        // its ordinary requests still get their condition keys read
        carl.putItem(b -> b.tableName("Notes").item(item("pk", "carl", "text", "mine")));
        carl.updateItem(b -> b.tableName("Notes").key(item("pk", "carl")).updateExpression("SET #t = :t")
                .expressionAttributeNames(java.util.Map.of("#t", "text")).expressionAttributeValues(item(":t", "still mine")));
        assertEquals("still mine", carl.getItem(b -> b.tableName("Notes").key(item("pk", "carl"))).item().get("text").s());
        Sdk.fails(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, "AccessDeniedException",
                denied("carl", "GetItem"), () -> carl.getItem(b -> b.tableName("Notes").key(item("pk", "dora"))));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = "Policy")
    void aPolicyOverTheServicesSizeIsRefusedByItsSizeNotParsedByTheAuthorizer() {
        String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Notes";
        StringBuilder statements = new StringBuilder();
        for (int i = 0; statements.length() < 4 * 1024 * 1024; i++) {
            statements.append(i == 0 ? "" : ",").append("{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::")
                    .append(ACCOUNT).append(":user/u").append(i).append("\"},\"Action\":\"dynamodb:GetItem\",\"Resource\":\"").append(arn)
                    .append("\"}");
        }
        String policy = "{\"Version\":\"2012-10-17\",\"Statement\":[" + statements + "]}";
        Sdk.fails(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, "ValidationException",
                "One or more parameter values were invalid: Maximum policy size of 20480 bytes exceeded",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(policy)));
    }

    /** Heap allocated so far by every thread of this JVM (the server's and the client's). */
    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
    }

    private static HttpResponse<String> send(RawSigV4.Prepared signed, String body) {
        try {
            return signed.send(body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
