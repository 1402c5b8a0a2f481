package io.basalt.engine.capacity;

import io.basalt.engine.catalog.IndexDefinition;

/**
 * Usage of one secondary index. A GSI has its own partitions and throughput; an LSI shares its
 * table's partitions and throughput, so it only counts.
 */
public final class IndexCapacity {
    private final String name;
    private final boolean global;
    private final Usage usage = new Usage();
    final PartitionMap partitions;
    volatile IndexDefinition definition;
    volatile TokenBucket maxRead;
    volatile TokenBucket maxWrite;

    IndexCapacity(IndexDefinition index, PartitionMap partitions) {
        this.name = index.name();
        this.global = index.global();
        this.definition = index;
        this.partitions = partitions;
    }

    public String name() { return name; }
    public boolean global() { return global; }
    public Usage usage() { return usage; }

    /** The GSI's partitions; null for an LSI. */
    public PartitionMap partitions() { return partitions; }
}
