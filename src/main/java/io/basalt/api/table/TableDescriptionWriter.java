package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.RequestContext;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.TableCounts;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.engine.catalog.WarmThroughput;
import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.io.IOException;
import java.util.Map;

/** Writes a TableDescription, shared by CreateTable, DescribeTable, UpdateTable and DeleteTable. */
public final class TableDescriptionWriter {
    private TableDescriptionWriter() {}

    public static String streamArn(RequestContext ctx, TableDefinition t) {
        return ctx.tableArn(t.name()) + "/stream/" + t.stream().label();
    }

    /** Writes the description object; {@code status} is CREATING, ACTIVE, UPDATING or DELETING. */
    public static void write(JsonGenerator g, RequestContext ctx, TableCatalog.Entry entry, String status,
                             TableCounts counts) throws IOException {
        write(g, ctx, entry, status, counts, true, null, null, false);
    }

    /** UpdateTable's answer to ReplicaUpdates: UPDATING, and GlobalTableVersion even while no replica is listed yet. */
    static void writeReplicaChange(JsonGenerator g, RequestContext ctx, TableCatalog.Entry entry, TableCounts counts) throws IOException {
        write(g, ctx, entry, "UPDATING", counts, true, null, null, true);
    }

    /**
     * SSEDescription as an answer shows it: Status ENABLED, SSEType KMS and the key; while a change is
     * applied (UpdateTable's own answer) Status UPDATING with the key the table had, none when it had
     * the AWS-owned key (DDB-TABLE-065/140/141, live 2026-10-08).
     */
    record SseView(String status, String keyArn) {}

    /** An SSEDescription member: its status and, for a KMS key, the type and the key's ARN (also a backup's features). */
    public static void writeSse(JsonGenerator g, String status, String keyArn) throws IOException {
        g.writeObjectFieldStart("SSEDescription");
        g.writeStringField("Status", status);
        if (keyArn != null) {
            g.writeStringField("SSEType", "KMS");
            g.writeStringField("KMSMasterKeyArn", keyArn);
        }
        g.writeEndObject();
    }

    /**
     * UpdateTable's answer: the given SSEDescription instead of the table's (an encryption change),
     * the given OnDemandThroughput instead of the table's (an on-demand limit change); null for the table's.
     */
    static void write(JsonGenerator g, RequestContext ctx, TableCatalog.Entry entry, String status, TableCounts counts,
                      SseView sse, OnDemandRules.Echo onDemand) throws IOException {
        write(g, ctx, entry, status, counts, true, sse, onDemand, false);
    }

    /**
     * DeleteTable's description: the service leaves out AttributeDefinitions, KeySchema,
     * CreationDateTime and the indexes.
     */
    public static void writeDeleted(JsonGenerator g, RequestContext ctx, TableCatalog.Entry entry) throws IOException {
        write(g, ctx, entry, "DELETING", null, false, null, null, false);
    }

    private static void write(JsonGenerator g, RequestContext ctx, TableCatalog.Entry entry, String status,
                              TableCounts counts, boolean full, SseView sse, OnDemandRules.Echo onDemand, boolean global)
            throws IOException {
        TableDefinition t = entry.definition();
        // the owner's account, also for a cross-account caller (entry.account() is its namespace)
        String tableArn = ctx.tableArn(io.basalt.model.Namespaces.account(entry.account()), t.name());
        g.writeStartObject();
        if (full) {
            g.writeArrayFieldStart("AttributeDefinitions");
            // sorted by name, whatever order they were sent in (DDB-TABLE-042/125, live 2026-10-08)
            for (Map.Entry<String, AttrType> a : new java.util.TreeMap<>(t.attributeDefinitions()).entrySet()) {
                g.writeStartObject();
                g.writeStringField("AttributeName", a.getKey());
                g.writeStringField("AttributeType", a.getValue().tag());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeStringField("TableName", t.name());
        if (full) writeKeySchema(g, t.keys());
        g.writeStringField("TableStatus", status);
        if (full) g.writeNumberField("CreationDateTime", t.creationTime());
        writeThroughput(g, t.throughput());
        long[] figures = counts == null ? new long[] {entry.ref().itemCount().get(), entry.ref().sizeBytes().get()} : counts.table(entry);
        g.writeNumberField("TableSizeBytes", figures[1]);
        g.writeNumberField("ItemCount", figures[0]);
        g.writeStringField("TableArn", tableArn);
        g.writeStringField("TableId", t.uuid());
        if (t.payPerRequest() || t.lastUpdateToPayPerRequest() > 0) {
            g.writeObjectFieldStart("BillingModeSummary");
            g.writeStringField("BillingMode", t.billingMode());
            if (t.lastUpdateToPayPerRequest() > 0) {
                g.writeNumberField("LastUpdateToPayPerRequestDateTime", t.lastUpdateToPayPerRequest());
            } else if (t.payPerRequest()) {
                // created on demand: the service dates the mode from the creation (live describe-table outputs)
                g.writeNumberField("LastUpdateToPayPerRequestDateTime", t.creationTime());
            }
            g.writeEndObject();
        }
        if (full && !t.localIndexes().isEmpty()) {
            g.writeArrayFieldStart("LocalSecondaryIndexes");
            for (IndexDefinition i : t.localIndexes()) writeIndex(g, tableArn, entry, i, status, counts);
            g.writeEndArray();
        }
        if (full && !t.globalIndexes().isEmpty()) {
            g.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (IndexDefinition i : t.globalIndexes()) writeIndex(g, tableArn, entry, i, status, counts);
            g.writeEndArray();
        }
        if (full) VectorIndexDescriptions.write(g, tableArn, t.vectorIndexes());
        if (t.stream().enabled()) {
            g.writeObjectFieldStart("StreamSpecification");
            g.writeBooleanField("StreamEnabled", true);
            g.writeStringField("StreamViewType", t.stream().viewType());
            g.writeEndObject();
        }
        if (t.stream().label() != null) {
            g.writeStringField("LatestStreamLabel", t.stream().label());
            g.writeStringField("LatestStreamArn", tableArn + "/stream/" + t.stream().label());
        }
        if (sse == null && t.sseKeyArn() != null) sse = new SseView("ENABLED", t.sseKeyArn());
        if (sse != null) writeSse(g, sse.status(), sse.keyArn());
        if (t.tableClass() != null) {
            g.writeObjectFieldStart("TableClassSummary");
            g.writeStringField("TableClass", t.tableClass());
            g.writeEndObject();
        }
        if (t.restoreSummary() != null) {
            g.writeObjectFieldStart("RestoreSummary");
            // a point-in-time restore has no backup
            if (t.restoreSummary().sourceBackupArn() != null) g.writeStringField("SourceBackupArn", t.restoreSummary().sourceBackupArn());
            g.writeStringField("SourceTableArn", t.restoreSummary().sourceTableArn());
            g.writeNumberField("RestoreDateTime", t.restoreSummary().restoreDateTime());
            // the restore is complete before the table is answered for (its CREATING is the response's word)
            g.writeBooleanField("RestoreInProgress", status.equals("CREATING"));
            g.writeEndObject();
        }
        if (global || t.global()) writeReplicas(g, t);
        g.writeBooleanField("DeletionProtectionEnabled", t.deletionProtection());
        writeOnDemand(g, onDemand != null ? onDemand : OnDemandRules.Echo.of(t.onDemand()));
        // CreateTable's answer has none (DDB-TABLE-033, live 2026-10-08)
        if (full && !status.equals("CREATING")) writeWarm(g, t.shownWarm());
        g.writeEndObject();
    }

    /**
     * A global table's members: GlobalTableVersion, the other regions' replicas (never the table
     * itself, in the order they joined) and the settings replication mode; a regional table has none
     * of these keys (DDB-TABLE-201/229/231/320, live 2026-10-09).
     */
    private static void writeReplicas(JsonGenerator g, TableDefinition t) throws IOException {
        g.writeStringField("GlobalTableVersion", ReplicaUpdates.VERSION);
        g.writeArrayFieldStart("Replicas");
        for (TableDefinition.Replica r : t.replicas()) {
            g.writeStartObject();
            g.writeStringField("RegionName", r.region());
            g.writeStringField("ReplicaStatus", "ACTIVE");
            writeWarm(g, t.shownWarm());
            g.writeStringField("GlobalTableSettingsReplicationMode", "ENABLED_WITH_OVERRIDES");
            g.writeEndObject();
        }
        g.writeEndArray();
        if (t.global()) g.writeStringField("GlobalTableSettingsReplicationMode", "ENABLED_WITH_OVERRIDES");
    }

    /** OnDemandThroughput without the members that have no limit; none when neither has (DDB-TABLE-039/182, live 2026-10-09). */
    private static void writeOnDemand(JsonGenerator g, OnDemandRules.Echo o) throws IOException {
        if (o.empty()) return;
        g.writeObjectFieldStart("OnDemandThroughput");
        if (o.maxReadRequestUnits() != null) g.writeNumberField("MaxReadRequestUnits", o.maxReadRequestUnits());
        if (o.maxWriteRequestUnits() != null) g.writeNumberField("MaxWriteRequestUnits", o.maxWriteRequestUnits());
        g.writeEndObject();
    }

    /** WarmThroughput: always ACTIVE, Basalt's tables are warm at once (the service shows UPDATING for minutes). */
    private static void writeWarm(JsonGenerator g, WarmThroughput w) throws IOException {
        g.writeObjectFieldStart("WarmThroughput");
        g.writeNumberField("ReadUnitsPerSecond", w.readUnitsPerSecond());
        g.writeNumberField("WriteUnitsPerSecond", w.writeUnitsPerSecond());
        g.writeStringField("Status", "ACTIVE");
        g.writeEndObject();
    }

    public static void writeKeySchema(JsonGenerator g, KeyShape k) throws IOException {
        g.writeArrayFieldStart("KeySchema");
        for (KeyShape.Part p : k.hashParts()) {
            g.writeStartObject();
            g.writeStringField("AttributeName", p.name());
            g.writeStringField("KeyType", "HASH");
            g.writeEndObject();
        }
        for (KeyShape.Part p : k.rangeParts()) {
            g.writeStartObject();
            g.writeStringField("AttributeName", p.name());
            g.writeStringField("KeyType", "RANGE");
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** An index's Projection member. */
    public static void writeProjection(JsonGenerator g, IndexDefinition i) throws IOException {
        g.writeObjectFieldStart("Projection");
        g.writeStringField("ProjectionType", i.projectionType());
        if (!i.nonKeyAttributes().isEmpty()) {
            g.writeArrayFieldStart("NonKeyAttributes");
            // sorted by name (DDB-TABLE-125, live 2026-10-08)
            for (String s : new java.util.TreeSet<>(i.nonKeyAttributes())) g.writeString(s);
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void writeThroughput(JsonGenerator g, Throughput t) throws IOException {
        g.writeObjectFieldStart("ProvisionedThroughput");
        if (t.lastIncrease() > 0) g.writeNumberField("LastIncreaseDateTime", t.lastIncrease());
        if (t.lastDecrease() > 0) g.writeNumberField("LastDecreaseDateTime", t.lastDecrease());
        g.writeNumberField("NumberOfDecreasesToday", t.decreasesToday());
        g.writeNumberField("ReadCapacityUnits", t.readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", t.writeCapacityUnits());
        g.writeEndObject();
    }

    private static void writeIndex(JsonGenerator g, String tableArn, TableCatalog.Entry entry, IndexDefinition i, String tableStatus,
                                   TableCounts counts) throws IOException {
        g.writeStartObject();
        g.writeStringField("IndexName", i.name());
        writeKeySchema(g, i.keys());
        writeProjection(g, i);
        if (i.global()) {
            g.writeStringField("IndexStatus", tableStatus.equals("DELETING") ? "DELETING" : i.status());
            if (!i.active()) g.writeBooleanField("Backfilling", true);
            writeThroughput(g, i.throughput());
            writeOnDemand(g, OnDemandRules.Echo.of(i.onDemand()));
            if (!tableStatus.equals("CREATING")) writeWarm(g, WarmRules.shown(entry.definition(), i));
        }
        long[] figures = counts.index(entry, i.indexId());
        g.writeNumberField("IndexSizeBytes", figures[1]);
        g.writeNumberField("ItemCount", figures[0]);
        g.writeStringField("IndexArn", tableArn + "/index/" + i.name());
        g.writeEndObject();
    }
}
