package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;

import io.basalt.compat.Covers;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Groups of the differential harness's "Open differences" (docs/differential.md), each settled
 * against public evidence of the live service and asserted as the service answers:
 * github.com/architect/dynalite test/updateTable.js, query.js, putItem.js and batchWriteItem.js (written
 * against the live service); live PutItem errors quoted in public application logs.
 */
class SettledDifferencesIT extends ServerTestBase {
    private static final String T = "settled_differences";
    private static final String I = "settled_differences_idx";

    @BeforeAll
    static void tables() {
        Sdk.createRangeTable(ddb, T, ScalarAttributeType.S);
        Sdk.createIndexedTable(ddb, I, ScalarAttributeType.N, ScalarAttributeType.N, ScalarAttributeType.S);
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"TableName", "GlobalSecondaryIndexUpdates", "BillingMode"})
    void updateTableWithNothingToUpdateOrNoThroughput() {
        String nothing = "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required";
        validation(nothing, () -> ddb.updateTable(b -> b.tableName(T)));
        validation(nothing, () -> ddb.updateTable(b -> b.tableName(T).globalSecondaryIndexUpdates(java.util.List.of())));
        validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
                () -> ddb.updateTable(b -> b.tableName(T).billingMode(BillingMode.PROVISIONED)));
    }

    @Test
    @Covers(operation = "Query", parameters = {"KeyConditionExpression"})
    void keyConditionOperatorsAreRefusedBare() {
        Map<String, AttributeValue> v = Map.of(":p", s("p"), ":s", s("s"));
        for (String[] c : new String[][] {{"pk = :p AND sk <> :s", "<>"}, {"pk = :p OR sk = :s", "OR"}, {"pk = :p AND NOT sk = :s", "NOT"},
                {"pk = :p AND sk IN (:s)", "IN"}, {"pk = :p AND attribute_exists(sk)", "attribute_exists"},
                {"pk = :p AND attribute_not_exists(sk)", "attribute_not_exists"}, {"pk = :p AND contains(sk, :s)", "contains"}}) {
            Map<String, AttributeValue> values = c[0].contains(":s") ? v : Map.of(":p", s("p"));
            validation("Invalid operator used in KeyConditionExpression: " + c[1],
                    () -> ddb.query(b -> b.tableName(T).keyConditionExpression(c[0]).expressionAttributeValues(values)));
        }
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    void keyTypeMismatchNamesTheKeyAndBothTypes() {
        validation("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
                () -> ddb.putItem(b -> b.tableName(T).item(item("pk", n("1"), "sk", "s"))));
        validation("One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S",
                () -> ddb.putItem(b -> b.tableName(I).item(item("pk", "p", "sk", "x"))));
        validation("One or more parameter values were invalid: Type mismatch for Index Key g Expected: N Actual: S IndexName: gsi",
                () -> ddb.putItem(b -> b.tableName(I).item(item("pk", "p", "sk", n("1"), "g", "x"))));
        validation("One or more parameter values were invalid: Type mismatch for Index Key l Expected: S Actual: B IndexName: lsi",
                () -> ddb.putItem(b -> b.tableName(I).item(item("pk", "p", "sk", n("1"), "l", AttributeValue.fromB(
                        software.amazon.awssdk.core.SdkBytes.fromByteArray(new byte[] {1}))))));
    }
}
