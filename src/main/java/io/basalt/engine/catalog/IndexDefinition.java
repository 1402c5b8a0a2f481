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
 * @param warm the GSI's WarmThroughput high-water mark ({@link WarmThroughput#NONE} when never raised)
 */
public record IndexDefinition(String name, long indexId, boolean global, KeyShape keys, String projectionType,
                              List<String> nonKeyAttributes, Throughput throughput, OnDemandLimits onDemand,
                              String status, WarmThroughput warm) {
    public static final String ACTIVE = "ACTIVE";
    public static final String CREATING = "CREATING";

    public IndexDefinition {
        if (warm == null) warm = WarmThroughput.NONE;
    }

    /** An index whose warm throughput is what its throughput implies. */
    public IndexDefinition(String name, long indexId, boolean global, KeyShape keys, String projectionType,
                           List<String> nonKeyAttributes, Throughput throughput, OnDemandLimits onDemand, String status) {
        this(name, indexId, global, keys, projectionType, nonKeyAttributes, throughput, onDemand, status, WarmThroughput.NONE);
    }

    public IndexDefinition withStatus(String s) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, throughput, onDemand, s, warm);
    }

    public IndexDefinition withThroughput(Throughput t) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, t, onDemand, status, warm);
    }

    public IndexDefinition withOnDemand(OnDemandLimits o) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, throughput, o, status, warm);
    }

    public IndexDefinition withWarm(WarmThroughput w) {
        return new IndexDefinition(name, indexId, global, keys, projectionType, nonKeyAttributes, throughput, onDemand, status, w);
    }

    public boolean active() {
        return ACTIVE.equals(status);
    }
}
