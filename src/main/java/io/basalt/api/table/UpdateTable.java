package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;

/**
 * UpdateTable: billing mode, provisioned throughput, stream specification, deletion protection,
 * table class and on-demand limits. Global secondary index changes belong to the index work and
 * are refused with a clear message until then.
 */
public final class UpdateTable implements Operation<UpdateTable.Request> {
    record Request(String tableName, List<TableJson.AttributeDefinition> attributeDefinitions, String billingMode,
                   TableJson.ProvisionedThroughput provisionedThroughput, List<TableJson.GsiUpdate> gsiUpdates,
                   TableJson.StreamSpecification streamSpecification, boolean sse, boolean replicaUpdates,
                   String tableClass, Boolean deletionProtectionEnabled, TableJson.OnDemandThroughput onDemandThroughput) {}

    private final Engine engine;

    public UpdateTable(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateTable"; }

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<List<TableJson.AttributeDefinition>> ATTRIBUTE_DEFINITIONS =
            Member.of("AttributeDefinitions", TableJson::attributeDefinitions);
    private static final Member<String> BILLING_MODE = Member.string("BillingMode");
    private static final Member<TableJson.ProvisionedThroughput> PROVISIONED_THROUGHPUT =
            Member.of("ProvisionedThroughput", TableJson::throughput);
    private static final Member<List<TableJson.GsiUpdate>> GSI_UPDATES =
            Member.of("GlobalSecondaryIndexUpdates", TableJson::gsiUpdates);
    private static final Member<TableJson.StreamSpecification> STREAM_SPECIFICATION =
            Member.of("StreamSpecification", TableJson::stream);
    private static final Member<Boolean> SSE_SPECIFICATION = Member.presence("SSESpecification");
    private static final Member<Boolean> REPLICA_UPDATES = Member.presence("ReplicaUpdates");
    private static final Member<String> TABLE_CLASS = Member.string("TableClass");
    private static final Member<Boolean> DELETION_PROTECTION_ENABLED = Member.bool("DeletionProtectionEnabled");
    private static final Member<TableJson.OnDemandThroughput> ON_DEMAND_THROUGHPUT =
            Member.of("OnDemandThroughput", TableJson::onDemand);
    private static final Structure SHAPE = Structure.of(TABLE_NAME, ATTRIBUTE_DEFINITIONS, BILLING_MODE,
            PROVISIONED_THROUGHPUT, GSI_UPDATES, STREAM_SPECIFICATION, SSE_SPECIFICATION, REPLICA_UPDATES, TABLE_CLASS,
            DELETION_PROTECTION_ENABLED, ON_DEMAND_THROUGHPUT);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(ATTRIBUTE_DEFINITIONS), m.get(BILLING_MODE),
                m.get(PROVISIONED_THROUGHPUT), m.get(GSI_UPDATES), m.get(STREAM_SPECIFICATION), m.has(SSE_SPECIFICATION),
                m.has(REPLICA_UPDATES), m.get(TABLE_CLASS), m.get(DELETION_PROTECTION_ENABLED), m.get(ON_DEMAND_THROUGHPUT));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        constraints(r).check();
        // an empty GlobalSecondaryIndexUpdates updates nothing (architect/dynalite test/updateTable.js, written against the live service)
        if (r.billingMode() == null && r.provisionedThroughput() == null && (r.gsiUpdates() == null || r.gsiUpdates().isEmpty())
                && r.streamSpecification() == null
                && !r.sse() && !r.replicaUpdates() && r.tableClass() == null && r.deletionProtectionEnabled() == null
                && r.onDemandThroughput() == null) {
            throw DynamoException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        String name = TableNames.fromNameOrArn(r.tableName());
        String account = TableNames.namespace(ctx, r.tableName());
        double now = engine.clock().millis() / 1000.0;
        GsiChanges changes = new GsiChanges(engine, r.gsiUpdates(), r.attributeDefinitions());
        TableCatalog.Entry before = engine.catalog().require(account, name, TableNames.notFound(name));
        boolean timeRules = engine.capacity().settings().timeRules();
        TableCatalog.Entry e = engine.catalog().update(account, name, TableNames.notFound(name), t -> {
            TableDefinition next = changes.apply(apply(t, r, now));
            if (timeRules) CapacityTimeRules.check(t, next, now);
            return next;
        });
        changes.afterCommit(account, before.definition(), e.definition());
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.write(out, ctx, e, "UPDATING", engine.counts());
        out.writeEndObject();
    }

    /**
     * Every member constraint, so that no malformed value (an attribute type "X", a key type or
     * projection type outside its enum) reaches the catalog.
     */
    private static Constraints constraints(Request r) {
        Constraints c = new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName");
        CreateTableValidator.attributeDefinitionConstraints(c, r.attributeDefinitions());
        c.enumValue(r.billingMode(), "billingMode", CreateTableValidator.BILLING_MODE_ENUM)
         .enumValue(r.tableClass(), "tableClass", CreateTableValidator.TABLE_CLASS_ENUM);
        CreateTableValidator.throughputConstraints(c, r.provisionedThroughput(), "provisionedThroughput");
        if (r.streamSpecification() != null) {
            c.notNull(r.streamSpecification().streamEnabled(), "streamSpecification.streamEnabled")
             .enumValue(r.streamSpecification().streamViewType(), "streamSpecification.streamViewType",
                     CreateTableValidator.STREAM_VIEW_TYPE_ENUM);
        }
        if (r.gsiUpdates() == null) return c;
        for (int i = 0; i < r.gsiUpdates().size(); i++) {
            TableJson.GsiUpdate u = r.gsiUpdates().get(i);
            String p = "globalSecondaryIndexUpdates." + (i + 1) + ".member";
            if (u.create() != null) {
                TableJson.IndexSpec x = u.create();
                c.notNull(x.indexName(), p + ".create.indexName").tableName(x.indexName(), p + ".create.indexName");
                KeySchemaRules.constraints(c, x.keySchema(), p + ".create.keySchema", 2 * KeySchemaRules.MAX_PARTS_PER_KIND);
                CreateTableValidator.projectionAndThroughputConstraints(c, x, p + ".create");
            }
            if (u.update() != null) {
                TableJson.IndexSpec x = u.update();
                c.notNull(x.indexName(), p + ".update.indexName").tableName(x.indexName(), p + ".update.indexName");
                CreateTableValidator.throughputConstraints(c, x.provisionedThroughput(), p + ".update.provisionedThroughput");
            }
        }
        return c;
    }

    private TableDefinition apply(TableDefinition t, Request r, double now) {
        TableDefinition.Builder b = t.toBuilder();
        String billing = r.billingMode() == null ? t.billingMode() : r.billingMode();
        if (TableDefinition.PAY_PER_REQUEST.equals(billing)) {
            if (r.provisionedThroughput() != null) {
                throw DynamoException.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
            if (!t.payPerRequest()) {
                b.billingMode(billing).throughput(Throughput.ON_DEMAND).lastUpdateToPayPerRequest(now);
            }
        } else {
            TableJson.ProvisionedThroughput p = r.provisionedThroughput();
            if (t.payPerRequest()) {
                if (p == null) {
                    throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
                }
                b.billingMode(billing).throughput(CreateTableValidator.billingThroughput(billing, p, null));
            } else if (p != null) {
                Throughput cur = t.throughput();
                if (p.readCapacityUnits() == cur.readCapacityUnits() && p.writeCapacityUnits() == cur.writeCapacityUnits()) {
                    throw DynamoException.validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: "
                            + cur.readCapacityUnits() + ". Requested ReadCapacityUnits: " + p.readCapacityUnits()
                            + ". Current WriteCapacityUnits provisioned for the table: " + cur.writeCapacityUnits()
                            + ". Requested WriteCapacityUnits: " + p.writeCapacityUnits()
                            + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
                }
                CreateTableValidator.billingThroughput(billing, p, null);
                b.throughput(cur.changedTo(p.readCapacityUnits(), p.writeCapacityUnits(), now));
            }
        }
        TableJson.StreamSpecification s = r.streamSpecification();
        if (s != null) {
            if (Boolean.TRUE.equals(s.streamEnabled())) {
                if (t.stream().enabled()) {
                    throw DynamoException.validation("Table already has an enabled stream: TableName: " + t.name());
                }
                if (s.streamViewType() == null) {
                    throw DynamoException.validation("One or more parameter values were invalid: You must specify a StreamViewType when enabling a stream");
                }
                java.util.List<String> previous = new java.util.ArrayList<>(t.stream().previous());
                if (t.stream().label() != null) previous.add(t.stream().label() + "|" + t.stream().viewType());
                b.stream(new StreamSettings(true, s.streamViewType(), engine.streamLabels().next(), previous, 0));
            } else {
                if (!t.stream().enabled()) {
                    throw DynamoException.validation("Table has no stream to disable: TableName: " + t.name());
                }
                b.stream(new StreamSettings(false, t.stream().viewType(), t.stream().label(), t.stream().previous(),
                        engine.clock().millis()));
            }
        }
        if (r.deletionProtectionEnabled() != null) b.deletionProtection(r.deletionProtectionEnabled());
        if (r.tableClass() != null) b.tableClass(r.tableClass());
        if (r.onDemandThroughput() != null) b.onDemand(CreateTableValidator.onDemand(r.onDemandThroughput()));
        return b.build();
    }
}
