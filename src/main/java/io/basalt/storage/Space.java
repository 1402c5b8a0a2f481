package io.basalt.storage;

/**
 * Key spaces of a storage engine (column families in RocksDB). Keys of different spaces never
 * collide; each space is ordered by unsigned byte comparison of keys.
 */
public enum Space {
    /** Table definitions and other durable metadata. */
    CATALOG,
    /** Base table items: [table id][hash(pk)][pk][sk]. */
    ITEMS,
    /** Secondary index entries: [index id][hash(ipk)][ipk][isk][pk][sk]. */
    INDEXES,
    /** Stream records, written in the same batch as the change they describe. */
    STREAMS,
    /** Engine bookkeeping (version allocator, counters). */
    META,
    /**
     * Time-stamped item history of tables with point-in-time recovery, written in the same batch as
     * the change it records. Last, so the other spaces keep their ordinals.
     */
    HISTORY
}
