package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.compat.Covers;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * PartiQL refusals the live service gives (paritysuite/dynamodb-conformance captures, us-east-1 / eu-west-2,
 * 2026): reads of a GSI with a multi-attribute key (tier2/partiql/multiAttributeIndex.test.ts,
 * tier3/error-messages/partiqlMultiAttributeIndex.test.ts, October 2026), ordering operators against types
 * without an order (tier2/partiql/comparison.test.ts), the unknown-index text
 * (tier3/error-messages/indexReads.test.ts) and the batch SELECT slot text (tier2/partiql/executeStatementIndex.test.ts,
 * eu-west-1 2026-09-02).
 */
class PartiqlRefusals2026IT extends ServerTestBase {
    static final String MULTI = "pq_multi_key";
    static final String CONTROL = "pq_multi_ctrl";
    static final String H = "pq_cmp";
    static final String REFUSED =
            "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys.";
    static final String BATCH_NEEDS_KEY = "Select statements within BatchExecuteStatement must specify the primary key in the where clause.";

    @BeforeAll
    static void tables() {
        // MULTI: a GSI on two HASH and one RANGE attribute beside an LSI; CONTROL: the same with one of each
        for (String t : List.of(MULTI, CONTROL)) {
            boolean multi = t.equals(MULTI);
            ddb.createTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .attributeDefinitions((multi ? List.of("id", "sk", "h1", "h2", "r1", "l") : List.of("id", "sk", "h1", "r1", "l")).stream().map(n -> software.amazon.awssdk.services
                            .dynamodb.model.AttributeDefinition.builder().attributeName(n).attributeType(ScalarAttributeType.S).build()).toList())
                    .globalSecondaryIndexes(g -> g.indexName("gsi").projection(p -> p.projectionType(ProjectionType.ALL))
                            .keySchema(multi
                                    ? List.of(key("h1", KeyType.HASH), key("h2", KeyType.HASH), key("r1", KeyType.RANGE))
                                    : List.of(key("h1", KeyType.HASH), key("r1", KeyType.RANGE))))
                    .localSecondaryIndexes(x -> x.indexName("local").projection(p -> p.projectionType(ProjectionType.ALL))
                            .keySchema(key("id", KeyType.HASH), key("l", KeyType.RANGE))));
            ddb.putItem(b -> b.tableName(t).item(item("id", "i1", "sk", "s", "h1", "a", "h2", "x", "r1", "m", "l", "l1")));
        }
        Sdk.createHashTable(ddb, H);
        ddb.putItem(b -> b.tableName(H).item(item("pk", "b", "val", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})))));
    }

    static software.amazon.awssdk.services.dynamodb.model.KeySchemaElement key(String name, KeyType type) {
        return software.amazon.awssdk.services.dynamodb.model.KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    static List<java.util.Map<String, AttributeValue>> run(String statement, AttributeValue... params) {
        return ddb.executeStatement(b -> {
            b.statement(statement);
            if (params.length > 0) b.parameters(params);
        }).items();
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void multiAttributeIndexIsRefusedAheadOfTheWhereChecks() {
        String g = "\"" + MULTI + "\".\"gsi\"";
        validation(REFUSED, () -> run("SELECT * FROM " + g + " WHERE h1 = 'a' AND h2 = 'x'"));
        validation(REFUSED, () -> run("SELECT id FROM " + g + " WHERE h1 = 'a' AND h2 = 'x' ORDER BY r1 DESC"));
        validation(REFUSED, () -> run("SELECT * FROM " + g + " WHERE h1 = 5"));
        validation(REFUSED, () -> run("SELECT * FROM " + g + " WHERE id = 'i1'"));
        validation(REFUSED, () -> run("SELECT * FROM " + g));
        validation(REFUSED, () -> run("SELECT COUNT(*) FROM " + g));
        // a syntax error comes first
        validation("Statement wasn't well formed, can't be processed: Unexpected term", () -> run("SELECT * FROM " + g + " WHERE"));
        // the refusal follows the index: the table, its LSI and a single-attribute GSI still read, and writes run
        assertEquals(1, run("SELECT * FROM \"" + MULTI + "\" WHERE id = 'i1'").size());
        assertEquals(1, run("SELECT * FROM \"" + MULTI + "\".\"local\" WHERE id = 'i1'").size());
        assertEquals(1, run("SELECT * FROM \"" + CONTROL + "\".\"gsi\" WHERE h1 = 'a'").size());
        run("UPDATE \"" + MULTI + "\" SET a = 1 WHERE id = 'i1' AND sk = 's'");
        // an unknown index is named no more
        validation("The table does not have the specified index", () -> run("SELECT * FROM \"" + MULTI + "\".\"nope\""));
    }

    @Test
    @Covers(operation = "BatchExecuteStatement", parameters = {"Statements"})
    void batchSelectSlots() {
        List<BatchStatementResponse> r = ddb.batchExecuteStatement(b -> b.statements(
                st("SELECT * FROM \"" + CONTROL + "\".\"gsi\" WHERE h1 = 'a' AND r1 = 'm'"),
                st("SELECT * FROM \"" + MULTI + "\".\"gsi\" WHERE h1 = 'a' AND h2 = 'x' AND r1 = 'm'"),
                st("SELECT * FROM \"" + MULTI + "\" WHERE id = 'i1'"),
                st("SELECT * FROM \"" + MULTI + "\" WHERE id = 'i1' AND sk = 's'"))).responses();
        assertEquals("ValidationError", r.get(0).error().codeAsString());
        assertEquals(BATCH_NEEDS_KEY, r.get(0).error().message());
        assertEquals(REFUSED, r.get(1).error().message());
        assertEquals(BATCH_NEEDS_KEY, r.get(2).error().message(), "a partial key");
        assertNull(r.get(3).error());
        assertEquals(s("i1"), r.get(3).item().get("id"));
    }

    static BatchStatementRequest st(String statement) {
        return BatchStatementRequest.builder().statement(statement).build();
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "Parameters"})
    void orderingOperatorsRefuseTypesWithoutAnOrder() {
        String where = "SELECT pk FROM \"" + H + "\" WHERE pk = ? AND ";
        AttributeValue bool = AttributeValue.fromBool(true);
        for (String op : List.of("<", "<=", ">", ">=")) {
            validation("Incorrect operand type for operator or function; operator or function: " + op + ", operand type: BOOL",
                    () -> run(where + "val " + op + " ?", s("b"), bool));
        }
        List<AttributeValue> unordered = List.of(AttributeValue.fromNul(true), AttributeValue.fromL(List.of(s("a"))),
                AttributeValue.fromM(java.util.Map.of("a", s("b"))), AttributeValue.fromSs(List.of("a")),
                AttributeValue.fromNs(List.of("1")), AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1}))));
        List<String> types = List.of("NULL", "L", "M", "SS", "NS", "BS");
        for (int i = 0; i < unordered.size(); i++) {
            AttributeValue v = unordered.get(i);
            validation("Incorrect operand type for operator or function; operator or function: <, operand type: " + types.get(i),
                    () -> run(where + "val < ?", s("b"), v));
            // = and <> compare them
            assertEquals(0, run(where + "val = ?", s("b"), v).size());
            assertEquals(1, run(where + "val <> ?", s("b"), v).size());
        }
        validation("Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: BOOL",
                () -> run(where + "val BETWEEN ? AND ?", s("b"), bool, AttributeValue.fromBool(false)));
        // binary orders by its bytes; S against N is an ordering comparison that matches nothing
        assertEquals(1, run(where + "val < ?", s("b"), AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 4}))).size());
        assertEquals(0, run(where + "val < ?", s("b"), Sdk.n("5")).size());
    }
}
