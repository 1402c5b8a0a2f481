package io.basalt.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Resource policies and the KMS key (SSEDescription) are part of the durable table definition (they
 * survive a restart with the catalog).
 */
class ResourcePolicyCodecTest {
    @Test
    void kmsKeyArnSurvivesTheCatalogsOnDiskForm() {
        TableDefinition plain = plain();
        assertEquals(null, TableDefinitionCodec.decode(TableDefinitionCodec.encode(plain)).sseKeyArn(), "the AWS-owned key");
        String key = "arn:aws:kms:us-east-1:123456789012:key/c9bfce6a-71e3-40d0-bfc5-f594a60e0001";
        TableDefinition kms = plain.toBuilder().sseKeyArn(key).build();
        assertEquals(key, TableDefinitionCodec.decode(TableDefinitionCodec.encode(kms)).sseKeyArn());
    }

    private static TableDefinition plain() {
        return new TableDefinition("t", 1, "u", 0, Map.of("pk", AttrType.S), new KeyShape("pk", AttrType.S, null, null),
                TableDefinition.PAY_PER_REQUEST, Throughput.of(0, 0), 0, OnDemandLimits.NONE, List.of(), List.of(), StreamSettings.NONE,
                false, null, null, Map.of(), null);
    }

    @Test
    void resourcePoliciesSurviveTheCatalogsOnDiskForm() {
        TableDefinition plain = plain();
        assertEquals(Map.of(), TableDefinitionCodec.decode(TableDefinitionCodec.encode(plain)).resourcePolicies());
        var b = plain.toBuilder();
        b.resourcePolicies().put("", new TableDefinition.ResourcePolicy("{\"Version\":\"2012-10-17\"}", "1700000000000"));
        b.resourcePolicies().put("2026-01-01T00:00:00.000", new TableDefinition.ResourcePolicy("{}", "1700000000001"));
        TableDefinition withPolicies = b.build();
        TableDefinition back = TableDefinitionCodec.decode(TableDefinitionCodec.encode(withPolicies));
        assertEquals(withPolicies.resourcePolicies(), back.resourcePolicies());
        assertEquals("1700000000000", back.resourcePolicy(null).revisionId());
        assertEquals("{}", back.resourcePolicy("2026-01-01T00:00:00.000").document());
        // a deleted policy stays as a tombstone with the deletion's revision, and is no policy in force
        var d = back.toBuilder();
        d.resourcePolicies().put("", TableDefinition.ResourcePolicy.deletedAt("1700000000005"));
        TableDefinition deleted = TableDefinitionCodec.decode(TableDefinitionCodec.encode(d.build()));
        assertEquals(TableDefinition.ResourcePolicy.deletedAt("1700000000005"), deleted.resourcePolicies().get(""));
        assertEquals(null, deleted.resourcePolicy(null));
    }
}
