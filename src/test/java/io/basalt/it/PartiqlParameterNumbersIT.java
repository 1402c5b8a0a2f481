package io.basalt.it;

import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;

/**
 * Numbers in PartiQL Parameters follow PartiQL's rules, not the item API's (live eu-west-2 / us-east-1, October 2026;
 * paritysuite/dynamodb-conformance tests/tier3/error-messages/partiqlParameterNumbers.test.ts).
 */
class PartiqlParameterNumbersIT extends ServerTestBase {
    static final String T = "pq_param_numbers";
    static final String UNCONVERTIBLE = "The parameter cannot be converted to a numeric value";

    @BeforeAll
    static void table() {
        Sdk.createRangeTable(ddb, T, software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType.S);
    }

    static void run(String statement, AttributeValue... params) {
        ddb.executeStatement(b -> b.statement(statement).parameters(params));
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Parameters"})
    void numbersByPartiqlRules() {
        List<String> statements = List.of("SELECT * FROM \"" + T + "\" WHERE pk = 'p' AND n = ?",
                "INSERT INTO \"" + T + "\" VALUE {'pk': 'ins', 'sk': 's', 'n': ?}",
                "UPDATE \"" + T + "\" SET n = ? WHERE pk = 'p' AND sk = 's'");
        for (String st : statements) {
            for (String n : List.of("1e99999999999", "-1e99999999999", "1e-99999999999", "1e2147483648", "1e-2147483648")) {
                validation(UNCONVERTIBLE + ": " + n, () -> run(st, AttributeValue.fromN(n)));
            }
            validation("Number underflow. Attempting to store a number with magnitude smaller than supported range",
                    () -> run(st, AttributeValue.fromN("1e2147483647")));
            validation(UNCONVERTIBLE, () -> run(st, AttributeValue.fromN("")));
            validation(UNCONVERTIBLE + ": abc", () -> run(st, AttributeValue.fromN("abc")));
        }
        validation(UNCONVERTIBLE + ": 1e99999999999", () -> run(statements.get(0),
                AttributeValue.fromM(Map.of("x", AttributeValue.fromN("1e99999999999")))));
        // a member of a number set, and of a list, by the same rules (live 2026-10, paritysuite partiqlParameterNumbers)
        validation(UNCONVERTIBLE + ": 1e99999999999", () -> run(statements.get(0), AttributeValue.fromNs(List.of("1", "1e99999999999"))));
        validation(UNCONVERTIBLE + ": 1e99999999999", () -> run(statements.get(0),
                AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("1e99999999999")))));
        validation(UNCONVERTIBLE + ": 1e99999999999",
                () -> ddb.executeTransaction(b -> b.transactStatements(p -> p.statement(statements.get(2))
                        .parameters(AttributeValue.fromN("1e99999999999")))));
        var r = ddb.batchExecuteStatement(b -> b.statements(BatchStatementRequest.builder()
                .statement("SELECT * FROM \"" + T + "\" WHERE pk = 'p' AND sk = 's' AND n = ?")
                .parameters(AttributeValue.fromN("1e99999999999")).build())).responses();
        assertEquals(UNCONVERTIBLE + ": 1e99999999999", r.get(0).error().message());
    }
}
