package io.basalt.api.table;

import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttrType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * UpdateTable's VectorIndexUpdates: Create (added CREATING with Backfilling, filled in the
 * background, then ACTIVE) and Delete (gone at once; the answer shows it DELETING). One online
 * index change at a time per table, GSIs included, as the service allows.
 */
final class VectorIndexChanges {
    private static final String ONE_AT_A_TIME =
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table";

    private final Engine engine;
    private final List<VectorIndexRules.Update> updates;
    private final List<TableJson.AttributeDefinition> definitions;
    private final int gsiChanges;

    /** @param gsiChanges how many GSI creates and deletes the same request asks for */
    VectorIndexChanges(Engine engine, List<VectorIndexRules.Update> updates, List<TableJson.AttributeDefinition> definitions, int gsiChanges) {
        this.engine = engine;
        this.updates = updates;
        this.definitions = definitions;
        this.gsiChanges = gsiChanges;
    }

    static void constraints(Constraints c, List<VectorIndexRules.Update> updates) {
        if (updates == null) return;
        for (int i = 0; i < updates.size(); i++) {
            VectorIndexRules.Update u = updates.get(i);
            String p = "vectorIndexUpdates." + (i + 1) + ".member";
            if (u.create() != null) VectorIndexRules.constraints(c, u.create(), p + ".create");
            if ("".equals(u.delete())) c.notNull(null, p + ".delete.indexName");
        }
    }

    TableDefinition apply(TableDefinition t) {
        if (updates == null) return t;
        if (updates.isEmpty()) {
            throw DynamoException.validation("One or more parameter values were invalid: List of VectorIndexUpdates is empty");
        }
        int creates = 0;
        for (VectorIndexRules.Update u : updates) {
            if (u.create() != null && u.delete() != null) {
                throw DynamoException.validation("One or more parameter values were invalid: One of Create or Delete must be specified in a VectorIndexUpdate, not both");
            }
            if (u.create() == null && u.delete() == null) {
                throw DynamoException.validation("One or more parameter values were invalid: One of Create or Delete must be specified in a VectorIndexUpdate");
            }
            if (u.create() != null) creates++;
        }
        if (updates.size() + gsiChanges > 1) throw new DynamoException(ErrorType.LIMIT_EXCEEDED, ONE_AT_A_TIME);
        for (VectorIndexDefinition v : t.vectorIndexes()) {
            if (!v.active()) throw new DynamoException(ErrorType.LIMIT_EXCEEDED, ONE_AT_A_TIME);
        }
        for (IndexDefinition i : t.globalIndexes()) {
            if (!i.active()) throw new DynamoException(ErrorType.LIMIT_EXCEEDED, ONE_AT_A_TIME);
        }
        Map<String, AttrType> attributes = GsiChanges.withDefinitions(t, creates > 0 ? definitions : null);
        List<VectorIndexDefinition> vectors = new ArrayList<>(t.vectorIndexes());
        VectorIndexRules.Update u = updates.get(0);
        if (u.create() != null) {
            VectorIndexRules.Spec s = u.create();
            if (VectorIndexRules.indexNames(t).contains(s.indexName())) {
                throw DynamoException.validation("One or more parameter values were invalid: Index with name: " + s.indexName() + " already exists");
            }
            if (vectors.size() >= VectorIndexRules.MAX_PER_TABLE) {
                throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Number of vector indexes exceeds per-table limit of "
                        + VectorIndexRules.MAX_PER_TABLE);
            }
            vectors.add(VectorIndexRules.define(s, attributes, t.payPerRequest(), vectors, java.util.Set.of(),
                    engine.catalog()::allocateId, IndexDefinition.CREATING, true));
        } else {
            VectorIndexDefinition gone = t.vectorIndex(u.delete());
            if (gone == null) {
                throw DynamoException.resourceNotFound("Requested resource not found: Index " + u.delete() + " for table " + t.name());
            }
            vectors.remove(gone);
            // the definitions only the deleted index used go with it, as for a GSI
            java.util.Set<String> used = GsiChanges.keyAttributes(t, t.globalIndexes());
            used.addAll(VectorIndexRules.schemaAttributes(vectors));
            attributes.keySet().retainAll(used);
        }
        return t.toBuilder().attributeDefinitions(attributes).vectorIndexes(vectors).build();
    }

    /** Starts the backfill of a created index. */
    void afterCommit(String account, TableDefinition after) {
        if (updates == null) return;
        for (VectorIndexDefinition v : after.vectorIndexes()) {
            if (!v.active()) engine.vectorBackfills().start(account, after.name(), v.name());
        }
    }

    /** The answer's table: a deleted index still listed, DELETING. */
    TableCatalog.Entry shown(TableDefinition before, TableCatalog.Entry after) {
        if (updates == null) return after;
        List<VectorIndexDefinition> shown = new ArrayList<>(after.definition().vectorIndexes());
        for (VectorIndexDefinition v : before.vectorIndexes()) {
            if (after.definition().vectorIndex(v.name()) == null) shown.add(v.withStatus("DELETING", false));
        }
        return new TableCatalog.Entry(after.account(), after.definition().toBuilder().vectorIndexes(shown).build(), after.version(),
                after.ref());
    }
}
