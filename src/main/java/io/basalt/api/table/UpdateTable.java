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
                   TableJson.StreamSpecification streamSpecification, TableJson.SseSpecification sse, List<ReplicaUpdates.Element> replicaUpdates,
                   String tableClass, Boolean deletionProtectionEnabled, TableJson.OnDemandThroughput onDemandThroughput,
                   TableJson.Warm warmThroughput, String multiRegionConsistency, List<VectorIndexRules.Update> vectorIndexUpdates) {}

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
    private static final Member<TableJson.SseSpecification> SSE_SPECIFICATION = Member.of("SSESpecification", TableJson::sse);
    private static final Member<List<ReplicaUpdates.Element>> REPLICA_UPDATES = Member.of("ReplicaUpdates", ReplicaUpdates::parse);
    private static final Member<String> TABLE_CLASS = Member.string("TableClass");
    private static final Member<Boolean> DELETION_PROTECTION_ENABLED = Member.bool("DeletionProtectionEnabled");
    private static final Member<TableJson.OnDemandThroughput> ON_DEMAND_THROUGHPUT =
            Member.of("OnDemandThroughput", TableJson::onDemand);
    private static final Member<TableJson.Warm> WARM_THROUGHPUT = Member.of("WarmThroughput", TableJson::warm);
    private static final Member<String> MULTI_REGION_CONSISTENCY = Member.string("MultiRegionConsistency");
    private static final Member<List<VectorIndexRules.Update>> VECTOR_INDEX_UPDATES =
            Member.of("VectorIndexUpdates", VectorIndexRules::updates);
    private static final Structure SHAPE = Structure.of(TABLE_NAME, ATTRIBUTE_DEFINITIONS, BILLING_MODE,
            PROVISIONED_THROUGHPUT, GSI_UPDATES, STREAM_SPECIFICATION, SSE_SPECIFICATION, REPLICA_UPDATES, TABLE_CLASS,
            DELETION_PROTECTION_ENABLED, ON_DEMAND_THROUGHPUT, WARM_THROUGHPUT, MULTI_REGION_CONSISTENCY, VECTOR_INDEX_UPDATES);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(ATTRIBUTE_DEFINITIONS), m.get(BILLING_MODE),
                m.get(PROVISIONED_THROUGHPUT), m.get(GSI_UPDATES), m.get(STREAM_SPECIFICATION), m.get(SSE_SPECIFICATION),
                m.get(REPLICA_UPDATES), m.get(TABLE_CLASS), m.get(DELETION_PROTECTION_ENABLED), m.get(ON_DEMAND_THROUGHPUT),
                m.get(WARM_THROUGHPUT), m.get(MULTI_REGION_CONSISTENCY), m.get(VECTOR_INDEX_UPDATES));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        constraints(r).check();
        // an empty GlobalSecondaryIndexUpdates counts as absent here, and only here (DDB-TABLE-015/160/359, live 2026-10-08/09)
        boolean emptyGsiUpdates = r.gsiUpdates() != null && r.gsiUpdates().isEmpty();
        if (r.billingMode() == null && r.provisionedThroughput() == null && (r.gsiUpdates() == null || emptyGsiUpdates)
                && r.streamSpecification() == null
                && r.sse() == null && r.replicaUpdates() == null && r.tableClass() == null && r.deletionProtectionEnabled() == null
                && r.onDemandThroughput() == null && !WarmRules.sent(r.warmThroughput()) && r.vectorIndexUpdates() == null) {
            throw DynamoException.validation(nothingToUpdate(r));
        }
        if (r.replicaUpdates() != null) {
            replicaUpdates(ctx, r, out);
            return;
        }
        if (emptyGsiUpdates) {
            throw DynamoException.validation("One or more parameter values were invalid: List of GlobalSecondaryIndexUpdates is empty");
        }
        indexWarmRules(r);
        UpdateTableConcerns.check(r);
        streamRequestRules(r.streamSpecification());
        String name = TableNames.fromNameOrArn(ctx, r.tableName());
        String account = TableNames.namespace(ctx, r.tableName());
        double now = engine.clock().millis() / 1000.0;
        GsiChanges changes = new GsiChanges(engine, r.gsiUpdates(), r.attributeDefinitions(), ctx.region());
        int gsiChanges = 0;
        if (r.gsiUpdates() != null) for (TableJson.GsiUpdate u : r.gsiUpdates()) if (u.create() != null || u.delete() != null) gsiChanges++;
        VectorIndexChanges vectors = new VectorIndexChanges(engine, r.vectorIndexUpdates(), r.attributeDefinitions(), gsiChanges);
        TableCatalog.Entry before = engine.catalog().require(account, name, TableNames.notFound(name));
        boolean timeRules = engine.capacity().settings().timeRules();
        TableCatalog.Entry e = engine.catalog().update(account, name, TableNames.notFound(name), t -> {
            TableDefinition next = WarmRules.keepHighWater(t, vectors.apply(changes.apply(apply(ctx, t, r, now))));
            if (timeRules) CapacityTimeRules.check(t, next, now);
            return next;
        });
        changes.afterCommit(account, before.definition(), e.definition());
        vectors.afterCommit(account, e.definition());
        e = vectors.shown(before.definition(), e);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableCatalog.Entry shown = e;
        if (r.tableClass() != null) {
            // the switch's answer still shows the class the table had (DDB-TABLE-284, live 2026-10-09)
            shown = new TableCatalog.Entry(e.account(), e.definition().toBuilder().tableClass(before.definition().tableClass())
                    .build(), e.version(), e.ref());
        }
        // the answer echoes the sent on-demand members, a -1 too (DDB-TABLE-182, live 2026-10-09)
        OnDemandRules.Echo onDemand = r.onDemandThroughput() == null ? null
                : OnDemandRules.Echo.of(e.definition().onDemand(), r.onDemandThroughput());
        if (SseRules.asksForSomething(r.sse())) {
            // the table stays ACTIVE while its encryption changes; the answer shows the old key UPDATING
            TableDescriptionWriter.write(out, ctx, shown, "ACTIVE", engine.counts(),
                    new TableDescriptionWriter.SseView("UPDATING", before.definition().sseKeyArn()), null);
        } else {
            // deletion-protection, on-demand limit and warm throughput changes are synchronous: the answer
            // says ACTIVE (DDB-TABLE-017/178/179, live 2026-10-08/09)
            boolean synchronous = r.deletionProtectionEnabled() != null
                    || (r.billingMode() == null && (r.onDemandThroughput() != null || WarmRules.sent(r.warmThroughput())));
            TableDescriptionWriter.write(out, ctx, shown, synchronous ? "ACTIVE" : "UPDATING", engine.counts(), null, onDemand);
        }
        out.writeEndObject();
    }

    /**
     * ReplicaUpdates: alone in the request, then the actions (ReplicaUpdates); the answer says
     * UPDATING with GlobalTableVersion (DDB-TABLE-204/226, live 2026-10-09).
     */
    private void replicaUpdates(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        boolean otherChanges = r.billingMode() != null || r.provisionedThroughput() != null || r.gsiUpdates() != null
                || r.streamSpecification() != null || r.sse() != null || r.tableClass() != null
                || r.deletionProtectionEnabled() != null || r.onDemandThroughput() != null || WarmRules.sent(r.warmThroughput());
        List<ReplicaUpdates.Action> actions = ReplicaUpdates.requestRules(r.replicaUpdates(), otherChanges, r.multiRegionConsistency());
        String name = TableNames.fromNameOrArn(ctx, r.tableName());
        TableCatalog.Entry shown = ReplicaUpdates.execute(engine, ctx, TableNames.namespace(ctx, r.tableName()), name, actions);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.writeReplicaChange(out, ctx, shown, engine.counts());
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
        SseRules.constraints(c, r.sse());
        VectorIndexChanges.constraints(c, r.vectorIndexUpdates());
        c.enumValue(r.multiRegionConsistency(), "multiRegionConsistency", "[EVENTUAL, STRONG]");
        ReplicaUpdates.constraints(c, r.replicaUpdates());
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
            // a Delete without IndexName (DDB-TABLE-437, live 2026-10-09: names the null indexName)
            if ("".equals(u.delete())) c.notNull(null, p + ".delete.indexName");
            if (u.update() != null) {
                TableJson.IndexSpec x = u.update();
                c.notNull(x.indexName(), p + ".update.indexName").tableName(x.indexName(), p + ".update.indexName");
                CreateTableValidator.throughputConstraints(c, x.provisionedThroughput(), p + ".update.provisionedThroughput");
            }
        }
        return c;
    }

    private static final String[] UPDATABLE = {"ProvisionedThroughput", "BillingMode", "UpdateStreamEnabled",
        "GlobalSecondaryIndexUpdates", "SSESpecification", "ReplicaUpdates", "MultiAccountReplicaReady", "ReplicaTransitRoleArn",
        "MultiRegionConsistency", "DeletionProtectionEnabled", "OnDemandThroughput", "WarmThroughput", "TableClass"};

    /**
     * The 2026 "nothing to update" text: the list leaves out a listed member the request contained
     * (DDB-TABLE-015/047/449, identical in us-west-2 and us-east-1, live 2026-10-09). Only members
     * that change nothing can be in such a request: MultiRegionConsistency without replicas.
     */
    private static String nothingToUpdate(Request r) {
        List<String> names = new java.util.ArrayList<>(List.of(UPDATABLE));
        if (r.multiRegionConsistency() != null) names.remove("MultiRegionConsistency");
        String last = names.remove(names.size() - 1);
        return "At least one of " + String.join(", ", names) + " or " + last + " is required";
    }

    /** A GSI Update's empty WarmThroughput, refused before the table is looked up (DDB-TABLE-456, live 2026-10-09). */
    private static void indexWarmRules(Request r) {
        if (r.gsiUpdates() == null) return;
        for (TableJson.GsiUpdate u : r.gsiUpdates()) {
            if (u.update() != null && u.update().warm() != null && u.update().warm().empty()) {
                throw DynamoException.validation("One or more parameter values were invalid: WarmThroughput must have at least one of ReadUnitsPerSecond or WriteUnitsPerSecond specified for index: "
                        + u.update().indexName());
            }
        }
    }

    /** The stream rules that need no table (DDB-TABLE-018/050, live 2026-10-08/09). */
    private static void streamRequestRules(TableJson.StreamSpecification s) {
        if (s == null) return;
        if (Boolean.TRUE.equals(s.streamEnabled()) && s.streamViewType() == null) {
            throw DynamoException.validation("One or more parameter values were invalid: If stream is being enabled then UpdateViewType is required");
        }
        if (Boolean.FALSE.equals(s.streamEnabled()) && s.streamViewType() != null) {
            throw DynamoException.validation("One or more parameter values were invalid: If stream is being disabled, then UpdateViewType must not be specified");
        }
    }

    private TableDefinition apply(RequestContext ctx, TableDefinition t, Request r, double now) {
        TableDefinition.Builder b = t.toBuilder();
        String billing = r.billingMode() == null ? t.billingMode() : r.billingMode();
        if (t.payPerRequest() && !TableDefinition.PAY_PER_REQUEST.equals(billing)) {
            // on-demand limits do not survive a switch to provisioned capacity (DDB-TABLE-153, live 2026-10-09)
            b.onDemand(io.basalt.engine.catalog.OnDemandLimits.NONE).globalIndexes(t.globalIndexes().stream()
                    .map(i -> i.withOnDemand(io.basalt.engine.catalog.OnDemandLimits.NONE)).toList());
        }
        if (TableDefinition.PAY_PER_REQUEST.equals(billing)) {
            if (r.provisionedThroughput() != null && r.billingMode() != null) {
                // DDB-TABLE-056c (live 2026-10-08)
                throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput cannot be specified when BillingMode is PAY_PER_REQUEST");
            }
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
                Throughput next = CreateTableValidator.billingThroughput(billing, p, null);
                ThroughputMaximums.check(next, null, ctx.region());
                b.billingMode(billing).throughput(next);
            } else if (p != null) {
                Throughput cur = t.throughput();
                if (p.readCapacityUnits() == cur.readCapacityUnits() && p.writeCapacityUnits() == cur.writeCapacityUnits()) {
                    throw DynamoException.validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: "
                            + cur.readCapacityUnits() + ". Requested ReadCapacityUnits: " + p.readCapacityUnits()
                            + ". Current WriteCapacityUnits provisioned for the table: " + cur.writeCapacityUnits()
                            + ". Requested WriteCapacityUnits: " + p.writeCapacityUnits()
                            + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
                }
                ThroughputMaximums.check(CreateTableValidator.billingThroughput(billing, p, null), null, ctx.region());
                b.throughput(cur.changedTo(p.readCapacityUnits(), p.writeCapacityUnits(), now));
            }
        }
        TableJson.StreamSpecification s = r.streamSpecification();
        if (s != null) {
            if (Boolean.TRUE.equals(s.streamEnabled())) {
                if (t.stream().enabled()) {
                    throw DynamoException.validation("Table already has an enabled stream: TableName: " + t.name());
                }
                java.util.List<String> previous = new java.util.ArrayList<>(t.stream().previous());
                if (t.stream().label() != null) previous.add(t.stream().label() + "|" + t.stream().viewType());
                b.stream(new StreamSettings(true, s.streamViewType(), engine.streamLabels().next(), previous, 0));
            } else {
                if (t.global()) {
                    // the stream carries the replication (DDB-TABLE-222/227, live 2026-10-09)
                    throw DynamoException.validation("One or more parameter values were invalid: Disabling Stream is not allowed for a Global Table replica.");
                }
                if (!t.stream().enabled()) {
                    throw DynamoException.validation("Table has no stream to disable: TableName: " + t.name());
                }
                b.stream(new StreamSettings(false, t.stream().viewType(), t.stream().label(), t.stream().previous(),
                        engine.clock().millis()));
            }
        }
        if (SseRules.asksForSomething(r.sse())) {
            String key = SseRules.keyArn(ctx, r.sse());
            SseRules.checkChange(r.sse(), t.sseKeyArn(), key);
            b.sseKeyArn(key);
        }
        if (r.deletionProtectionEnabled() != null) b.deletionProtection(r.deletionProtectionEnabled());
        // STANDARD on a table whose class was never set changes nothing: no TableClassSummary appears
        // (DDB-TABLE-177/365, live 2026-10-08)
        if (r.tableClass() != null && !(t.tableClass() == null && "STANDARD".equals(r.tableClass()))) {
            b.tableClass(r.tableClass());
        }
        if (r.onDemandThroughput() != null) {
            b.onDemand(OnDemandRules.forUpdate(t.onDemand(), r.onDemandThroughput(), TableDefinition.PAY_PER_REQUEST.equals(billing),
                    null, ctx.region()));
        }
        if (WarmRules.sent(r.warmThroughput())) b.warm(WarmRules.forUpdate(t.shownWarm(), r.warmThroughput(), null, ctx.region()));
        return b.build();
    }
}
