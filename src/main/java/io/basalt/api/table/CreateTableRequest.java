package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;

/** A CreateTable request as sent. */
record CreateTableRequest(
        String tableName,
        List<TableJson.AttributeDefinition> attributeDefinitions,
        List<TableJson.KeyElement> keySchema,
        String billingMode,
        TableJson.ProvisionedThroughput provisionedThroughput,
        List<TableJson.IndexSpec> localSecondaryIndexes,
        List<TableJson.IndexSpec> globalSecondaryIndexes,
        TableJson.StreamSpecification streamSpecification,
        List<TableJson.Tag> tags,
        String tableClass,
        Boolean deletionProtectionEnabled,
        TableJson.OnDemandThroughput onDemandThroughput,
        String resourcePolicy,
        TableJson.SseSpecification sseSpecification,
        TableJson.Warm warmThroughput,
        List<VectorIndexRules.Spec> vectorIndexes) {

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<List<TableJson.AttributeDefinition>> ATTRIBUTE_DEFINITIONS =
            Member.of("AttributeDefinitions", TableJson::attributeDefinitions);
    private static final Member<List<TableJson.KeyElement>> KEY_SCHEMA = Member.of("KeySchema", TableJson::keySchema);
    private static final Member<String> BILLING_MODE = Member.string("BillingMode");
    private static final Member<TableJson.ProvisionedThroughput> PROVISIONED_THROUGHPUT =
            Member.of("ProvisionedThroughput", TableJson::throughput);
    private static final Member<List<TableJson.IndexSpec>> LOCAL_SECONDARY_INDEXES =
            Member.of("LocalSecondaryIndexes", TableJson::indexes);
    private static final Member<List<TableJson.IndexSpec>> GLOBAL_SECONDARY_INDEXES =
            Member.of("GlobalSecondaryIndexes", TableJson::indexes);
    private static final Member<TableJson.StreamSpecification> STREAM_SPECIFICATION =
            Member.of("StreamSpecification", TableJson::stream);
    private static final Member<List<TableJson.Tag>> TAGS = Member.of("Tags", TableJson::tags);
    private static final Member<String> TABLE_CLASS = Member.string("TableClass");
    private static final Member<Boolean> DELETION_PROTECTION_ENABLED = Member.bool("DeletionProtectionEnabled");
    private static final Member<TableJson.OnDemandThroughput> ON_DEMAND_THROUGHPUT =
            Member.of("OnDemandThroughput", TableJson::onDemand);
    private static final Member<String> RESOURCE_POLICY = Member.string("ResourcePolicy");
    private static final Member<TableJson.SseSpecification> SSE_SPECIFICATION = Member.of("SSESpecification", TableJson::sse);
    private static final Member<TableJson.Warm> WARM_THROUGHPUT = Member.of("WarmThroughput", TableJson::warm);
    private static final Member<List<VectorIndexRules.Spec>> VECTOR_INDEXES = Member.of("VectorIndexes", VectorIndexRules::specs);
    private static final Structure SHAPE = Structure.of(TABLE_NAME, ATTRIBUTE_DEFINITIONS, KEY_SCHEMA, BILLING_MODE,
            PROVISIONED_THROUGHPUT, LOCAL_SECONDARY_INDEXES, GLOBAL_SECONDARY_INDEXES, STREAM_SPECIFICATION, TAGS,
            TABLE_CLASS, DELETION_PROTECTION_ENABLED, ON_DEMAND_THROUGHPUT, RESOURCE_POLICY, SSE_SPECIFICATION, WARM_THROUGHPUT,
            VECTOR_INDEXES);

    static CreateTableRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new CreateTableRequest(m.get(TABLE_NAME), m.get(ATTRIBUTE_DEFINITIONS), m.get(KEY_SCHEMA),
                m.get(BILLING_MODE), m.get(PROVISIONED_THROUGHPUT), m.get(LOCAL_SECONDARY_INDEXES),
                m.get(GLOBAL_SECONDARY_INDEXES), m.get(STREAM_SPECIFICATION), m.get(TAGS), m.get(TABLE_CLASS),
                m.get(DELETION_PROTECTION_ENABLED), m.get(ON_DEMAND_THROUGHPUT), m.get(RESOURCE_POLICY),
                m.get(SSE_SPECIFICATION), m.get(WARM_THROUGHPUT), m.get(VECTOR_INDEXES));
    }
}
