package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.engine.ManualClock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.model.Namespaces;
import io.basalt.storage.memory.MemoryStorage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The authorizer decides on action and resource before it reads a request's condition keys, and
 * reads them (once) only when a statement matching both has a condition on one of them; a body
 * over {@link BoundedRequestTree}'s bounds then denies (#34.7).
 */
class AuthorizerLazinessTest {
    static final String ACCOUNT = "111122223333";
    static final String OWN_ITEMS = """
            {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": ["dynamodb:GetItem", "dynamodb:UpdateItem"],
              "Resource": "arn:aws:dynamodb:*:*:table/Notes",
              "Condition": {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["${aws:username}"]}}}]}""";
    static final String NO_ALL_OLD = """
            {"Version": "2012-10-17", "Statement": [{"Effect": "Deny", "Action": "dynamodb:*", "Resource": "*",
              "Condition": {"StringEquals": {"dynamodb:ReturnValues": "ALL_OLD"}}}]}""";

    private final Authorizer authorizer = new Authorizer(CredentialStore.of(new AuthFile(List.of(new AuthFile.Account(ACCOUNT, "main")),
            List.of(user("nobody", List.of(), false), user("carl", List.of(OWN_ITEMS), false), user("admin", List.of(), true),
                    user("careful", List.of(NO_ALL_OLD), true)))),
            () -> CATALOG, new ManualClock(), Namespaces.SEPARATE);
    private static final TableCatalog CATALOG = new TableCatalog(new MemoryStorage(), ACCOUNT);

    private static AuthFile.User user(String name, List<String> policies, boolean allowAll) {
        return new AuthFile.User(name, ACCOUNT, List.of(new AuthFile.AccessKey("AKIA" + name.toUpperCase(), "secret", null)), policies,
                allowAll);
    }

    private void authorize(String user, String operation, String body) {
        authorizer.authorize(new Principal(ACCOUNT, user, "AKIA" + user.toUpperCase()), operation, "us-east-1",
                () -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), null);
    }

    private static String update(String table, String owner) {
        return "{\"TableName\":\"" + table + "\",\"Key\":{\"owner\":{\"S\":\"" + owner + "\"}},\"UpdateExpression\":\"SET a = :a\","
                + "\"ExpressionAttributeValues\":{\":a\":{\"S\":\"x\"}}}";
    }

    @Test
    void aCallerWithoutAMatchingStatementIsDeniedWithoutReadingTheBody() {
        DynamoException e = assertThrows(DynamoException.class, () -> authorize("nobody", "UpdateItem", update("Notes", "nobody")));
        assertEquals("User: arn:aws:iam::111122223333:user/nobody is not authorized to perform: dynamodb:UpdateItem on resource: "
                + "arn:aws:dynamodb:us-east-1:111122223333:table/Notes because no identity-based policy allows the dynamodb:UpdateItem action",
                e.getMessage());
        assertThrows(DynamoException.class, () -> authorize("carl", "UpdateItem", update("Books", "carl")));
        assertThrows(DynamoException.class, () -> authorize("carl", "PutItem", update("Notes", "carl")));
        assertDoesNotThrow(() -> authorize("admin", "UpdateItem", update("Notes", "x")));
        assertEquals(0, authorizer.conditionKeyReads());
    }

    @Test
    void theKeysAreReadOnceWhenAMatchingStatementHasACondition() {
        // Notes is not in the catalog: its partition key is unknown, so LeadingKeys is unreadable and carl is denied
        assertThrows(DynamoException.class, () -> authorize("carl", "UpdateItem", update("Notes", "carl")));
        assertEquals(1, authorizer.conditionKeyReads());
        assertDoesNotThrow(() -> authorize("careful", "UpdateItem", update("Notes", "x")));
        assertEquals(2, authorizer.conditionKeyReads());
        DynamoException denied = assertThrows(DynamoException.class,
                () -> authorize("careful", "DeleteItem", "{\"TableName\":\"Notes\",\"Key\":{\"owner\":{\"S\":\"x\"}},\"ReturnValues\":\"ALL_OLD\"}"));
        assertTrue(denied.getMessage().endsWith("with an explicit deny in an identity-based policy"), denied.getMessage());
    }

    @Test
    void substitutionVariablesOverTheServicesTwoMegabytesDenyAConditionalAllow() {
        StringBuilder values = new StringBuilder();
        for (int i = 0; values.length() <= BoundedRequestTree.SUBSTITUTION_BYTES; i++) {
            if (i > 0) values.append(',');
            values.append("\":v").append(i).append("\":{\"S\":\"").append("x".repeat(100)).append("\"}");
        }
        String body = "{\"TableName\":\"Notes\",\"Key\":{\"owner\":{\"S\":\"x\"}},\"UpdateExpression\":\"SET a = :v0\","
                + "\"ExpressionAttributeValues\":{" + values + "}}";
        long started = System.nanoTime();
        assertDoesNotThrow(() -> authorize("admin", "UpdateItem", body)); // allowed without conditions: the operation decides
        assertThrows(DynamoException.class, () -> authorize("careful", "UpdateItem", body)); // a Deny's condition unreadable: denied
        assertTrue(System.nanoTime() - started < 5_000_000_000L);
    }
}
