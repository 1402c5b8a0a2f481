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

    GsiChanges(Engine engine, List<TableJson.GsiUpdate> updates, List<TableJson.AttributeDefinition> definitions) {
        this.engine = engine;
        this.updates = updates;
        this.definitions = definitions;
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
        Map<String, AttrType> attributes = new LinkedHashMap<>(t.attributeDefinitions());
        if (definitions != null) {
            for (TableJson.AttributeDefinition d : definitions) {
                AttrType type = AttrType.ofTag(d.attributeType());
                AttrType had = attributes.putIfAbsent(d.attributeName(), type);
                if (had != null && had != type) {
                    throw DynamoException.validation("One or more parameter values were invalid: Cannot change the type of attribute "
                            + d.attributeName() + " from " + had.tag() + " to " + type.tag());
                }
            }
        }
        List<IndexDefinition> gsis = new ArrayList<>(t.globalIndexes());
        for (TableJson.GsiUpdate u : updates) {
            if (u.create() != null) {
                TableJson.IndexSpec x = u.create();
                if (t.index(x.indexName()) != null) {
                    throw DynamoException.validation("One or more parameter values were invalid: Index with name: " + x.indexName() + " already exists");
                }
                if (gsis.size() >= CreateTableValidator.MAX_GSIS) {
                    throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: The number of global secondary indexes per table exceeds the limit of "
                            + CreateTableValidator.MAX_GSIS);
                }
                if (x.keySchema() == null || x.projection() == null) {
                    throw DynamoException.validation("One or more parameter values were invalid: KeySchema and Projection are required to create index: " + x.indexName());
                }
                KeyShape ik = KeySchemaRules.globalIndexShape(x.keySchema(), attributes, x.indexName());
                Throughput it = CreateTableValidator.billingThroughput(t.billingMode(), x.provisionedThroughput(), x.indexName());
                gsis.add(new IndexDefinition(x.indexName(), engine.catalog().allocateId(), true, ik,
                        CreateTableValidator.projectionType(x), CreateTableValidator.nonKey(x, t.keys(), ik), it,
                        CreateTableValidator.onDemand(x.onDemandThroughput()), IndexDefinition.CREATING));
            } else if (u.update() != null) {
                int at = indexOf(gsis, u.update().indexName());
                TableJson.ProvisionedThroughput p = u.update().provisionedThroughput();
                if (p == null || t.payPerRequest()) {
                    throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput can only be updated for a table in PROVISIONED billing mode");
                }
                IndexDefinition i = gsis.get(at);
                gsis.set(at, i.withThroughput(i.throughput().changedTo(p.readCapacityUnits(), p.writeCapacityUnits(), engine.clock().millis() / 1000.0)));
            } else if (u.delete() != null) {
                gsis.remove(indexOf(gsis, u.delete()));
            }
        }
        return t.toBuilder().attributeDefinitions(attributes).globalIndexes(gsis).build();
    }

    private static int indexOf(List<IndexDefinition> gsis, String name) {
        for (int i = 0; i < gsis.size(); i++) if (gsis.get(i).name().equals(name)) return i;
        throw DynamoException.resourceNotFound("Requested resource not found: Index: " + name + " not found");
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
