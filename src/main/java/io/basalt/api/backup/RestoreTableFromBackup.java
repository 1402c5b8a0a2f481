package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.BackupRecord;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * RestoreTableFromBackup: a new table with the backup's key schema, attribute definitions,
 * indexes (all, or those the overrides keep), billing mode and throughput (or the overrides), and
 * exactly the backup's items with their index entries. As in the service, tags, stream and TTL
 * settings, resource policies and deletion protection are not restored. The response says
 * CREATING with RestoreInProgress; the table is complete when it is sent, so DescribeTable shows
 * ACTIVE.
 */
public final class RestoreTableFromBackup implements Operation<RestoreTableFromBackup.Request> {
    record IndexOverride(String name, Long read, Long write) {}

    record Request(String targetTableName, String backupArn, String billingMode, Long read, Long write,
                   List<IndexOverride> gsis, List<IndexOverride> lsis, Members onDemand) {}

    private static final Member<Long> READ = Member.integer("ReadCapacityUnits");
    private static final Member<Long> WRITE = Member.integer("WriteCapacityUnits");
    private static final Structure THROUGHPUT = Structure.of(READ, WRITE);
    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<Members> INDEX_THROUGHPUT = Member.structure("ProvisionedThroughput", THROUGHPUT);
    private static final Structure INDEX = Structure.of(INDEX_NAME, INDEX_THROUGHPUT);
    private static final Member<String> TARGET = Member.string("TargetTableName");
    private static final Member<String> BILLING = Member.string("BillingModeOverride");
    private static final Member<Members> THROUGHPUT_OVERRIDE = Member.structure("ProvisionedThroughputOverride", THROUGHPUT);
    private static final Member<List<IndexOverride>> GSIS = Member.of("GlobalSecondaryIndexOverride", p -> JsonIn.list(p, RestoreTableFromBackup::index));
    private static final Member<List<IndexOverride>> LSIS = Member.of("LocalSecondaryIndexOverride", p -> JsonIn.list(p, RestoreTableFromBackup::index));
    private static final Member<Long> MAX_READ = Member.integer("MaxReadRequestUnits");
    private static final Member<Long> MAX_WRITE = Member.integer("MaxWriteRequestUnits");
    private static final Member<Members> ON_DEMAND = Member.structure("OnDemandThroughputOverride", Structure.of(MAX_READ, MAX_WRITE));
    private static final Structure SHAPE = Structure.of(TARGET, BackupArnRequest.BACKUP_ARN, BILLING, THROUGHPUT_OVERRIDE,
            GSIS, LSIS, ON_DEMAND, Member.of("SSESpecificationOverride", p -> { JsonIn.skip(p); return null; }));

    private final Engine engine;

    public RestoreTableFromBackup(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "RestoreTableFromBackup"; }

    private static IndexOverride index(JsonParser p) throws IOException {
        Members m = INDEX.readOrEmpty(p);
        Members t = m.get(INDEX_THROUGHPUT);
        return new IndexOverride(m.get(INDEX_NAME), t == null ? null : t.get(READ), t == null ? null : t.get(WRITE));
    }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        Members t = m.get(THROUGHPUT_OVERRIDE);
        return new Request(m.get(TARGET), m.get(BackupArnRequest.BACKUP_ARN), m.get(BILLING),
                t == null ? null : t.get(READ), t == null ? null : t.get(WRITE), m.get(GSIS), m.get(LSIS), m.get(ON_DEMAND));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.targetTableName(), "targetTableName").tableName(r.targetTableName(), "targetTableName")
                .notNull(r.backupArn(), "backupArn")
                .enumValue(r.billingMode(), "billingModeOverride", "[PROVISIONED, PAY_PER_REQUEST]")
                .min(r.read(), "provisionedThroughputOverride.readCapacityUnits", 1)
                .min(r.write(), "provisionedThroughputOverride.writeCapacityUnits", 1);
        BackupArnRequest.arn(c, r.backupArn(), "backupArn").check();
        BackupRecord backup = DescribeBackup.find(engine, ctx, r.backupArn());
        TableDefinition target = target(ctx, r, backup);
        TableCatalog.Entry entry = engine.backups().restore(ctx.namespace(), backup, target);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.write(out, ctx, entry, "CREATING", engine.indexes());
        out.writeEndObject();
    }

    /** The restored table's definition: the backed-up one with new ids, the overrides applied, and what is not restored left out. */
    private TableDefinition target(RequestContext ctx, Request r, BackupRecord backup) {
        TableDefinition source = backup.table();
        String billing = r.billingMode() != null ? r.billingMode() : source.billingMode();
        boolean onDemand = TableDefinition.PAY_PER_REQUEST.equals(billing);
        Throughput throughput;
        if (onDemand) {
            throughput = Throughput.ON_DEMAND;
        } else if (r.read() != null && r.write() != null) {
            throughput = Throughput.of(r.read(), r.write());
        } else if (!source.payPerRequest()) {
            throughput = Throughput.of(source.throughput().readCapacityUnits(), source.throughput().writeCapacityUnits());
        } else {
            throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughputOverride "
                    + "must be specified when BillingModeOverride is PROVISIONED");
        }
        OnDemandLimits limits = source.onDemand();
        if (r.onDemand() != null) {
            Long mr = r.onDemand().get(MAX_READ), mw = r.onDemand().get(MAX_WRITE);
            limits = new OnDemandLimits(mr == null ? -1 : mr, mw == null ? -1 : mw);
        }
        if (!onDemand) limits = OnDemandLimits.NONE;
        List<IndexDefinition> lsis = indexes(source.localIndexes(), r.lsis(), false, throughput, onDemand);
        List<IndexDefinition> gsis = indexes(source.globalIndexes(), r.gsis(), true, throughput, onDemand);
        double now = engine.clock().millis() / 1000.0;
        return new TableDefinition(r.targetTableName(), engine.catalog().allocateId(), UUID.randomUUID().toString(), now,
                source.attributeDefinitions(), source.keys(), billing, throughput, onDemand ? now : 0, limits, lsis, gsis,
                StreamSettings.NONE, false, source.tableClass(), null, new LinkedHashMap<>(), null, Map.of(),
                new TableDefinition.RestoreSummary(backup.arn(), backup.tableArn(), now));
    }

    /** The backup's indexes (or those an override names), with new ids and the throughput the restored table gives them. */
    private List<IndexDefinition> indexes(List<IndexDefinition> backedUp, List<IndexOverride> overrides, boolean global,
                                          Throughput tableThroughput, boolean onDemand) {
        List<IndexDefinition> out = new ArrayList<>();
        if (overrides == null) {
            for (IndexDefinition i : backedUp) out.add(copy(i, null, tableThroughput, onDemand));
            return out;
        }
        for (IndexOverride o : overrides) {
            IndexDefinition found = null;
            for (IndexDefinition i : backedUp) if (i.name().equals(o.name())) found = i;
            if (found == null) {
                throw DynamoException.validation("One or more parameter values were invalid: " + (global ? "Global" : "Local")
                        + " secondary index " + o.name() + " is not present in the backup");
            }
            out.add(copy(found, o, tableThroughput, onDemand));
        }
        return out;
    }

    private IndexDefinition copy(IndexDefinition i, IndexOverride o, Throughput tableThroughput, boolean onDemand) {
        Throughput t;
        if (!i.global() || onDemand) t = Throughput.ON_DEMAND;
        else if (o != null && o.read() != null && o.write() != null) t = Throughput.of(o.read(), o.write());
        else if (i.throughput().readCapacityUnits() > 0) t = Throughput.of(i.throughput().readCapacityUnits(), i.throughput().writeCapacityUnits());
        else t = tableThroughput;
        return new IndexDefinition(i.name(), engine.catalog().allocateId(), i.global(), i.keys(), i.projectionType(),
                i.nonKeyAttributes(), t, onDemand ? i.onDemand() : OnDemandLimits.NONE, IndexDefinition.ACTIVE);
    }
}
