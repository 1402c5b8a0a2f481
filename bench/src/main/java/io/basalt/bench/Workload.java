package io.basalt.bench;

import java.util.Locale;

/** The operations mixes the harness can drive. */
enum Workload {
    LOAD("load", "BatchWriteItem of 25 new items until --items are loaded (finite)"),
    GET("get", "GetItem of one item"),
    PUT("put", "PutItem overwriting one item"),
    UPDATE("update", "UpdateItem SET one attribute + ADD a counter"),
    MIXED50("mixed50", "YCSB A: 50% GetItem, 50% UpdateItem"),
    MIXED95("mixed95", "YCSB B: 95% GetItem, 5% UpdateItem"),
    QUERY("query", "Query one partition of 10 items"),
    SCAN("scan", "paged full-table Scan; one operation is one page"),
    BATCHWRITE("batchwrite", "BatchWriteItem of 25 puts (distinct keys)"),
    TRANSACT("transact", "TransactWriteItems of 2 puts");

    final String id;
    final String description;

    Workload(String id, String description) {
        this.id = id;
        this.description = description;
    }

    static Workload of(String id) {
        for (Workload w : values()) {
            if (w.id.equals(id.toLowerCase(Locale.ROOT))) return w;
        }
        throw new IllegalArgumentException("unknown workload: " + id);
    }

    /** Whether one operation writes several items, so that items/s differs from ops/s. */
    boolean countsItems() {
        return this == LOAD || this == BATCHWRITE || this == SCAN || this == QUERY;
    }
}
