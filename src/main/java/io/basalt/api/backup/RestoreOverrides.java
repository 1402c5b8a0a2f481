package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.api.common.Constraints;
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
 * The overrides a restore accepts (RestoreTableFromBackup and RestoreTableToPointInTime take the
 * same ones) and the restored table's definition: the source's with new ids, the overrides applied,
 * and what the service does not restore left out (tags, stream and TTL settings, resource
 * policies, deletion protection).
 */
final class RestoreOverrides {
    record IndexOverride(String name, Long read, Long write) {}

    record Overrides(String billingMode, Long read, Long write, List<IndexOverride> gsis, List<IndexOverride> lsis,
                     Members onDemand, io.basalt.api.table.TableJson.SseSpecification sse) {}

    private static final Member<Long> READ = Member.integer("ReadCapacityUnits");
    private static final Member<Long> WRITE = Member.integer("WriteCapacityUnits");
    private static final Structure THROUGHPUT = Structure.of(READ, WRITE);
    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<Members> INDEX_THROUGHPUT = Member.structure("ProvisionedThroughput", THROUGHPUT);
    private static final Structure INDEX = Structure.of(INDEX_NAME, INDEX_THROUGHPUT);
    static final Member<String> TARGET = Member.string("TargetTableName");
    private static final Member<String> BILLING = Member.string("BillingModeOverride");
    private static final Member<Members> THROUGHPUT_OVERRIDE = Member.structure("ProvisionedThroughputOverride", THROUGHPUT);
    private static final Member<List<IndexOverride>> GSIS = Member.of("GlobalSecondaryIndexOverride", p -> JsonIn.list(p, RestoreOverrides::index));
    private static final Member<List<IndexOverride>> LSIS = Member.of("LocalSecondaryIndexOverride", p -> JsonIn.list(p, RestoreOverrides::index));
    private static final Member<Long> MAX_READ = Member.integer("MaxReadRequestUnits");
    private static final Member<Long> MAX_WRITE = Member.integer("MaxWriteRequestUnits");
    private static final Member<Members> ON_DEMAND = Member.structure("OnDemandThroughputOverride", Structure.of(MAX_READ, MAX_WRITE));
    private static final Member<io.basalt.api.table.TableJson.SseSpecification> SSE =
            Member.of("SSESpecificationOverride", io.basalt.api.table.TableJson::sse);

    /** The members of the overrides, to add to a request's shape. */
    static final List<Member<?>> MEMBERS = List.of(TARGET, BILLING, THROUGHPUT_OVERRIDE, GSIS, LSIS, ON_DEMAND, SSE);

    private RestoreOverrides() {}

    private static IndexOverride index(JsonParser p) throws IOException {
        Members m = INDEX.readOrEmpty(p);
        Members t = m.get(INDEX_THROUGHPUT);
        return new IndexOverride(m.get(INDEX_NAME), t == null ? null : t.get(READ), t == null ? null : t.get(WRITE));
    }

    static Overrides of(Members m) {
        Members t = m.get(THROUGHPUT_OVERRIDE);
        return new Overrides(m.get(BILLING), t == null ? null : t.get(READ), t == null ? null : t.get(WRITE),
                m.get(GSIS), m.get(LSIS), m.get(ON_DEMAND), m.get(SSE));
    }

    static Constraints checkTarget(Constraints c, String targetTableName) {
        return c.notNull(targetTableName, "targetTableName").tableName(targetTableName, "targetTableName");
    }

    /** The overrides' values, checked as the service checks them. */
    static Constraints checkOverrides(Constraints c, Overrides r) {
        io.basalt.api.table.SseRules.constraints(c, r.sse());
        return c.enumValue(r.billingMode(), "billingModeOverride", "[PROVISIONED, PAY_PER_REQUEST]")
                .min(r.read(), "provisionedThroughputOverride.readCapacityUnits", 1)
                .min(r.write(), "provisionedThroughputOverride.writeCapacityUnits", 1);
    }

    /** The restored table's definition: the source's with new ids, the overrides applied, and what is not restored left out. */
    static TableDefinition target(Engine engine, io.basalt.api.RequestContext ctx, String targetName, TableDefinition source,
                                  Overrides r, TableDefinition.RestoreSummary summary) {
        String billing = r.billingMode() != null ? r.billingMode() : source.billingMode();
        boolean onDemand = TableDefinition.PAY_PER_REQUEST.equals(billing);
        // texts as the service answered on 2026-10-09 (docs/backups.md, "Errors")
        if (onDemand && (r.read() != null || r.write() != null)) {
            throw DynamoException.validation("Cannot override ProvisionedThroughput unless BillingMode is PROVISIONED");
        }
        Throughput throughput;
        if (onDemand) {
            throughput = Throughput.ON_DEMAND;
        } else if (r.read() != null && r.write() != null) {
            throughput = Throughput.of(r.read(), r.write());
        } else if (!source.payPerRequest()) {
            throughput = Throughput.of(source.throughput().readCapacityUnits(), source.throughput().writeCapacityUnits());
        } else {
            throw DynamoException.validation("Must override ProvisionedThroughput if BillingMode is overridden to PROVISIONED");
        }
        OnDemandLimits limits = source.onDemand();
        if (r.onDemand() != null) {
            Long mr = r.onDemand().get(MAX_READ), mw = r.onDemand().get(MAX_WRITE);
            limits = new OnDemandLimits(mr == null ? -1 : mr, mw == null ? -1 : mw);
        }
        if (!onDemand) limits = OnDemandLimits.NONE;
        List<IndexDefinition> lsis = indexes(engine, source.localIndexes(), r.lsis(), false, throughput, onDemand);
        List<IndexDefinition> gsis = indexes(engine, source.globalIndexes(), r.gsis(), true, throughput, onDemand);
        double now = engine.clock().millis() / 1000.0;
        return new TableDefinition(targetName, engine.catalog().allocateId(), UUID.randomUUID().toString(), now,
                source.attributeDefinitions(), source.keys(), billing, throughput, onDemand ? now : 0, limits, lsis, gsis,
                StreamSettings.NONE, false, null, null, new LinkedHashMap<>(), null, Map.of(),
                summary, encryption(ctx, source, r.sse())).toBuilder()
                // the vector indexes come back with their definitions and are rebuilt from the restored items
                .vectorIndexes(source.vectorIndexes().stream().map(v -> v.withId(engine.catalog().allocateId())
                        .withStatus(IndexDefinition.CREATING, true)).toList()).build();
    }

    /**
     * The restored table keeps the source's encryption key unless SSESpecificationOverride names
     * another; its table class is not restored (live 2026-10-09, DDB-TABLE-215/216: no TableClassSummary).
     */
    private static String encryption(io.basalt.api.RequestContext ctx, TableDefinition source,
                                     io.basalt.api.table.TableJson.SseSpecification sse) {
        if (sse == null) return source.sseKeyArn();
        return io.basalt.api.table.SseRules.keyArn(ctx, sse);
    }

    /** The backup's indexes (or those an override names), with new ids and the throughput the restored table gives them. */
    private static List<IndexDefinition> indexes(Engine engine, List<IndexDefinition> backedUp, List<IndexOverride> overrides, boolean global,
                                          Throughput tableThroughput, boolean onDemand) {
        List<IndexDefinition> out = new ArrayList<>();
        if (overrides == null) {
            for (IndexDefinition i : backedUp) out.add(copy(engine, i, null, tableThroughput, onDemand));
            return out;
        }
        for (IndexOverride o : overrides) {
            IndexDefinition found = null;
            for (IndexDefinition i : backedUp) if (i.name().equals(o.name())) found = i;
            if (found == null) {
                throw DynamoException.validation("Index " + o.name() + " does not match a secondary index that existed in the "
                        + "source table and cannot be created during the restore operation");
            }
            out.add(copy(engine, found, o, tableThroughput, onDemand));
        }
        return out;
    }

    private static IndexDefinition copy(Engine engine, IndexDefinition i, IndexOverride o, Throughput tableThroughput, boolean onDemand) {
        Throughput t;
        if (!i.global() || onDemand) t = Throughput.ON_DEMAND;
        else if (o != null && o.read() != null && o.write() != null) t = Throughput.of(o.read(), o.write());
        else if (i.throughput().readCapacityUnits() > 0) t = Throughput.of(i.throughput().readCapacityUnits(), i.throughput().writeCapacityUnits());
        else t = tableThroughput;
        return new IndexDefinition(i.name(), engine.catalog().allocateId(), i.global(), i.keys(), i.projectionType(),
                i.nonKeyAttributes(), t, onDemand ? i.onDemand() : OnDemandLimits.NONE, IndexDefinition.ACTIVE);
    }
}
