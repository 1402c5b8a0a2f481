package io.basalt.engine.capacity;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's capacity bookkeeping: one {@link TableCapacity} per table, created on first use and
 * kept in step with the table's definition. With {@code --capacity off} it hands out nothing and
 * operations skip metering entirely.
 */
public final class CapacityMeter {
    private volatile CapacitySettings settings;
    private final Clock clock;
    private final Map<String, TableCapacity> tables = new ConcurrentHashMap<>();
    private final Map<String, ContributorInsights> insights = new ConcurrentHashMap<>();

    public CapacityMeter(CapacitySettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    public CapacitySettings settings() {
        return settings;
    }

    /** Changes the settings at run time (tests; the admin interface). Existing partitions stay. */
    public void settings(CapacitySettings s) {
        settings = s;
    }

    long now() {
        return clock.nanoTime();
    }

    public double nowSeconds() {
        return clock.nanoTime() / 1e9;
    }

    /** The capacity of a table, or null when capacity is off. */
    public TableCapacity of(TableCatalog.Entry table) {
        if (settings.mode() == CapacityMode.OFF) return null;
        TableCapacity t = tables.get(table.definition().name());
        if (t == null || t.tableId() != table.definition().id()) {
            TableCapacity fresh = new TableCapacity(this, table.definition(), table.ref().sizeBytes());
            t = tables.compute(table.definition().name(), (k, cur) -> cur != null && cur.tableId() == fresh.tableId() ? cur : fresh);
            ContributorInsights ci = insights.get(table.definition().name());
            if (ci != null && ci.anyEnabled()) t.insights(ci);
        }
        t.sync(table.definition());
        return t;
    }

    /** The capacity of a table if it has been used (metrics, insights), else null. */
    public TableCapacity peek(String tableName) {
        return tables.get(tableName);
    }

    public List<TableCapacity> tables() {
        return new ArrayList<>(tables.values());
    }

    /** Forgets a deleted table. */
    public void dropped(String tableName) {
        tables.remove(tableName);
        insights.remove(tableName);
    }

    /** Contributor Insights of a table (created on first use; counting only while a scope is enabled). */
    public ContributorInsights insights(String tableName) {
        return insights.computeIfAbsent(tableName, k -> new ContributorInsights());
    }

    /** Turns Contributor Insights of a table or GSI on or off. */
    public void setInsights(String tableName, String index, boolean enable, boolean throttledOnly) {
        ContributorInsights ci = insights(tableName);
        ci.set(index, enable, throttledOnly, clock.millis() / 1000.0);
        TableCapacity t = tables.get(tableName);
        if (t != null) t.insights(ci.anyEnabled() ? ci : null);
    }
}
