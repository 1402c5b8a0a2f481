package io.basalt.engine.catalog;

/**
 * WarmThroughput of a table or GSI: the read/write units per second it is warmed for. The service
 * keeps it as a high-water mark: at least the provisioned throughput (or 12000/4000 on demand),
 * raised by explicit requests and never lowered (DDB-TABLE-032/061/068/134, live 2026-10-08/09).
 * The stored value is that mark; {@link #NONE} means "only what the throughput implies".
 */
public record WarmThroughput(long readUnitsPerSecond, long writeUnitsPerSecond) {
    public static final WarmThroughput NONE = new WarmThroughput(0, 0);
    /** What an on-demand table or index is warmed for from the start. */
    public static final WarmThroughput ON_DEMAND = new WarmThroughput(12_000, 4_000);

    /** The warm throughput shown for a stored mark and the current billing and throughput. */
    public static WarmThroughput shown(WarmThroughput mark, boolean payPerRequest, Throughput t) {
        WarmThroughput floor = payPerRequest ? ON_DEMAND : new WarmThroughput(t.readCapacityUnits(), t.writeCapacityUnits());
        return mark == null ? floor : mark.max(floor);
    }

    public WarmThroughput max(WarmThroughput o) {
        return new WarmThroughput(Math.max(readUnitsPerSecond, o.readUnitsPerSecond),
                Math.max(writeUnitsPerSecond, o.writeUnitsPerSecond));
    }
}
