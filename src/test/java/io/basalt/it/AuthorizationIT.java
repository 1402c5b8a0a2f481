package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.compat.Covers;
import io.basalt.server.auth.AuthFile;
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
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PolicyNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Identity policies from the auth file and resource policies (PutResourcePolicy) decide what a
 * verified caller may do, with the service's AccessDeniedException texts, through the AWS SDK for
 * Java v2: a read-only user on one table, a user confined to the items whose partition key is its
 * name (dynamodb:LeadingKeys = ${aws:username}), explicit denies, and a resource policy granting a
 * user without identity policies.
 */
class AuthorizationIT {
    static final String ACCOUNT = "111122223333";
    static final String BOOKS = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Books";
    static final String NOTES = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Notes";

    static Path dir;
    static Basalt server;
    static DynamoDbClient admin, reader, carl, writer, fine;

    static final String READER_POLICY = """
            {"Version": "2012-10-17", "Statement": [
              {"Sid": "ReadBooks", "Effect": "Allow",
               "Action": ["dynamodb:Get*", "dynamodb:Query", "dynamodb:Scan", "dynamodb:BatchGetItem", "dynamodb:Describe*",
                          "dynamodb:PartiQLSelect"],
               "Resource": ["arn:aws:dynamodb:*:*:table/Books", "arn:aws:dynamodb:*:*:table/Books/index/*"]},
              {"Effect": "Deny", "Action": "dynamodb:Scan", "Resource": "*",
               "Condition": {"StringNotEquals": {"dynamodb:Select": "COUNT"}}},
              {"Effect": "Deny", "Action": "dynamodb:PartiQLSelect", "Resource": "*",
               "Condition": {"Bool": {"dynamodb:FullTableScan": "true"}}}]}""";

    static final String OWNER_POLICY = """
            {"Version": "2012-10-17", "Statement": {
               "Effect": "Allow", "Action": "dynamodb:*",
               "Resource": ["arn:aws:dynamodb:*:${aws:PrincipalAccount}:table/Notes", "arn:aws:dynamodb:*:*:table/Notes/index/*"],
               "Condition": {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["${aws:username}"]}}}}""";

    static final String FINE_POLICY = """
            {"Version": "2012-10-17", "Statement": [
              {"Effect": "Allow", "Action": "dynamodb:GetItem", "Resource": "arn:aws:dynamodb:*:*:table/Books",
               "Condition": {"ForAllValues:StringEquals": {"dynamodb:Attributes": ["pk", "title"]},
                             "StringEqualsIfExists": {"dynamodb:Select": "SPECIFIC_ATTRIBUTES"}}},
              {"Effect": "Allow", "Action": ["dynamodb:PutItem", "dynamodb:UpdateItem"], "Resource": "arn:aws:dynamodb:*:*:table/Books",
               "Condition": {"StringEquals": {"dynamodb:EnclosingOperation": "TransactWriteItems"}}},
              {"Effect": "Deny", "Action": "dynamodb:*", "Resource": "*",
               "Condition": {"StringEquals": {"dynamodb:ReturnValues": "ALL_OLD"}}},
              {"Effect": "Deny", "Action": "dynamodb:DeleteItem", "Resource": "*",
               "Condition": {"IpAddress": {"aws:SourceIp": "127.0.0.0/8"}, "Bool": {"aws:SecureTransport": "false"}}}]}""";

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-authz");
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(ACCOUNT, "main")), List.of(
                new AuthFile.User("admin", ACCOUNT, List.of(new AuthFile.AccessKey("AKIAADMIN", "admin-secret", null)), List.of(), true),
                new AuthFile.User("reader", ACCOUNT, List.of(new AuthFile.AccessKey("AKIAREADER", "reader-secret", null)),
                        List.of(READER_POLICY)),
                new AuthFile.User("carl", ACCOUNT, List.of(new AuthFile.AccessKey("AKIACARL", "carl-secret", null)), List.of(OWNER_POLICY)),
                new AuthFile.User("fine", ACCOUNT, List.of(new AuthFile.AccessKey("AKIAFINE", "fine-secret", null)), List.of(FINE_POLICY)),
                new AuthFile.User("writer", ACCOUNT, List.of(new AuthFile.AccessKey("AKIAWRITER", "writer-secret", null)), List.of())))
                .write(authFile);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withAuthFile(authFile));
        admin = client("AKIAADMIN", "admin-secret");
        reader = client("AKIAREADER", "reader-secret");
        carl = client("AKIACARL", "carl-secret");
        writer = client("AKIAWRITER", "writer-secret");
        fine = client("AKIAFINE", "fine-secret");
        admin.createTable(b -> b.tableName("Books").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("author").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("ByAuthor").keySchema(k -> k.attributeName("author").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        createNotes(admin);
        admin.putItem(b -> b.tableName("Books").item(item("pk", "b1", "author", "ann", "title", "Dune")));
        admin.putItem(b -> b.tableName("Notes").item(item("owner", "alice", "id", "1", "tag", "x")));
    }

    /** Notes: owner (partition key), id (sort key), and the index ByTag on tag. */
    static void createNotes(DynamoDbClient admin) {
        admin.createTable(b -> b.tableName("Notes").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("owner").keyType(KeyType.HASH), k -> k.attributeName("id").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("owner").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("id").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("tag").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("ByTag").keySchema(k -> k.attributeName("tag").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    @AfterAll
    static void stop() throws IOException {
        for (DynamoDbClient c : new DynamoDbClient[] {admin, reader, carl, writer, fine}) if (c != null) c.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    static String noAllow(String user, String action, String resource) {
        return "User: arn:aws:iam::" + ACCOUNT + ":user/" + user + " is not authorized to perform: dynamodb:" + action
                + " on resource: " + resource + " because no identity-based policy allows the dynamodb:" + action + " action";
    }

    static void denied(String message, org.junit.jupiter.api.function.Executable call) {
        fails(DynamoDbException.class, "AccessDeniedException", message, call);
    }

    @Test
    @Covers(operation = "GetItem", parameters = "Key")
    @Covers(operation = "PutItem", parameters = "Item")
    void aReadOnlyUserReadsButDoesNotWrite() {
        assertEquals("Dune", reader.getItem(b -> b.tableName("Books").key(item("pk", "b1"))).item().get("title").s());
        denied(noAllow("reader", "PutItem", BOOKS), () -> reader.putItem(b -> b.tableName("Books").item(item("pk", "b2"))));
        denied(noAllow("reader", "GetItem", NOTES), () -> reader.getItem(b -> b.tableName("Notes").key(item("owner", "alice", "id", "1"))));
        // a user without policies (and without allowAll) may do nothing
        denied(noAllow("writer", "GetItem", BOOKS), () -> writer.getItem(b -> b.tableName("Books").key(item("pk", "b1"))));
    }

    @Test
    @Covers(operation = "Query", parameters = {"IndexName", "KeyConditionExpression"})
    void indexesAreTheirOwnResource() {
        assertEquals(1, reader.query(b -> b.tableName("Books").indexName("ByAuthor").keyConditionExpression("author = :a")
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("ann")))).count());
        denied(noAllow("reader", "Query", NOTES + "/index/ByTag"), () -> reader.query(b -> b.tableName("Notes").indexName("ByTag")
                .keyConditionExpression("tag = :t").expressionAttributeValues(Map.of(":t", AttributeValue.fromS("x")))));
    }

    @Test
    @Covers(operation = "Scan", parameters = "Select")
    void anExplicitDenyInAnIdentityPolicyIsNamed() {
        assertTrue(reader.scan(b -> b.tableName("Books").select("COUNT")).count() >= 1);
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/reader is not authorized to perform: dynamodb:Scan on resource: " + BOOKS
                + " with an explicit deny in an identity-based policy", () -> reader.scan(b -> b.tableName("Books")));
    }

    @Test
    @Covers(operation = "PutItem", parameters = "Item")
    @Covers(operation = "Query", parameters = "KeyConditionExpression")
    void leadingKeysConfineAUserToItsOwnItems() {
        carl.putItem(b -> b.tableName("Notes").item(item("owner", "carl", "id", "1", "tag", "t")));
        assertEquals("t", carl.getItem(b -> b.tableName("Notes").key(item("owner", "carl", "id", "1"))).item().get("tag").s());
        assertEquals(1, carl.query(b -> b.tableName("Notes").keyConditionExpression("#o = :o AND id = :one")
                .expressionAttributeNames(Map.of("#o", "owner"))
                .expressionAttributeValues(Map.of(":o", AttributeValue.fromS("carl"), ":one", AttributeValue.fromS("1")))).count());
        denied(noAllow("carl", "PutItem", NOTES), () -> carl.putItem(b -> b.tableName("Notes").item(item("owner", "alice", "id", "2"))));
        denied(noAllow("carl", "GetItem", NOTES), () -> carl.getItem(b -> b.tableName("Notes").key(item("owner", "alice", "id", "1"))));
        denied(noAllow("carl", "Query", NOTES), () -> carl.query(b -> b.tableName("Notes").keyConditionExpression("(#o) = :o")
                .expressionAttributeNames(Map.of("#o", "owner")).expressionAttributeValues(Map.of(":o", AttributeValue.fromS("alice")))));
        // on the index, the leading key is the index's partition key
        denied(noAllow("carl", "Query", NOTES + "/index/ByTag"), () -> carl.query(b -> b.tableName("Notes").indexName("ByTag")
                .keyConditionExpression("tag = :t").expressionAttributeValues(Map.of(":t", AttributeValue.fromS("t")))));
    }

    @Test
    @Covers(operation = "GetItem", parameters = "ProjectionExpression")
    @Covers(operation = "TransactWriteItems", parameters = "TransactItems")
    @Covers(operation = "UpdateItem", parameters = "ReturnValues")
    void attributesSelectEnclosingOperationAndReturnValuesAreConditionKeys() {
        assertEquals("Dune", fine.getItem(b -> b.tableName("Books").key(item("pk", "b1")).projectionExpression("title"))
                .item().get("title").s());
        denied(noAllow("fine", "GetItem", BOOKS), () -> fine.getItem(b -> b.tableName("Books").key(item("pk", "b1"))
                .projectionExpression("title, author")));
        denied(noAllow("fine", "PutItem", BOOKS), () -> fine.putItem(b -> b.tableName("Books").item(item("pk", "f1"))));
        fine.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p.tableName("Books").item(item("pk", "f1")))));
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/fine is not authorized to perform: dynamodb:UpdateItem on resource: " + BOOKS
                + " with an explicit deny in an identity-based policy", () -> fine.updateItem(b -> b.tableName("Books")
                .key(item("pk", "f1")).updateExpression("SET title = :t")
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("x"))).returnValues("ALL_OLD")));
        // the client's address and plain HTTP are condition keys too
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/fine is not authorized to perform: dynamodb:DeleteItem on resource: " + BOOKS
                + " with an explicit deny in an identity-based policy", () -> fine.deleteItem(b -> b.tableName("Books").key(item("pk", "f1"))));
    }

    @Test
    @Covers(operation = "BatchWriteItem", parameters = "RequestItems")
    void aBatchNeedsEveryItemAllowed() {
        carl.batchWriteItem(b -> b.requestItems(Map.of("Notes", List.of(
                WriteRequest.builder().putRequest(p -> p.item(item("owner", "carl", "id", "b1"))).build()))));
        denied(noAllow("carl", "BatchWriteItem", NOTES), () -> carl.batchWriteItem(b -> b.requestItems(Map.of("Notes", List.of(
                WriteRequest.builder().putRequest(p -> p.item(item("owner", "carl", "id", "b2"))).build(),
                WriteRequest.builder().deleteRequest(d -> d.key(item("owner", "alice", "id", "1"))).build())))));
        denied(noAllow("reader", "BatchWriteItem", BOOKS), () -> reader.batchWriteItem(b -> b.requestItems(Map.of("Books", List.of(
                WriteRequest.builder().putRequest(p -> p.item(item("pk", "x"))).build())))));
    }

    @Test
    @Covers(operation = "TransactWriteItems", parameters = "TransactItems")
    void transactionsNeedTheSingleItemActions() {
        denied(noAllow("reader", "UpdateItem", BOOKS), () -> reader.transactWriteItems(b -> b.transactItems(
                t -> t.update(u -> u.tableName("Books").key(item("pk", "b1")).updateExpression("SET title = :t")
                        .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("x")))))));
        carl.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p.tableName("Notes").item(item("owner", "carl", "id", "t1")))));
        denied(noAllow("carl", "PutItem", NOTES), () -> carl.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName("Notes").item(item("owner", "carl", "id", "t2"))),
                t -> t.put(p -> p.tableName("Notes").item(item("owner", "bob", "id", "t3"))))));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = "Statement")
    void partiqlStatementsNeedThePartiqlActions() {
        assertEquals(1, reader.executeStatement(b -> b.statement("SELECT * FROM Books WHERE pk = 'b1'")).items().size());
        denied(noAllow("reader", "PartiQLInsert", BOOKS),
                () -> reader.executeStatement(b -> b.statement("INSERT INTO Books VALUE {'pk': 'p1'}")));
        denied(noAllow("reader", "PartiQLUpdate", BOOKS),
                () -> reader.executeStatement(b -> b.statement("UPDATE Books SET title = 'x' WHERE pk = 'b1'")));
        // dynamodb:FullTableScan: a SELECT that fixes no partition is a scan, and this reader may not scan
        assertEquals(1, reader.executeStatement(b -> b.statement("SELECT title FROM Books WHERE pk IN ['b1', 'b9']")).items().size());
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/reader is not authorized to perform: dynamodb:PartiQLSelect on resource: " + BOOKS
                + " with an explicit deny in an identity-based policy",
                () -> reader.executeStatement(b -> b.statement("SELECT * FROM Books WHERE title = 'Dune'")));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "Parameters"})
    @Covers(operation = "BatchExecuteStatement", parameters = "Statements")
    void partiqlStatementsCarryTheirLeadingKeys() {
        carl.executeStatement(b -> b.statement("INSERT INTO Notes VALUE {'owner': 'carl', 'id': 'q1', 'tag': 'p'}"));
        assertEquals(1, carl.executeStatement(b -> b.statement("SELECT * FROM Notes WHERE \"owner\" = ? AND id = 'q1'")
                .parameters(AttributeValue.fromS("carl"))).items().size());
        carl.executeStatement(b -> b.statement("UPDATE Notes SET tag = 'q' WHERE \"owner\" = 'carl' AND id = 'q1'"));
        denied(noAllow("carl", "PartiQLInsert", NOTES),
                () -> carl.executeStatement(b -> b.statement("INSERT INTO Notes VALUE {'owner': 'alice', 'id': 'q2'}")));
        denied(noAllow("carl", "PartiQLSelect", NOTES), () -> carl.executeStatement(b -> b.statement(
                "SELECT * FROM Notes WHERE \"owner\" = ?").parameters(AttributeValue.fromS("alice"))));
        denied(noAllow("carl", "PartiQLUpdate", NOTES), () -> carl.executeStatement(b -> b.statement(
                "UPDATE Notes SET tag = 'z' WHERE \"owner\" = 'alice' AND id = '1'")));
        denied(noAllow("carl", "PartiQLDelete", NOTES), () -> carl.executeStatement(b -> b.statement(
                "DELETE FROM Notes WHERE \"owner\" = 'alice' AND id = '1'")));
        // a batch needs every statement allowed (its own statements' keys united)
        denied(noAllow("carl", "PartiQLDelete", NOTES), () -> carl.batchExecuteStatement(b -> b.statements(
                s -> s.statement("DELETE FROM Notes WHERE \"owner\" = 'carl' AND id = 'q1'"),
                s -> s.statement("DELETE FROM Notes WHERE \"owner\" = 'alice' AND id = '1'"))));
        carl.executeStatement(b -> b.statement("DELETE FROM Notes WHERE \"owner\" = 'carl' AND id = 'q1'"));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = "ResourcePolicy")
    void aResourcePolicyGivenAtCreationApplies() {
        String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Drawer";
        String policy = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
                + "\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":user/writer\"},\"Action\":\"dynamodb:PutItem\","
                + "\"Resource\":\"" + arn + "\"}]}";
        admin.createTable(b -> b.tableName("Drawer").billingMode(BillingMode.PAY_PER_REQUEST).resourcePolicy(policy)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
        assertEquals(policy, admin.getResourcePolicy(b -> b.resourceArn(arn)).policy());
        writer.putItem(b -> b.tableName("Drawer").item(item("pk", "d1")));
        denied(noAllow("writer", "GetItem", arn), () -> writer.getItem(b -> b.tableName("Drawer").key(item("pk", "d1"))));
        DynamoDbException bad = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class,
                () -> admin.createTable(b -> b.tableName("Drawer2").billingMode(BillingMode.PAY_PER_REQUEST).resourcePolicy("{not a policy")
                        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        assertEquals("ValidationException", bad.awsErrorDetails().errorCode());
        assertEquals("One or more parameter values were invalid: Invalid policy document: This policy contains invalid Json",
                bad.awsErrorDetails().errorMessage());
        assertEquals(List.of(), admin.listTables().tableNames().stream().filter("Drawer2"::equals).toList(), "nothing created");
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = {"ResourceArn", "Policy", "ExpectedRevisionId"})
    @Covers(operation = "GetResourcePolicy", parameters = "ResourceArn")
    @Covers(operation = "DeleteResourcePolicy", parameters = {"ResourceArn", "ExpectedRevisionId"})
    void resourcePoliciesRoundTripAndGrantAnotherUser() {
        String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Shelf";
        Sdk.createHashTable(admin, "Shelf");
        fails(PolicyNotFoundException.class, "PolicyNotFoundException",
                "Resource-based policy not found for the provided ResourceArn: " + arn, () -> admin.getResourcePolicy(b -> b.resourceArn(arn)));
        denied(noAllow("writer", "PutItem", arn), () -> writer.putItem(b -> b.tableName("Shelf").item(item("pk", "w1"))));
        String policy = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
                + "\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":user/writer\"},\"Action\":[\"dynamodb:PutItem\",\"dynamodb:GetItem\"],"
                + "\"Resource\":\"" + arn + "\"},{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"dynamodb:DeleteItem\",\"Resource\":\"*\"}]}";
        String revision = admin.putResourcePolicy(b -> b.resourceArn(arn).policy(policy).expectedRevisionId("NO_POLICY")).revisionId();
        assertEquals(revision, admin.putResourcePolicy(b -> b.resourceArn(arn).policy(policy)).revisionId(), "the same document keeps its revision");
        var got = admin.getResourcePolicy(b -> b.resourceArn(arn));
        assertEquals(policy, got.policy());
        assertEquals(revision, got.revisionId());

        writer.putItem(b -> b.tableName("Shelf").item(item("pk", "w1")));
        assertEquals("w1", writer.getItem(b -> b.tableName("Shelf").key(item("pk", "w1"))).item().get("pk").s());
        denied(noAllow("writer", "UpdateItem", arn), () -> writer.updateItem(b -> b.tableName("Shelf").key(item("pk", "w1"))));
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/admin is not authorized to perform: dynamodb:DeleteItem on resource: " + arn
                + " with an explicit deny in a resource-based policy", () -> admin.deleteItem(b -> b.tableName("Shelf").key(item("pk", "w1"))));

        fails(PolicyNotFoundException.class, "PolicyNotFoundException", "Resource-based policy not found for the provided ResourceArn: "
                + "Requested update for policy with revision id 1, but the policy associated to target table Shelf has revision id "
                + revision + ".", () -> admin.deleteResourcePolicy(b -> b.resourceArn(arn).expectedRevisionId("1")));
        fails(PolicyNotFoundException.class, "PolicyNotFoundException", "Resource-based policy not found for the provided ResourceArn: "
                + "Requested policy update expecting none to be present for table Shelf, but a policy exists with revision id "
                + revision + ".", () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(policy).expectedRevisionId("NO_POLICY")));
        String changed = policy.replace("dynamodb:GetItem", "dynamodb:Query");
        String second = admin.putResourcePolicy(b -> b.resourceArn(arn).policy(changed).expectedRevisionId(revision)).revisionId();
        assertNotEquals(revision, second);
        assertEquals(second, admin.deleteResourcePolicy(b -> b.resourceArn(arn).expectedRevisionId(second)).revisionId());
        fails(PolicyNotFoundException.class, "PolicyNotFoundException",
                "Resource-based policy not found for the provided ResourceArn: " + arn, () -> admin.getResourcePolicy(b -> b.resourceArn(arn)));
        // deleting again is idempotent and answers with the deletion's own revision (a later time)
        String tombstone = admin.deleteResourcePolicy(b -> b.resourceArn(arn)).revisionId();
        assertTrue(Long.parseLong(tombstone) > Long.parseLong(second), tombstone);
        assertEquals(tombstone, admin.deleteResourcePolicy(b -> b.resourceArn(arn)).revisionId());
        denied(noAllow("writer", "PutItem", arn), () -> writer.putItem(b -> b.tableName("Shelf").item(item("pk", "w2"))));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = {"Policy", "ConfirmRemoveSelfResourceAccess"})
    @Covers(operation = "DeleteResourcePolicy", parameters = {"ResourceArn", "ExpectedRevisionId"})
    void aPolicyThatLocksTheCallerOutNeedsConfirmation() {
        String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Vault";
        Sdk.createHashTable(admin, "Vault");
        // a table that never had a policy: deleting answers without a revision; naming one is refused
        assertEquals(null, admin.deleteResourcePolicy(b -> b.resourceArn(arn)).revisionId());
        fails(PolicyNotFoundException.class, "PolicyNotFoundException", "Resource-based policy not found for the provided ResourceArn: "
                + "Requested update for policy with revision id 123456789, but table Vault has no associated policy.",
                () -> admin.deleteResourcePolicy(b -> b.resourceArn(arn).expectedRevisionId("123456789")));
        String denyPut = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\","
                + "\"Action\":\"dynamodb:PutResourcePolicy\",\"Resource\":\"" + arn + "\"}]}";
        denied("The new resource policy will not allow you to update the resource policy in the future.",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyPut)));
        denied("The new resource policy will not allow you to update the resource policy in the future.",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyPut).confirmRemoveSelfResourceAccess(false)));
        // a deny that applies to others only is no lock-out
        String denyOthers = denyPut.replace("\"Resource\"", "\"Condition\":{\"StringNotEquals\":{\"aws:username\":\"admin\"}},\"Resource\"");
        String revision = admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyOthers)).revisionId();
        // the same policy written differently (spacing, member order, a one-element list) keeps its revision
        String sameAgain = "{ \"Statement\" : [ {\"Resource\":\"" + arn + "\", \"Effect\":\"Deny\",\"Principal\":\"*\","
                + "\"Condition\":{\"StringNotEquals\":{\"aws:username\":[\"admin\"]}},\"Action\":[\"dynamodb:PutResourcePolicy\"]}],"
                + " \"Version\" : \"2012-10-17\" }";
        assertEquals(revision, admin.putResourcePolicy(b -> b.resourceArn(arn).policy(sameAgain)).revisionId());
        Sdk.validation("One or more parameter values were invalid: Invalid principal in policy document.",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyPut.replace("\"Deny\"", "\"Allow\"")
                        .replace("\"*\"", "{\"AWS\":\"arn:aws:iam::999988887777:root\"}"))));
        // confirmed, the lock-out takes effect: the caller can no longer change the policy
        admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyPut).confirmRemoveSelfResourceAccess(true));
        denied("User: arn:aws:iam::" + ACCOUNT + ":user/admin is not authorized to perform: dynamodb:PutResourcePolicy on resource: " + arn
                + " with an explicit deny in a resource-based policy", () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy(denyOthers)
                        .confirmRemoveSelfResourceAccess(true)));
        admin.deleteTable(b -> b.tableName("Vault"));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = "Policy")
    void resourcePoliciesAreValidatedAndDroppedWithTheTable() {
        String arn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Scratch";
        Sdk.createHashTable(admin, "Scratch");
        Sdk.validation("One or more parameter values were invalid: Invalid policy document: Missing required field Principal",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn)
                        .policy("{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}]}")));
        Sdk.validation("One or more parameter values were invalid: Maximum policy size of 20480 bytes exceeded",
                () -> admin.putResourcePolicy(b -> b.resourceArn(arn).policy("{\"Version\":\"2012-10-17\",\"Id\":\"" + "x".repeat(21000) + "\"}")));
        fails(DynamoDbException.class, "ResourceNotFoundException", "Requested resource not found: Table: Nope not found",
                () -> admin.getResourcePolicy(b -> b.resourceArn(arn.replace("Scratch", "Nope"))));
        admin.putResourcePolicy(b -> b.resourceArn(arn).policy("{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
                + "\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":user/writer\"},\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\"}]}"));
        admin.deleteTable(b -> b.tableName("Scratch"));
        Sdk.createHashTable(admin, "Scratch");
        fails(PolicyNotFoundException.class, "PolicyNotFoundException",
                "Resource-based policy not found for the provided ResourceArn: " + arn, () -> admin.getResourcePolicy(b -> b.resourceArn(arn)));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = "ResourceArn")
    void streamsHaveTheirOwnPolicy() {
        admin.createTable(b -> b.tableName("Feed").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType("NEW_IMAGE")));
        String stream = admin.describeTable(b -> b.tableName("Feed")).table().latestStreamArn();
        String tableArn = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Feed";
        String policy = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::"
                + ACCOUNT + ":user/writer\"},\"Action\":\"dynamodb:DescribeStream\",\"Resource\":\"" + stream + "\"}]}";
        String revision = admin.putResourcePolicy(b -> b.resourceArn(stream).policy(policy)).revisionId();
        assertEquals(revision, admin.getResourcePolicy(b -> b.resourceArn(stream)).revisionId());
        fails(PolicyNotFoundException.class, "PolicyNotFoundException", "Resource-based policy not found for the provided ResourceArn: "
                + tableArn, () -> admin.getResourcePolicy(b -> b.resourceArn(tableArn)));
        String unknown = tableArn + "/stream/2000-01-01T00:00:00.000";
        fails(DynamoDbException.class, "ResourceNotFoundException",
                "Requested resource not found: Stream: 2000-01-01T00:00:00.000 not found for Table: Feed",
                () -> admin.getResourcePolicy(b -> b.resourceArn(unknown)));
    }

    @Test
    void boto3GetsTheSameAllowsAndDenials() throws Exception {
        String script = """
                import boto3, botocore, sys
                def client(key, secret):
                    return boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1",
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=botocore.config.Config(retries={"max_attempts": 0}))
                carl = client("AKIACARL", "carl-secret")
                carl.put_item(TableName="Notes", Item={"owner": {"S": "carl"}, "id": {"S": "py"}})
                print("allowed|" + carl.get_item(TableName="Notes", Key={"owner": {"S": "carl"}, "id": {"S": "py"}})["Item"]["id"]["S"])
                calls = [lambda: carl.get_item(TableName="Notes", Key={"owner": {"S": "alice"}, "id": {"S": "1"}}),
                         lambda: client("AKIAREADER", "reader-secret").put_item(TableName="Books", Item={"pk": {"S": "py"}})]
                for call in calls:
                    try:
                        call()
                        print("accepted"); sys.exit(1)
                    except botocore.exceptions.ClientError as e:
                        print(e.response["Error"]["Code"] + "|" + e.response["Error"]["Message"])
                """;
        Path py = dir.resolve("authorization_check.py");
        Files.writeString(py, script);
        Process p = new ProcessBuilder("python3", py.toString(), server.endpoint().toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        assertEquals(List.of("allowed|py", "AccessDeniedException|" + noAllow("carl", "GetItem", NOTES),
                "AccessDeniedException|" + noAllow("reader", "PutItem", BOOKS)), output.lines().toList());
    }
}
