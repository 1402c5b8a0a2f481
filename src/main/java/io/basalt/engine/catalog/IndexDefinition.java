package io.basalt.engine.catalog;

import io.basalt.model.KeyShape;
import java.util.List;

/**
 * A local or global secondary index.
 *
 * @param projectionType KEYS_ONLY, INCLUDE or ALL
 * @param nonKeyAttributes for INCLUDE (empty otherwise)
 * @param throughput GSIs of provisioned tables; {@link Throughput#ON_DEMAND} otherwise
 * @param status ACTIVE, or CREATING while a GSI added by UpdateTable is being backfilled
 */
public record IndexDefinition(String name, long indexId, boolean global, KeyShape keys, String projectionType,
                              List<String> nonKeyAttributes, Throughput throughput, OnDemandLimits onDemand,
                              String status) {
    public static final String ACTIVE = "ACTIVE";
    public static final String CREATING = "CREATING";

    public IndexDefinition withStatus(String s) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, throughput, onDemand, s);
    }

    public IndexDefinition withThroughput(Throughput t) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, t, onDemand, status);
    }

    public boolean active() {
        return ACTIVE.equals(status);
    }
}
