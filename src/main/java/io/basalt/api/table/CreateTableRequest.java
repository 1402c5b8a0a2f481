package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.wire.JsonIn;
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
        TableJson.OnDemandThroughput onDemandThroughput) {

    @SuppressWarnings("unchecked")
    static CreateTableRequest parse(JsonParser p) throws IOException {
        Object[] f = new Object[12];
        JsonIn.object(p, (name, q) -> {
            switch (name) {
                case "TableName" -> f[0] = JsonIn.string(q);
                case "AttributeDefinitions" -> f[1] = TableJson.attributeDefinitions(q);
                case "KeySchema" -> f[2] = TableJson.keySchema(q);
                case "BillingMode" -> f[3] = JsonIn.string(q);
                case "ProvisionedThroughput" -> f[4] = TableJson.throughput(q);
                case "LocalSecondaryIndexes" -> f[5] = TableJson.indexes(q);
                case "GlobalSecondaryIndexes" -> f[6] = TableJson.indexes(q);
                case "StreamSpecification" -> f[7] = TableJson.stream(q);
                case "Tags" -> f[8] = TableJson.tags(q);
                case "TableClass" -> f[9] = JsonIn.string(q);
                case "DeletionProtectionEnabled" -> f[10] = JsonIn.bool(q);
                case "OnDemandThroughput" -> f[11] = TableJson.onDemand(q);
                default -> JsonIn.skip(q);
            }
        });
        return new CreateTableRequest((String) f[0], (List<TableJson.AttributeDefinition>) f[1],
                (List<TableJson.KeyElement>) f[2], (String) f[3], (TableJson.ProvisionedThroughput) f[4],
                (List<TableJson.IndexSpec>) f[5], (List<TableJson.IndexSpec>) f[6],
                (TableJson.StreamSpecification) f[7], (List<TableJson.Tag>) f[8], (String) f[9],
                (Boolean) f[10], (TableJson.OnDemandThroughput) f[11]);
    }
}
