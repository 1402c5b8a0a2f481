package io.basalt.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A table's KMS key (SSEDescription) is part of the durable definition and survives a restart. */
class EncryptionKeyCodecTest {
    @Test
    void kmsKeyArnSurvivesTheCatalogsOnDiskForm() {
        TableDefinition plain = new TableDefinition("t", 1, "u", 0, Map.of("pk", AttrType.S), new KeyShape("pk", AttrType.S, null, null),
                TableDefinition.PAY_PER_REQUEST, Throughput.of(0, 0), 0, OnDemandLimits.NONE, List.of(), List.of(), StreamSettings.NONE,
                false, null, null, Map.of(), null);
        assertNull(TableDefinitionCodec.decode(TableDefinitionCodec.encode(plain)).sseKeyArn(), "the AWS-owned key");
        String key = "arn:aws:kms:us-east-1:123456789012:key/c9bfce6a-71e3-40d0-bfc5-f594a60e0001";
        TableDefinition kms = plain.toBuilder().sseKeyArn(key).build();
        assertEquals(key, TableDefinitionCodec.decode(TableDefinitionCodec.encode(kms)).sseKeyArn());
    }
}
