package io.basalt.it;

import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.SSEDescription;
import software.amazon.awssdk.services.dynamodb.model.SSESpecification;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Server-side encryption as the live service describes it, from the "ack-api-quirks" DynamoDB notes
 * (lab runs 2026-10-08/09). Basalt has no KMS: keys are taken to exist (see docs/differential.md).
 */
class EncryptionLiveIT extends ServerTestBase {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static TableDescription create(String name, Consumer<SSESpecification.Builder> sse) {
        return ddb.createTable(b -> table(b, name).sseSpecification(sse)).tableDescription();
    }

    private static CreateTableRequest.Builder table(CreateTableRequest.Builder b, String name) {
        return b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S));
    }

    private static SSEDescription sseOf(String name) {
        return ddb.describeTable(b -> b.tableName(name)).table().sseDescription();
    }

    private static void createFails(String message, Consumer<SSESpecification.Builder> sse) {
        validation(message, () -> ddb.createTable(b -> table(b, "enc_refused").sseSpecification(sse)));
        assertThrows(ResourceNotFoundException.class, () -> sseOf("enc_refused"), "nothing created");
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"SSESpecification"})
    @Covers(operation = "DescribeTable", parameters = {"TableName"})
    void createTableDescribesKmsEncryption() {
        // DDB-TABLE-027 / 371 (live 2026-10-09): Enabled=true is KMS with the AWS-managed key, in the create answer too
        TableDescription created = create("enc_true", s -> s.enabled(true));
        SSEDescription d = created.sseDescription();
        assertEquals("ENABLED", d.statusAsString());
        assertEquals("KMS", d.sseTypeAsString());
        String managed = d.kmsMasterKeyArn();
        assertTrue(managed.matches("arn:aws:kms:us-east-1:\\d{12}:key/[0-9a-f-]{36}"), managed);
        assertEquals(d, sseOf("enc_true"));
        // DDB-TABLE-027: alias/aws/dynamodb names the same key; DDB-TABLE-044: SSEType KMS alone enables it
        assertEquals(managed, create("enc_alias", s -> s.enabled(true).sseType("KMS").kmsMasterKeyId("alias/aws/dynamodb"))
                .sseDescription().kmsMasterKeyArn());
        assertEquals(managed, create("enc_type", s -> s.sseType("KMS")).sseDescription().kmsMasterKeyArn());
        // a customer key ARN is kept as given
        String cmk = "arn:aws:kms:us-east-1:123456789012:key/c9bfce6a-71e3-40d0-bfc5-f594a60e0001";
        assertEquals(cmk, create("enc_cmk", s -> s.enabled(true).sseType("KMS").kmsMasterKeyId(cmk)).sseDescription().kmsMasterKeyArn());
        // DDB-TABLE-027 / 036 / 044: the AWS-owned key ({} or Enabled=false) is not described
        assertNull(create("enc_false", s -> s.enabled(false)).sseDescription());
        assertNull(create("enc_empty", s -> { }).sseDescription());
        assertNull(sseOf("enc_empty"));
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"SSESpecification"})
    void createTableRefusesSseShapes() {
        // DDB-TABLE-036 / 031 (live 2026-10-08)
        createFails(INVALID + "SSEType can not be specified if Enabled is false", s -> s.enabled(false).sseType("KMS"));
        createFails(INVALID + "KMSMasterKeyId can not be specified if Enabled is false", s -> s.enabled(false).kmsMasterKeyId("alias/x"));
        createFails(INVALID + "SSEType can not be specified if Enabled is false", s -> s.enabled(false).sseType("KMS").kmsMasterKeyId("alias/x"));
        createFails(INVALID + "SSEType can not be specified if Enabled is false", s -> s.enabled(false).sseType("AES256"));
        createFails(INVALID + "SSEType AES256 is not supported", s -> s.enabled(true).sseType("AES256"));
        createFails("1 validation error detected: Value 'kms' at 'sSESpecification.sSEType' failed to satisfy constraint: "
                + "Member must satisfy enum value set: [AES256, KMS]", s -> s.enabled(true).sseType("kms"));
        createFails(INVALID + "SSEType KMS is required if KMSMasterKeyId is specified", s -> s.enabled(true).kmsMasterKeyId("alias/aws/dynamodb"));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"SSESpecification"})
    void updateTableSwitchesEncryption() {
        String t = "enc_update";
        ddb.createTable(b -> table(b, t));
        // DDB-TABLE-018 (live 2026-10-08): disabling on the AWS-owned key is refused
        String byDefault = INVALID + "Table is already encrypted by default";
        validation(byDefault, () -> ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(false))));
        // DDB-TABLE-065 (live 2026-10-08): the answer stays ACTIVE with a Status-only SSEDescription
        TableDescription r = ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(true))).tableDescription();
        assertEquals("ACTIVE", r.tableStatusAsString());
        assertEquals(SSEDescription.builder().status("UPDATING").build(), r.sseDescription());
        // DDB-TABLE-140 (live 2026-10-08): settled, the table describes the AWS-managed key
        SSEDescription enabled = sseOf(t);
        assertEquals("ENABLED", enabled.statusAsString());
        assertEquals("KMS", enabled.sseTypeAsString());
        // DDB-TABLE-141: re-sending Enabled=true answers UPDATING with the same key
        r = ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(true))).tableDescription();
        assertEquals(SSEDescription.builder().status("UPDATING").sseType("KMS").kmsMasterKeyArn(enabled.kmsMasterKeyArn()).build(),
                r.sseDescription());
        // DDB-TABLE-141 (live 2026-10-08): naming the current key again by ARN is refused
        validation(INVALID + "Table is already encrypted with given KMSMasterKeyId. Use KMSMasterKeyId parameter if you want to change Master Key",
                () -> ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(true).sseType("KMS")
                        .kmsMasterKeyId(enabled.kmsMasterKeyArn()))));
        // DDB-TABLE-140: disabling answers ACTIVE with the old key UPDATING; afterwards no SSEDescription
        r = ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(false))).tableDescription();
        assertEquals("ACTIVE", r.tableStatusAsString());
        assertEquals(SSEDescription.builder().status("UPDATING").sseType("KMS").kmsMasterKeyArn(enabled.kmsMasterKeyArn()).build(),
                r.sseDescription());
        assertNull(sseOf(t), "DDB-TABLE-079: never {Status: DISABLED}");
        // DDB-TABLE-079 (live 2026-10-08): a second disable is refused
        validation(byDefault, () -> ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(false))));
        validation(INVALID + "SSEType AES256 is not supported",
                () -> ddb.updateTable(b -> b.tableName(t).sseSpecification(s -> s.enabled(true).sseType("AES256"))));
    }
}
