package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.connect;
import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.MigrateRunIT.Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Issue #36.7 on the machine's PostgreSQL: an empty string in a GSI key attribute is handled before
 * sending (the item is written without it, with a warning: not in that index) instead of being sent
 * and refused; a record the target does refuse (the existing table's other GSI types its key N, the
 * model does not know it) is listed by the run, and {@code verify --errors} with the run's error file
 * counts it as explained: clean, where a plain verify reports the missing item.
 */
class IndexKeysAndVerifyIT {
    private static final String MODEL = """
            entities:
              - name: Product
                query: SELECT id, code, ean FROM products
                table: Products
                key: {PK: "P#{id}"}
                attributes: {Code: code, Ean: ean}
            tables:
              - name: Products
                partitionKey: PK
                globalSecondaryIndexes:
                  - {name: ByCode, partitionKey: Code, projection: ALL}
            """;

    @Test
    void emptyIndexKeysAndVerifyWithTheRunsErrors(@TempDir Path dir) throws Exception {
        Server pg = Server.POSTGRESQL;
        String db = "basalt_gsi_" + System.nanoTime();
        try (Connection admin = connect(pg.prefix() + pg.adminDb(), pg.user()); Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort());
             DynamoDbClient ddb = MigrateRunIT.client(basalt)) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = pg.prefix() + db, endpoint = basalt.endpoint().toString();
                try (Connection c = connect(url, pg.user())) {
                    exec(c, "CREATE TABLE products (id INT PRIMARY KEY, code VARCHAR(20), ean VARCHAR(20))");
                    for (int i = 1; i <= 5; i++) exec(c, "INSERT INTO products VALUES (" + i + ", 'C" + i + "', NULL)");
                    exec(c, "INSERT INTO products VALUES (6, '', NULL), (7, '', NULL), (8, 'C8', 'not a number')");
                }
                ddb.createTable(b -> b.tableName("Products").billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
                                AttributeDefinition.builder().attributeName("Code").attributeType(ScalarAttributeType.S).build(),
                                AttributeDefinition.builder().attributeName("Ean").attributeType(ScalarAttributeType.N).build())
                        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
                        .globalSecondaryIndexes(gsi("ByCode", "Code"), gsi("ByEan", "Ean")));
                Path model = dir.resolve("model.yaml");
                Files.writeString(model, MODEL);
                var run = migrate("run", "--model", model.toString(), "--source", url, "--user", pg.user(), "--endpoint", endpoint,
                        "--report", dir.resolve("report").toString(), "--allow-errors", "1");
                assertEquals(0, run.code(), run.out() + run.err());
                assertEquals(Map.of("read", 8, "imported", 7, "skipped", 0, "withWarnings", 2, "withErrors", 1, "overwritten", 0),
                        MigrateRunIT.total(dir.resolve("report.json")));
                List<String> lines = Files.readAllLines(dir.resolve("report.errors.jsonl"));
                assertEquals(3, lines.size(), lines.toString());
                assertTrue(lines.stream().anyMatch(l -> l.contains("\"key\":{\"id\":\"6\"},\"level\":\"warning\",\"reason\":\"attribute Code left out (column"
                        + " code): an empty value cannot be a key of index ByCode, the item is written without it and is not in that index\"")), lines.toString());
                assertTrue(lines.stream().anyMatch(l -> l.contains("\"key\":{\"id\":\"8\"},\"level\":\"error\",\"reason\":\"rejected by the target:")),
                        lines.toString());
                assertEquals(5, ddb.scan(s -> s.tableName("Products").indexName("ByCode")).count(), "the items without Code are not in ByCode");
                assertTrue(!ddb.getItem(g -> g.tableName("Products").key(Map.of("PK",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("P#6")))).item().containsKey("Code"));

                var plain = migrate("verify", "--model", model.toString(), "--source", url, "--user", pg.user(), "--endpoint", endpoint, "--all");
                assertEquals(1, plain.code(), plain.out());
                var explained = migrate("verify", "--model", model.toString(), "--source", url, "--user", pg.user(), "--endpoint", endpoint, "--all",
                        "--errors", dir.resolve("report.errors.jsonl").toString());
                assertEquals(0, explained.code(), explained.out() + explained.err());
                assertTrue(explained.out().contains("Product: 8 source rows (0 refused by the mapping, 1 listed by the run's errors), 7 items expected,"
                        + " 7 in the target; 7 compared, 0 mismatches"), explained.out());
            } finally {
                exec(admin, "DROP DATABASE " + db + pg.dropSuffix());
            }
        }
    }

    private static GlobalSecondaryIndex gsi(String name, String attribute) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(KeySchemaElement.builder().attributeName(attribute).keyType(KeyType.HASH).build())
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build();
    }
}
