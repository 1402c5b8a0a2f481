package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Index-qualified PartiQL SELECT columns outside the index projection (live eu-west-1 2026-09-02,
 * paritysuite/dynamodb-conformance tests/tier2/partiql/executeStatementIndex.test.ts): an LSI read reaches the
 * table item, a GSI read refuses the columns, named in statement order.
 */
class PartiqlIndexReadsIT extends ServerTestBase {
    static final String T = "pq_index_reads";

    @BeforeAll
    static void table() {
        ddb.createTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(List.of("pk", "sk", "lsi1sk", "lsi2sk").stream().map(n ->
                        AttributeDefinition.builder().attributeName(n).attributeType(ScalarAttributeType.S).build()).toList())
                .localSecondaryIndexes(x -> x.indexName("lsi2").keySchema(key("pk", KeyType.HASH), key("lsi2sk", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("lsi1sk")))
                .globalSecondaryIndexes(x -> x.indexName("gsi2").keySchema(key("lsi1sk", KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("data"))));
        ddb.putItem(b -> b.tableName(T).item(item("pk", "p", "sk", "s1", "lsi1sk", "g-a", "lsi2sk", "l-b", "data", "one",
                "alternate", "alt")));
    }

    static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    static ExecuteStatementResponse run(String statement) {
        return ddb.executeStatement(b -> b.statement(statement).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "ReturnConsumedCapacity"})
    void lsiReadFetchesUnprojectedColumnsFromTheTable() {
        ExecuteStatementResponse keyed = run("SELECT data FROM \"" + T + "\".\"lsi2\" WHERE pk = 'p' AND lsi2sk = 'l-b'");
        assertEquals(List.of(Map.of("data", Sdk.s("one"))), keyed.items());
        // the index page (0.5) plus one eventually consistent read of the table item (0.5)
        assertEquals(1.0, keyed.consumedCapacity().capacityUnits());
        ExecuteStatementResponse scanned = run("SELECT alternate, lsi1sk FROM \"" + T + "\".\"lsi2\"");
        assertEquals(List.of(Map.of("alternate", Sdk.s("alt"), "lsi1sk", Sdk.s("g-a"))), scanned.items());
        // columns the LSI projects are served from the index alone
        assertEquals(0.5, run("SELECT lsi1sk FROM \"" + T + "\".\"lsi2\" WHERE pk = 'p'").consumedCapacity().capacityUnits());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void gsiReadRefusesUnprojectedColumnsInStatementOrder() {
        validation("One or more parameter values were invalid: Global secondary index gsi2 does not project [alternate, mymap]",
                () -> run("SELECT alternate, mymap FROM \"" + T + "\".\"gsi2\" WHERE lsi1sk = 'g-a'"));
        validation("One or more parameter values were invalid: Global secondary index gsi2 does not project [alternate]",
                () -> run("SELECT alternate FROM \"" + T + "\".\"gsi2\""));
        assertEquals(List.of(Map.of("data", Sdk.s("one"), "pk", Sdk.s("p"))),
                run("SELECT data, pk FROM \"" + T + "\".\"gsi2\" WHERE lsi1sk = 'g-a'").items());
    }
}
