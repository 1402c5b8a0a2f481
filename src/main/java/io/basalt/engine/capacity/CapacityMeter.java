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
    /** By table id (names repeat across accounts). */
    private final Map<Long, TableCapacity> tables = new ConcurrentHashMap<>();
    private final Map<Long, ContributorInsights> insights = new ConcurrentHashMap<>();
    private final boolean leased;
    /** The settlement loop of a leased meter, asked to settle before a request is refused. */
    private volatile CapacityLeases leases;

    public CapacityMeter(CapacitySettings settings, Clock clock) {
        this(settings, clock, false);
    }

    /**
     * With {@code leased} (several Basalt nodes on one store), every table's buckets draw on budgets
     * shared in the store, which {@link CapacityLeases} settles in the background.
     */
    public CapacityMeter(CapacitySettings settings, Clock clock, boolean leased) {
        this.settings = settings;
        this.clock = clock;
        this.leased = leased;
    }

    boolean leased() {
        return leased;
    }

    void leases(CapacityLeases l) {
        leases = l;
    }

    /**
     * Before a leased bucket refuses a request, the node settles with the shared budget at once
     * (a single node bursting gets the credit the table holds, as on one store); true when it did,
     * so the refusal is worth checking again.
     */
    boolean settleBeforeRefusing(TableCapacity table) {
        CapacityLeases l = leases;
        return l != null && l.settleNow(table, clock.millis());
    }

    Clock clock() {
        return clock;
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
        long id = table.definition().id();
        TableCapacity t = tables.get(id);
        if (t == null) {
            TableCapacity fresh = new TableCapacity(this, table.definition(), table.ref().sizeBytes());
            t = tables.computeIfAbsent(id, k -> fresh);
            ContributorInsights ci = insights.get(id);
            if (ci != null && ci.anyEnabled()) t.insights(ci);
        }
        t.sync(table.definition());
        return t;
    }

    /** The capacity of a table if it has been used (metrics, insights), else null. */
    public TableCapacity peek(long tableId) {
        return tables.get(tableId);
    }

    public List<TableCapacity> tables() {
        return new ArrayList<>(tables.values());
    }

    /** Forgets a deleted table. */
    public void dropped(long tableId) {
        tables.remove(tableId);
        insights.remove(tableId);
    }

    /** Contributor Insights of a table (created on first use; counting only while a scope is enabled). */
    public ContributorInsights insights(long tableId) {
        return insights.computeIfAbsent(tableId, k -> new ContributorInsights());
    }

    /** Turns Contributor Insights of a table or GSI on or off. */
    public void setInsights(long tableId, String index, boolean enable, boolean throttledOnly) {
        ContributorInsights ci = insights(tableId);
        ci.set(index, enable, throttledOnly, clock.millis() / 1000.0);
        TableCapacity t = tables.get(tableId);
        if (t != null) t.insights(ci.anyEnabled() ? ci : null);
    }
}
