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
     * Time-stamped item history of tables with point-in-time recovery (and of tables being backed
     * up on an engine without snapshots), written in the same batch as the change it records. Keys
     * are {@code [table id: 8][n: 4-byte length][the item's ITEMS key: n bytes][time and order]}, so
     * an engine may store each entry with its item (Cassandra does: in the item's partition, in the
     * item's own conditional batch); such an engine's scans of this space return the entries grouped
     * by item, each item's in key order.
     */
    HISTORY,
    /**
     * Bookkeeping kept per item that must change atomically with it (global tables' last-write
     * stamp). Keys are {@code [table id: 8][n: 4-byte length][the item's ITEMS key: n bytes][name]},
     * laid out as HISTORY's, so an engine may store each entry with its item as it does HISTORY's
     * (Cassandra: in the item's partition and conditional batch). New spaces go last, so the
     * others keep their ordinals.
     */
    ITEM_META
}
