package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The policy docs/security.md gives for "a user confined to its own items" (read from the file, so
 * the documentation cannot drift from what is tested) confines (#34.8): the user's own items are
 * served; Scan, UpdateTable, a PartiQL scan, a Query of an index and another partition's GetItem,
 * Query and transaction Put are refused with the service's AccessDeniedException.
 */
class OwnItemsPolicyIT {
    static final String ACCOUNT = "111122223333";
    static final String NOTES = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Notes";

    static Path dir;
    static Basalt server;
    static DynamoDbClient admin, carl;

    /** The JSON block that follows "A user confined to its own items" in docs/security.md. */
    static String documentedPolicy() throws IOException {
        String doc = Files.readString(Path.of("docs/security.md"));
        int at = doc.indexOf("A user confined to its own items");
        assertTrue(at >= 0, "docs/security.md has no example of a user confined to its own items");
        int start = doc.indexOf("```json\n", at) + "```json\n".length();
        return doc.substring(start, doc.indexOf("```", start));
    }

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-own-items");
        server = AuthServers.start(info.getTestClass().orElseThrow(), dir, ACCOUNT, AuthServers.user(ACCOUNT, "admin", true),
                AuthServers.user(ACCOUNT, "carl", false, documentedPolicy()));
        admin = AuthServers.client(server, "admin");
        carl = AuthServers.client(server, "carl");
        AuthorizationIT.createNotes(admin);
        admin.putItem(b -> b.tableName("Notes").item(item("owner", "alice", "id", "1", "tag", "x", "text", "alice's secret")));
    }

    @AfterAll
    static void stop() throws IOException {
        for (DynamoDbClient c : new DynamoDbClient[] {admin, carl}) if (c != null) c.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static String denied(String action, String resource) {
        return "User: arn:aws:iam::" + ACCOUNT + ":user/carl is not authorized to perform: dynamodb:" + action + " on resource: "
                + resource + " because no identity-based policy allows the dynamodb:" + action + " action";
    }

    @Test
    @Covers(operation = "Query", parameters = "KeyConditionExpression")
    void theUsersOwnItemsAreServed() {
        carl.putItem(b -> b.tableName("Notes").item(item("owner", "carl", "id", "1", "tag", "x", "text", "mine")));
        carl.updateItem(b -> b.tableName("Notes").key(item("owner", "carl", "id", "1")).updateExpression("SET #t = :t")
                .expressionAttributeNames(Map.of("#t", "text")).expressionAttributeValues(item(":t", "still mine")));
        assertEquals("still mine", carl.getItem(b -> b.tableName("Notes").key(item("owner", "carl", "id", "1"))).item().get("text").s());
        assertEquals(1, carl.query(b -> b.tableName("Notes").keyConditionExpression("#o = :o")
                .expressionAttributeNames(Map.of("#o", "owner")).expressionAttributeValues(item(":o", "carl"))).count());
        carl.putItem(b -> b.tableName("Notes").item(item("owner", "carl", "id", "2")));
        carl.deleteItem(b -> b.tableName("Notes").key(item("owner", "carl", "id", "2")));
    }

    @Test
    @Covers(operation = "Scan", parameters = "TableName")
    void scansAndTableChangesAreRefused() {
        fails(DynamoDbException.class, "AccessDeniedException", denied("Scan", NOTES), () -> carl.scan(b -> b.tableName("Notes")));
        fails(DynamoDbException.class, "AccessDeniedException", denied("Scan", NOTES),
                () -> carl.scan(b -> b.tableName("Notes").filterExpression("#o = :o")
                        .expressionAttributeNames(Map.of("#o", "owner")).expressionAttributeValues(item(":o", "carl"))));
        fails(DynamoDbException.class, "AccessDeniedException", denied("UpdateTable", NOTES),
                () -> carl.updateTable(b -> b.tableName("Notes").billingMode(BillingMode.PROVISIONED)
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))));
        fails(DynamoDbException.class, "AccessDeniedException", denied("DeleteTable", NOTES),
                () -> carl.deleteTable(b -> b.tableName("Notes")));
        fails(DynamoDbException.class, "AccessDeniedException", denied("PartiQLSelect", NOTES),
                () -> carl.executeStatement(b -> b.statement("SELECT * FROM \"Notes\"")));
        fails(DynamoDbException.class, "AccessDeniedException", denied("Query", NOTES + "/index/ByTag"),
                () -> carl.query(b -> b.tableName("Notes").indexName("ByTag").keyConditionExpression("tag = :t")
                        .expressionAttributeValues(item(":t", "x"))));
    }

    @Test
    @Covers(operation = "GetItem", parameters = "Key")
    void anotherPartitionIsRefused() {
        fails(DynamoDbException.class, "AccessDeniedException", denied("GetItem", NOTES),
                () -> carl.getItem(b -> b.tableName("Notes").key(item("owner", "alice", "id", "1"))));
        fails(DynamoDbException.class, "AccessDeniedException", denied("Query", NOTES),
                () -> carl.query(b -> b.tableName("Notes").keyConditionExpression("#o = :o")
                        .expressionAttributeNames(Map.of("#o", "owner")).expressionAttributeValues(item(":o", "alice"))));
        fails(DynamoDbException.class, "AccessDeniedException", denied("PutItem", NOTES),
                () -> carl.transactWriteItems(b -> b.transactItems(
                        t -> t.put(p -> p.tableName("Notes").item(item("owner", "carl", "id", "3"))),
                        t -> t.put(p -> p.tableName("Notes").item(item("owner", "alice", "id", "2"))))));
        fails(DynamoDbException.class, "AccessDeniedException", denied("DeleteItem", NOTES),
                () -> carl.deleteItem(b -> b.tableName("Notes").key(item("owner", "alice", "id", "1"))));
        Map<String, AttributeValue> kept = admin.getItem(b -> b.tableName("Notes").key(item("owner", "alice", "id", "1"))).item();
        assertEquals("alice's secret", kept.get("text").s());
        assertTrue(!admin.getItem(b -> b.tableName("Notes").key(item("owner", "carl", "id", "3"))).hasItem(),
                "a refused transaction wrote nothing");
    }
}
