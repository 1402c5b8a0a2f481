package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;

/**
 * PartiQL function errors in the live service's words, with the positions it gives (" at line:column:length";
 * eu-west-2, October 2026; paritysuite/dynamodb-conformance tests/tier3/error-messages/partiqlFunctions.test.ts).
 */
class PartiqlFunctions2026IT extends ServerTestBase {
    static final String H = "pq_fn";
    static final String NWF = "Statement wasn't well formed, can't be processed: ";

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, H);
        ddb.putItem(b -> b.tableName(H).item(item("pk", "k", "ss", AttributeValue.fromSs(List.of("a", "b")), "s", "str",
                "m", AttributeValue.fromM(Map.of("inner", AttributeValue.fromSs(List.of("x")))))));
    }

    static void run(String statement, AttributeValue... params) {
        ddb.executeStatement(b -> {
            b.statement(statement);
            if (params.length > 0) b.parameters(params);
        });
    }

    /** " at 1:column:length" of the first {@code token} at or after {@code from}. */
    static String at(String statement, String token, int length, int from) {
        return " at 1:" + (statement.indexOf(token, from) + 1) + ":" + length;
    }

    static String where(String condition) {
        return "SELECT * FROM \"" + H + "\" WHERE pk = 'k' AND " + condition;
    }

    static String update(String set) {
        return "UPDATE \"" + H + "\" SET " + set + " WHERE pk = 'k'";
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement", "Parameters"})
    void whereFunctionErrors() {
        validation("Operator or function requires a document path; operator or function: attribute_exists",
                () -> run(where("attribute_exists('ss')")));
        validation("Operator or function requires a document path; operator or function: attribute_exists",
                () -> run(where("attribute_exists(?)"), s("ss")));
        validation("Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 0",
                () -> run(where("attribute_exists()")));
        validation("Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2",
                () -> run(where("attribute_exists(ss, s)")));
        String exists = where("EXISTS(ss)");
        validation("Unrecognized function: exists" + at(exists, "EXISTS", 6, 0), () -> run(exists));
        String setAdd = where("set_add(ss, <<'x'>>) = ss");
        validation("Unrecognized function: set_add" + at(setAdd, "set_add", 7, 0), () -> run(setAdd));
        validation(NWF + "Invalid path dot component", () -> run(where("attribute_exists(m.inner)")));
        String projection = "SELECT attribute_exists(ss) FROM \"" + H + "\" WHERE pk = 'k'";
        validation("Unexpected path component at 1:8:16", () -> run(projection));
        String insert = "INSERT INTO \"" + H + "\" VALUE {'pk': 'ins', 'ss': set_add(<<'a'>>, <<'b'>>)}";
        validation("Unsupported data type: set_add under key root" + at(insert, "set_add", 7, 0), () -> run(insert));
    }

    /** paritysuite tier2/partiql/whereFunctions.test.ts and writeResponses.test.ts (live 2026). */
    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    @Covers(operation = "ExecuteTransaction", parameters = {"TransactStatements"})
    void conditionFunctionComparedWithBooleanAndEmptyTransactionResponses() {
        assertEquals(1, ddb.executeStatement(b -> b.statement(where("attribute_exists(ss) = true"))).items().size());
        assertEquals(0, ddb.executeStatement(b -> b.statement(where("attribute_exists(ss) = false"))).items().size());
        var r = ddb.executeTransaction(b -> b.transactStatements(ParameterizedStatement.builder().statement(update("w = 1")).build()));
        org.junit.jupiter.api.Assertions.assertTrue(r.hasResponses());
        assertEquals(0, r.responses().size());
    }

    @Test
    @Covers(operation = "ExecuteStatement", parameters = {"Statement"})
    void setFunctionErrors() {
        String other = update("t = set_add(ss, <<'x'>>)");
        validation("The first argument to SET_ADD must equal the assignment value" + at(other, "set_add", 7, 0), () -> run(other));
        String string = update("ss = set_add(ss, 'x')");
        validation("The second argument to SET_ADD must be a value with type SET" + at(string, "ss", 2, string.indexOf("set_add(")),
                () -> run(string));
        String one = update("ss = set_add(ss)");
        validation("SET_ADD must have exactly two arguments" + at(one, "set_add", 7, 0), () -> run(one));
        String delete = update("t = set_delete(ss, <<'a'>>)");
        validation("The first argument to SET_DELETE must equal the assignment value" + at(delete, "set_delete", 10, 0), () -> run(delete));
        validation("One or more parameter values were invalid: Input collection [x, x] contains duplicates.",
                () -> run(update("ss = set_add(ss, <<'x', 'x'>>)")));
        validation(NWF + "Invalid path dot component", () -> run(update("m.inner = set_add(m.inner, <<'y'>>)")));
    }

    @Test
    @Covers(operation = "ExecuteTransaction", parameters = {"TransactStatements"})
    @Covers(operation = "BatchExecuteStatement", parameters = {"Statements"})
    void keyedReadsRefuseAttributeExists() {
        validation("Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause.",
                () -> ddb.executeTransaction(b -> b.transactStatements(ParameterizedStatement.builder()
                        .statement(where("attribute_exists(ss)")).build())));
        var r = ddb.batchExecuteStatement(b -> b.statements(BatchStatementRequest.builder().statement(where("attribute_exists(ss)")).build()));
        assertEquals("Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
                r.responses().get(0).error().message());
        validation("Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition",
                () -> ddb.executeTransaction(b -> b.transactStatements(
                        ParameterizedStatement.builder().statement("EXISTS(SELECT * FROM \"" + H + "\" WHERE pk = 'k')").build(),
                        ParameterizedStatement.builder().statement(update("z = 1")).build())));
    }
}
