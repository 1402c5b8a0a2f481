package io.basalt.api.table;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.engine.catalog.WarmThroughput;
import io.basalt.error.DynamoException;
import java.util.ArrayList;
import java.util.List;

/**
 * WarmThroughput of tables and GSIs (DDB-TABLE-032, 039, 059, 061, 066, 068, 128, 134, 155, 179,
 * 456; lab runs 2026-10-08/09): at creation not below what the table starts with (12000/4000 on
 * demand, the provisioned units otherwise), never lowered by UpdateTable, an unsent member kept,
 * and a high-water mark of every throughput the table or index had. Basalt's tables are warm at
 * once: the status is always ACTIVE (the service shows UPDATING for minutes).
 */
final class WarmRules {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String ON_DEMAND_INITIAL = " is lower than initial throughput for OnDemand. See: "
            + "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial";

    private WarmRules() {}

    static boolean sent(TableJson.Warm w) {
        return w != null && !w.empty();
    }

    /** CreateTable's mark for the table (indexName null) or one GSI with throughput {@code t}. */
    static WarmThroughput forCreate(TableJson.Warm w, boolean payPerRequest, Throughput t, String indexName) {
        WarmThroughput floor = WarmThroughput.shown(WarmThroughput.NONE, payPerRequest, t);
        if (!sent(w)) return WarmThroughput.NONE;
        String what = indexName == null ? "table" : "index " + indexName;
        checkCreate(w.readUnitsPerSecond(), floor.readUnitsPerSecond(), "ReadUnitsPerSecond", what, payPerRequest, "ReadCapacityUnits");
        checkCreate(w.writeUnitsPerSecond(), floor.writeUnitsPerSecond(), "WriteUnitsPerSecond", what, payPerRequest, "WriteCapacityUnits");
        return merge(floor, w);
    }

    /**
     * UpdateTable's new mark for the table (indexName null) or a GSI now showing {@code current};
     * {@code region} is the request's, named by the account-maximum text.
     */
    static WarmThroughput forUpdate(WarmThroughput current, TableJson.Warm w, String indexName, String region) {
        String what = indexName == null ? "table" : "index " + indexName;
        checkNoDecrease(w.readUnitsPerSecond(), current.readUnitsPerSecond(), "ReadUnitsPerSecond", what);
        checkNoDecrease(w.writeUnitsPerSecond(), current.writeUnitsPerSecond(), "WriteUnitsPerSecond", what);
        checkAccountMax(w.readUnitsPerSecond(), "ReadUnitsPerSecond", what, "TableMaxReadCapacityUnits", region);
        checkAccountMax(w.writeUnitsPerSecond(), "WriteUnitsPerSecond", what, "TableMaxWriteCapacityUnits", region);
        return merge(current, w);
    }

    /**
     * Above the account's per-table maximum: the on-demand maximum's text with the warm member
     * (DDB-TABLE-171/443, live 2026-10-08/09, captured for an index; the table's by analogy).
     */
    private static void checkAccountMax(Long v, String member, String what, String quota, String region) {
        if (v == null || v <= ThroughputMaximums.TABLE_MAX) return;
        throw new DynamoException(io.basalt.error.ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Requested " + member
                + " for WarmThroughput for " + what + " exceeds " + quota + " of the account in region " + region);
    }

    /** The WarmThroughput a GSI of {@code t} shows. */
    static WarmThroughput shown(TableDefinition t, IndexDefinition i) {
        return WarmThroughput.shown(i.warm(), t.payPerRequest(), i.throughput());
    }

    /**
     * Keeps what {@code before} showed as the mark of {@code next} (table and surviving GSIs), so
     * that a lower throughput or a switch of billing mode never lowers the warm throughput.
     */
    static TableDefinition keepHighWater(TableDefinition before, TableDefinition next) {
        List<IndexDefinition> gsis = new ArrayList<>();
        for (IndexDefinition i : next.globalIndexes()) {
            IndexDefinition was = before.index(i.name());
            gsis.add(was == null || !was.global() ? i : i.withWarm(shown(before, was).max(i.warm())));
        }
        return next.toBuilder().warm(before.shownWarm().max(next.warm())).globalIndexes(gsis).build();
    }

    private static WarmThroughput merge(WarmThroughput base, TableJson.Warm w) {
        return new WarmThroughput(w.readUnitsPerSecond() != null ? w.readUnitsPerSecond() : base.readUnitsPerSecond(),
                w.writeUnitsPerSecond() != null ? w.writeUnitsPerSecond() : base.writeUnitsPerSecond());
    }

    private static void checkCreate(Long v, long floor, String member, String what, boolean payPerRequest, String capacity) {
        if (v == null || v >= floor) return;
        if (payPerRequest) {
            throw DynamoException.validation(INVALID + "Requested " + member + " for WarmThroughput for " + what + ON_DEMAND_INITIAL);
        }
        throw DynamoException.validation(INVALID + "Requested " + member + " for WarmThroughput for " + what
                + " is lower than " + capacity + " of ProvisionedThroughput");
    }

    private static void checkNoDecrease(Long v, long current, String member, String what) {
        if (v == null || v >= current) return;
        throw DynamoException.validation(INVALID + "Requested " + member + " for WarmThroughput for " + what
                + " is lower than current WarmThroughput, decreasing WarmThroughput is not supported");
    }
}
