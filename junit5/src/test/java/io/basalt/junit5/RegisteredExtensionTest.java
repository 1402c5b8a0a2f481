package io.basalt.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** @RegisterExtension: a server of the class's own, on disk, tables from a NoSQL Workbench model, no cleanup. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RegisteredExtensionTest {
    @RegisterExtension
    static BasaltExtension basalt = BasaltExtension.builder().scope(ServerScope.CLASS).onDisk()
            .tables("workbench-model.json").cleanup(Cleanup.NONE).build();

    @Test
    @Order(1)
    void workbenchModelMakesTableIndexAndItems() {
        TableDescription t = basalt.client().describeTable(r -> r.tableName("Music")).table();
        assertEquals("ByGenre", t.globalSecondaryIndexes().get(0).indexName());
        assertEquals("KEYS_ONLY", t.globalSecondaryIndexes().get(0).projection().projectionTypeAsString());
        assertEquals(5L, t.provisionedThroughput().readCapacityUnits());
        var jazz = basalt.client().query(r -> r.tableName("Music").indexName("ByGenre").keyConditionExpression("Genre = :g")
                .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("Jazz")))).items();
        assertEquals("Sinnerman", jazz.get(0).get("Song").s());
        basalt.client().putItem(r -> r.tableName("Music").item(Map.of("Artist", AttributeValue.fromS("Nina"),
                "Song", AttributeValue.fromS("Ain't Got No"), "Genre", AttributeValue.fromS("Soul"))));
    }

    @Test
    @Order(2)
    void withoutCleanupWritesStay() {
        assertEquals(3, basalt.client().scan(r -> r.tableName("Music")).count());
        assertEquals(List.of("Music"), basalt.client().listTables().tableNames(), "set-up ran once");
        assertFalse(SharedServer.ENDPOINTS.contains(basalt.endpoint()), "not the JVM-wide server");
    }
}
