package io.basalt.it;

import static io.basalt.it.Sdk.validation;

import io.basalt.compat.Covers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * PartiQL parser refusals in the live service's words (eu-west-2, October 2026; paritysuite/dynamodb-conformance
 * tests/tier3/error-messages/partiqlGrammar.test.ts): literals and characters the parser cannot read get nothing
 * after the colon, number literals DynamoDB cannot store name where they sit, aliases on writes.
 */
class PartiqlGrammar2026IT extends ServerTestBase {
    static final String N = "pq_grammar_n";
    static final String S = "pq_grammar_s";
    static final String NWF = "Statement wasn't well formed, can't be processed: ";
    static final String OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";
    static final String UNDERFLOW = "Number underflow. Attempting to store a number with magnitude smaller than supported range";

    @BeforeAll
    static void tables() {
        ddb.createTable(b -> b.tableName(N).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.N)));
        Sdk.createHashTable(ddb, S);
    }

    static void run(String statement) {
        ddb.executeStatement(b -> b.statement(statement));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void unreadableLiteralsAndCharactersHaveNothingAfterTheColon() {
        String select = "SELECT * FROM \"" + N + "\" WHERE pk = ";
        validation(NWF, () -> run(select + "1e2147483648"));
        validation(NWF, () -> run(select + "1e99999999999"));
        validation(NWF, () -> run(select + "1.5e-2147483647"));
        validation(NWF, () -> run(select + "1 # note"));
        validation(NWF, () -> run(select + "1 /* note"));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void numberLiteralsDynamoDbCannotStoreNameWhereTheySit() {
        String select = "SELECT * FROM \"" + N + "\" WHERE pk = ";
        validation(OVERFLOW + " under root", () -> run(select + "1e126"));
        validation(UNDERFLOW + " under root", () -> run(select + "1e-131"));
        validation("Attempting to store more than 38 significant digits in a Number under root",
                () -> run(select + "123456789012345678901234567890123456789"));
        validation(OVERFLOW + " under root", () -> run("INSERT INTO \"" + N + "\" VALUE {'pk': 1e126}"));
        validation(UNDERFLOW + " under root", () -> run("UPDATE \"" + N + "\" SET a = 1e-131 WHERE pk = 970005"));
        validation(OVERFLOW + " under root.x", () -> run("INSERT INTO \"" + N + "\" VALUE {'pk': 970006, 'm': {'x': 1e126}}"));
        validation(OVERFLOW + " under root[1]", () -> run("INSERT INTO \"" + N + "\" VALUE {'pk': 970007, 'l': [1, 1e126]}"));
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue deep(int levels,
            software.amazon.awssdk.services.dynamodb.model.AttributeValue leaf) {
        var v = leaf;
        for (int i = 0; i < levels; i++) v = software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromM(java.util.Map.of("n", v));
        return v;
    }

    /** 100 levels of maps in a parameter answer in document order, never a SerializationException (live 2026-10, partiqlParameterNumbers). */
    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Parameters"})
    @Covers(operation = "BatchExecuteStatement", parameters = {"Statements"})
    void deepParametersAnswerInDocumentOrder() {
        String nest = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
        var bad = software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("abc");
        var deep = deep(100, Sdk.s("leaf"));
        String pair = "SELECT * FROM \"" + S + "\" WHERE pk = 'p' AND x = ? AND y = ?";
        validation(nest, () -> ddb.executeStatement(b -> b.statement(pair).parameters(deep, bad)));
        validation("The parameter cannot be converted to a numeric value: abc",
                () -> ddb.executeStatement(b -> b.statement(pair).parameters(bad, deep)));
        // in a batch they fail their own slot only
        var r = ddb.batchExecuteStatement(b -> b.statements(
                software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest.builder().statement(pair).parameters(deep, bad).build(),
                software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest.builder().statement(pair)
                        .parameters(software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("1e99999999999"), Sdk.s("x")).build(),
                software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest.builder()
                        .statement("SELECT * FROM \"" + S + "\" WHERE pk = ?").parameters(Sdk.s("p")).build())).responses();
        org.junit.jupiter.api.Assertions.assertEquals("ValidationError", r.get(0).error().codeAsString());
        org.junit.jupiter.api.Assertions.assertEquals(nest, r.get(0).error().message());
        org.junit.jupiter.api.Assertions.assertEquals("The parameter cannot be converted to a numeric value: 1e99999999999",
                r.get(1).error().message());
        org.junit.jupiter.api.Assertions.assertNull(r.get(2).error());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void aliasesOnWrites() {
        validation("Aliasing is not supported", () -> run("UPDATE \"" + S + "\" t SET a = 3 WHERE pk = 'x'"));
        validation("Aliasing is not supported", () -> run("DELETE FROM \"" + S + "\" t WHERE pk = 'x'"));
        validation(NWF + "Unexpected token after expression", () -> run("INSERT INTO \"" + S + "\" t VALUE {'pk': 'x'}"));
    }
}
