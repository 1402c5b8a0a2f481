package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * SearchVectors is authorized as dynamodb:SearchVectors on the vector index's ARN
 * (table/NAME/index/INDEX), as Query on an index: a grant on the table alone does not cover it.
 */
class VectorSearchAuthIT {
    static final String ACCOUNT = "111122223333";
    static final String DOCS = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Docs";
    static Path dir;
    static Basalt server;
    static DynamoDbClient admin, searcher, tableOnly;

    static final String SEARCHER_POLICY = """
            {"Version": "2012-10-17", "Statement": {"Effect": "Allow", "Action": "dynamodb:SearchVectors",
             "Resource": "arn:aws:dynamodb:us-east-1:111122223333:table/Docs/index/byText"}}""";
    static final String TABLE_ONLY_POLICY = """
            {"Version": "2012-10-17", "Statement": {"Effect": "Allow", "Action": "dynamodb:*",
             "Resource": "arn:aws:dynamodb:us-east-1:111122223333:table/Docs"}}""";

    @BeforeAll
    static void start(org.junit.jupiter.api.TestInfo info) throws IOException {
        dir = Files.createTempDirectory("basalt-vector-authz");
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(ACCOUNT, "main")), List.of(
                new AuthFile.User("admin", ACCOUNT, List.of(new AuthFile.AccessKey("AKIAADMIN", "admin-secret", null)), List.of(), true),
                new AuthFile.User("searcher", ACCOUNT, List.of(new AuthFile.AccessKey("AKIASEARCH", "search-secret", null)),
                        List.of(SEARCHER_POLICY)),
                new AuthFile.User("tableonly", ACCOUNT, List.of(new AuthFile.AccessKey("AKIATABLE", "table-secret", null)),
                        List.of(TABLE_ONLY_POLICY))))
                .write(authFile);
        server = Basalt.start(ServerTestBase.config(info.getTestClass().orElseThrow()).withAuthFile(authFile));
        admin = client("AKIAADMIN", "admin-secret");
        searcher = client("AKIASEARCH", "search-secret");
        tableOnly = client("AKIATABLE", "table-secret");
        admin.createTable(b -> b.tableName("Docs").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .vectorIndexes(v -> v.indexName("byText").vectorAttribute(a -> a.attributeName("emb")).dimensions(2L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL)),
                        v -> v.indexName("byImage").vectorAttribute(a -> a.attributeName("img")).dimensions(2L)
                                .distanceFunction(VectorDistanceFunction.COSINE).projection(p -> p.projectionType(ProjectionType.ALL))));
        admin.putItem(b -> b.tableName("Docs").item(Map.of("pk", AttributeValue.fromS("d1"),
                "emb", VectorSearchIT.vector(new float[] {1, 0}), "img", VectorSearchIT.vector(new float[] {0, 1}))));
        for (int i = 0; i < 500; i++) {
            boolean ready = admin.describeTable(b -> b.tableName("Docs")).table().vectorIndexes().stream()
                    .allMatch(v -> v.indexStatusAsString().equals("ACTIVE"));
            if (ready) break;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @AfterAll
    static void stop() throws IOException {
        for (DynamoDbClient c : new DynamoDbClient[] {admin, searcher, tableOnly}) if (c != null) c.close();
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static DynamoDbClient client(String keyId, String secret) {
        return ServerTestBase.client(server.endpoint(), keyId, secret);
    }

    static String noAllow(String user, String resource) {
        return "User: arn:aws:iam::" + ACCOUNT + ":user/" + user + " is not authorized to perform: dynamodb:SearchVectors"
                + " on resource: " + resource + " because no identity-based policy allows the dynamodb:SearchVectors action";
    }

    static int search(DynamoDbClient c, String index) {
        return c.searchVectors(b -> b.tableName("Docs").indexName(index).searchVector(VectorSearchIT.query(new float[] {1, 1})).topK(5))
                .searchResults().size();
    }

    @Test
    @Covers(operation = "SearchVectors", parameters = {"TableName", "IndexName"})
    void searchVectorsActsOnTheVectorIndex() {
        assertEquals(1, search(searcher, "byText"));
        fails(DynamoDbException.class, "AccessDeniedException", noAllow("searcher", DOCS + "/index/byImage"), () -> search(searcher, "byImage"));
        fails(DynamoDbException.class, "AccessDeniedException", noAllow("tableonly", DOCS + "/index/byText"), () -> search(tableOnly, "byText"));
        assertEquals(1, search(admin, "byImage"));
    }
}
