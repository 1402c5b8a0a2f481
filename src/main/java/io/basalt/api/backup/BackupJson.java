package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.RequestContext;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.backup.BackupRecord;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import java.io.IOException;

/** The backup shapes of the API: BackupDetails, BackupDescription and BackupSummary. */
final class BackupJson {
    private BackupJson() {}

    /** The ARN of a table of a namespace (model.Namespaces), in the caller's region. */
    static String tableArn(RequestContext ctx, String namespace, String name) {
        return io.basalt.api.table.TableNames.arn(ctx, namespace, name);
    }

    static void details(JsonGenerator g, BackupRecord b, String status) throws IOException {
        g.writeObjectFieldStart("BackupDetails");
        g.writeStringField("BackupArn", b.arn());
        g.writeStringField("BackupName", b.name());
        g.writeNumberField("BackupSizeBytes", b.sizeBytes());
        g.writeStringField("BackupStatus", status);
        g.writeStringField("BackupType", b.type());
        g.writeNumberField("BackupCreationDateTime", b.creationSeconds());
        if (b.expiryMillis() >= 0) g.writeNumberField("BackupExpiryDateTime", b.expiryMillis() / 1000.0);
        g.writeEndObject();
    }

    /** BackupDescription: the backup, its source table and the table's features at the backup's moment. */
    static void description(JsonGenerator g, BackupRecord b, String status) throws IOException {
        TableDefinition t = b.table();
        g.writeObjectFieldStart("BackupDescription");
        details(g, b, status);
        g.writeObjectFieldStart("SourceTableDetails");
        g.writeStringField("TableName", t.name());
        g.writeStringField("TableId", b.tableUuid());
        g.writeStringField("TableArn", b.tableArn());
        g.writeNumberField("TableSizeBytes", b.sizeBytes());
        TableDescriptionWriter.writeKeySchema(g, t.keys());
        g.writeNumberField("TableCreationDateTime", t.creationTime());
        throughput(g, t.throughput().readCapacityUnits(), t.throughput().writeCapacityUnits());
        onDemand(g, t.onDemand());
        g.writeNumberField("ItemCount", b.itemCount());
        g.writeStringField("BillingMode", t.billingMode());
        g.writeEndObject();
        g.writeObjectFieldStart("SourceTableFeatureDetails");
        // a SYSTEM backup reports no features (live 2026-10-09, DDB-TABLE-167)
        if (!BackupRecord.SYSTEM.equals(b.type())) features(g, t);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** What the backup records of the table's features: indexes, stream, TTL and encryption (DDB-BACKUP-009). */
    private static void features(JsonGenerator g, TableDefinition t) throws IOException {
        if (!t.localIndexes().isEmpty()) {
            g.writeArrayFieldStart("LocalSecondaryIndexes");
            for (IndexDefinition i : t.localIndexes()) index(g, i);
            g.writeEndArray();
        }
        if (!t.globalIndexes().isEmpty()) {
            g.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (IndexDefinition i : t.globalIndexes()) index(g, i);
            g.writeEndArray();
        }
        if (t.stream().enabled()) {
            g.writeObjectFieldStart("StreamDescription");
            g.writeBooleanField("StreamEnabled", true);
            g.writeStringField("StreamViewType", t.stream().viewType());
            g.writeEndObject();
        }
        if (t.ttlAttribute() != null) {
            g.writeObjectFieldStart("TimeToLiveDescription");
            g.writeStringField("TimeToLiveStatus", "ENABLED");
            g.writeStringField("AttributeName", t.ttlAttribute());
            g.writeEndObject();
        }
        if (t.sseKeyArn() != null) TableDescriptionWriter.writeSse(g, "ENABLED", t.sseKeyArn());
    }

    private static void index(JsonGenerator g, IndexDefinition i) throws IOException {
        g.writeStartObject();
        g.writeStringField("IndexName", i.name());
        TableDescriptionWriter.writeKeySchema(g, i.keys());
        TableDescriptionWriter.writeProjection(g, i);
        if (i.global()) {
            throughput(g, i.throughput().readCapacityUnits(), i.throughput().writeCapacityUnits());
            onDemand(g, i.onDemand());
        }
        g.writeEndObject();
    }

    private static void throughput(JsonGenerator g, long read, long write) throws IOException {
        g.writeObjectFieldStart("ProvisionedThroughput");
        g.writeNumberField("ReadCapacityUnits", read);
        g.writeNumberField("WriteCapacityUnits", write);
        g.writeEndObject();
    }

    private static void onDemand(JsonGenerator g, io.basalt.engine.catalog.OnDemandLimits o) throws IOException {
        if (!o.isSet()) return;
        g.writeObjectFieldStart("OnDemandThroughput");
        g.writeNumberField("MaxReadRequestUnits", o.maxReadRequestUnits());
        g.writeNumberField("MaxWriteRequestUnits", o.maxWriteRequestUnits());
        g.writeEndObject();
    }

    /** One entry of ListBackups' BackupSummaries. */
    static void summary(JsonGenerator g, BackupRecord b) throws IOException {
        g.writeStartObject();
        g.writeStringField("TableName", b.table().name());
        g.writeStringField("TableId", b.tableUuid());
        g.writeStringField("TableArn", b.tableArn());
        g.writeStringField("BackupArn", b.arn());
        g.writeStringField("BackupName", b.name());
        g.writeNumberField("BackupCreationDateTime", b.creationSeconds());
        g.writeStringField("BackupStatus", b.status());
        g.writeStringField("BackupType", b.type());
        g.writeNumberField("BackupSizeBytes", b.sizeBytes());
        if (b.expiryMillis() >= 0) g.writeNumberField("BackupExpiryDateTime", b.expiryMillis() / 1000.0);
        g.writeEndObject();
    }
}
