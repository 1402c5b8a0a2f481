package io.basalt.engine.catalog;

import io.basalt.model.KeyShape;
import java.util.List;

/**
 * A local or global secondary index.
 *
 * @param projectionType KEYS_ONLY, INCLUDE or ALL
 * @param nonKeyAttributes for INCLUDE (empty otherwise)
 * @param throughput GSIs of provisioned tables; {@link Throughput#ON_DEMAND} otherwise
 */
public record IndexDefinition(String name, long indexId, boolean global, KeyShape keys, String projectionType,
                              List<String> nonKeyAttributes, Throughput throughput, OnDemandLimits onDemand) {}
