package io.basalt.api.table;

import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.engine.index.GsiBackfill;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttrType;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * UpdateTable's GlobalSecondaryIndexUpdates: Create (added as CREATING and backfilled in the
 * background), Update (throughput) and Delete (entries dropped).
 */
final class GsiChanges {
    private final Engine engine;
    private final List<TableJson.GsiUpdate> updates;
    private final List<TableJson.AttributeDefinition> definitions;
    private final String region;

    /** @param region the request's region (the limit texts name it) */
    GsiChanges(Engine engine, List<TableJson.GsiUpdate> updates, List<TableJson.AttributeDefinition> definitions, String region) {
        this.engine = engine;
        this.updates = updates;
        this.definitions = definitions;
        this.region = region;
    }

    TableDefinition apply(TableDefinition t) {
        if (updates == null) return t;
        if (updates.isEmpty()) return t;
        int creates = 0, deletes = 0;
        for (TableJson.GsiUpdate u : updates) {
            if (u.create() != null) creates++;
            if (u.delete() != null) deletes++;
        }
        if (creates + deletes > 1) {
            throw new DynamoException(ErrorType.LIMIT_EXCEEDED,
                    "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        }
        // AttributeDefinitions count only for a Create: otherwise ignored, a conflicting type too (DDB-TABLE-162, live 2026-10-09)
        Map<String, AttrType> attributes = withDefinitions(t, creates > 0 ? definitions : null);
        List<IndexDefinition> gsis = new ArrayList<>(t.globalIndexes());
        for (TableJson.GsiUpdate u : updates) {
            if (u.create() != null) {
                TableJson.IndexSpec x = u.create();
                IndexDefinition existing = t.index(x.indexName());
                if (existing != null && !existing.global()) {
                    // an LSI's name (DDB-TABLE-137, live 2026-10-08)
                    throw DynamoException.validation("One or more parameter values were invalid: Attempting to create an index which already exists");
                }
                if (existing != null) {
                    throw DynamoException.validation("One or more parameter values were invalid: Index with name: " + x.indexName() + " already exists");
                }
                if (gsis.size() >= CreateTableValidator.MAX_GSIS) {
                    // DDB-TABLE-169b (live 2026-10-08)
                    throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of "
                            + CreateTableValidator.MAX_GSIS);
                }
                if (x.keySchema() == null || x.projection() == null) {
                    throw DynamoException.validation("One or more parameter values were invalid: KeySchema and Projection are required to create index: " + x.indexName());
                }
                if (definitions == null) {
                    // DDB-TABLE-162a (live 2026-10-09; captured as a fragment)
                    throw DynamoException.validation("One or more parameter values were invalid: AttributeDefinitions is not specified for index: " + x.indexName());
                }
                if (!t.payPerRequest() && x.provisionedThroughput() == null) {
                    // DDB-TABLE-152e (live 2026-10-09; captured as a fragment)
                    throw DynamoException.validation("One or more parameter values were invalid: Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: " + x.indexName());
                }
                KeyShape ik = KeySchemaRules.globalIndexShape(x.keySchema(), attributes, x.indexName());
                Throughput it = CreateTableValidator.billingThroughput(t.billingMode(), x.provisionedThroughput(), x.indexName());
                ThroughputMaximums.check(it, x.indexName(), region);
                gsis.add(new IndexDefinition(x.indexName(), engine.catalog().allocateId(), true, ik,
                        CreateTableValidator.projectionType(x), CreateTableValidator.nonKey(x, t.keys(), ik), it,
                        OnDemandRules.forCreate(x.onDemandThroughput(), t.payPerRequest(), x.indexName()), IndexDefinition.CREATING,
                        WarmRules.forCreate(x.warm(), t.payPerRequest(), it, x.indexName())));
            } else if (u.update() != null) {
                int at = indexOf(t, gsis, u.update().indexName(), "update");
                gsis.set(at, update(t, gsis.get(at), u.update()));
            } else if (u.delete() != null) {
                gsis.remove(indexOf(t, gsis, u.delete(), "delete"));
            }
        }
        // a deleted index takes the definitions of attributes no key uses any more (DDB-TABLE-151/166, live 2026-10-08)
        if (deletes > 0) {
            java.util.Set<String> used = keyAttributes(t, gsis);
            used.addAll(VectorIndexRules.schemaAttributes(t.vectorIndexes()));
            attributes.keySet().retainAll(used);
        }
        return t.toBuilder().attributeDefinitions(attributes).globalIndexes(gsis).build();
    }

    /** The table's attribute definitions with those of a request that creates an index added (a changed type refused). */
    static Map<String, AttrType> withDefinitions(TableDefinition t, List<TableJson.AttributeDefinition> definitions) {
        Map<String, AttrType> attributes = new LinkedHashMap<>(t.attributeDefinitions());
        if (definitions == null) return attributes;
        for (TableJson.AttributeDefinition d : definitions) {
            AttrType type = AttrType.ofTag(d.attributeType());
            AttrType had = attributes.putIfAbsent(d.attributeName(), type);
            if (had != null && had != type) {
                throw DynamoException.validation("One or more parameter values were invalid: Cannot change the type of attribute "
                        + d.attributeName() + " from " + had.tag() + " to " + type.tag());
            }
        }
        return attributes;
    }

    static java.util.Set<String> keyAttributes(TableDefinition t, List<IndexDefinition> gsis) {
        java.util.Set<String> used = new java.util.HashSet<>();
        for (KeyShape.Part p : t.keys().parts()) used.add(p.name());
        for (IndexDefinition i : t.localIndexes()) for (KeyShape.Part p : i.keys().parts()) used.add(p.name());
        for (IndexDefinition i : gsis) for (KeyShape.Part p : i.keys().parts()) used.add(p.name());
        return used;
    }

    /** Where a GSI to update or delete is; an LSI's name or an unknown one is refused (DDB-TABLE-137/161/380/446, live 2026-10-08/09). */
    private static int indexOf(TableDefinition t, List<IndexDefinition> gsis, String name, String verb) {
        for (int i = 0; i < gsis.size(); i++) if (gsis.get(i).name().equals(name)) return i;
        IndexDefinition other = t.index(name);
        if (other != null && !other.global()) {
            throw DynamoException.validation("One or more parameter values were invalid: Cannot " + verb
                    + " an index that is not a GlobalSecondaryIndex: " + name);
        }
        throw DynamoException.resourceNotFound("Requested resource not found: Index " + name + " for table " + t.name());
    }

    /**
     * A GSI Update: on an on-demand table only OnDemandThroughput and WarmThroughput, on a
     * provisioned one ProvisionedThroughput and WarmThroughput (DDB-TABLE-135/152/153/155/456, live 2026-10-08/09).
     */
    private IndexDefinition update(TableDefinition t, IndexDefinition i, TableJson.IndexSpec x) {
        boolean onDemand = OnDemandRules.sent(x.onDemandThroughput());
        boolean warm = WarmRules.sent(x.warm());
        TableJson.ProvisionedThroughput p = x.provisionedThroughput();
        if (t.payPerRequest() && ((!onDemand && !warm) || p != null)) {
            throw DynamoException.validation("One or more parameter values were invalid: The only Updates for index: " + i.name()
                    + " when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput");
        }
        if (!t.payPerRequest() && onDemand) OnDemandRules.forUpdate(i.onDemand(), x.onDemandThroughput(), false, i.name(), region);
        if (!t.payPerRequest() && p == null && !warm) {
            throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput can only be updated for a table in PROVISIONED billing mode");
        }
        IndexDefinition next = i;
        if (onDemand) next = next.withOnDemand(OnDemandRules.forUpdate(i.onDemand(), x.onDemandThroughput(), t.payPerRequest(), i.name(), region));
        if (p != null) {
            ThroughputMaximums.check(Throughput.of(p.readCapacityUnits(), p.writeCapacityUnits()), i.name(), region);
            next = next.withThroughput(i.throughput().changedTo(p.readCapacityUnits(), p.writeCapacityUnits(), engine.clock().millis() / 1000.0));
        }
        if (warm) next = next.withWarm(WarmRules.forUpdate(WarmRules.shown(t, i), x.warm(), i.name(), region));
        return next;
    }

    /** Starts backfills of created indexes and drops the entries of deleted ones. */
    void afterCommit(String account, TableDefinition before, TableDefinition after) {
        if (updates == null) return;
        for (IndexDefinition i : after.globalIndexes()) {
            if (!i.active() && before.index(i.name()) == null) {
                engine.startBackfill(account, after.name(), i.name());
            }
        }
        for (IndexDefinition i : before.globalIndexes()) {
            if (after.index(i.name()) == null) {
                engine.dropIndexEntries(i.indexId());
            }
        }
    }
}
