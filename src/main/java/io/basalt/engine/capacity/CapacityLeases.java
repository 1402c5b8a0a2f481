package io.basalt.engine.capacity;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Capacity shared by several Basalt nodes on one store (docs/scale-out.md). Each table's budget is
 * one {@link SharedBudget} record in the META space; each node's buckets are leased
 * ({@link TokenBucket}: no refill with time) and this loop settles them with the record every
 * {@link #INTERVAL_MILLIS}: a bucket gives back the credit it holds (or its debt) and takes a
 * slice sized to its recent use, in one compare-and-set per table. Requests never wait for the
 * store while their slice holds credit: admission checks the local slice; a request about to be
 * refused first has the table settled at once ({@link #settleNow}), unless the shared budget was
 * found short within the last period. Idle buckets holding about their reserve cost nothing.
 */
public final class CapacityLeases implements AutoCloseable {
    /** How often a node settles its busy buckets with the shared budgets. */
    static final long INTERVAL_MILLIS = 150;
    private static final byte[] PREFIX = "capacity/".getBytes(StandardCharsets.UTF_8);
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(CapacityLeases.class);

    private final StorageEngine storage;
    private final CapacityMeter meter;
    private final Thread thread;
    private volatile boolean closed;

    public CapacityLeases(StorageEngine storage, CapacityMeter meter) {
        this.storage = storage;
        this.meter = meter;
        this.thread = Thread.ofPlatform().daemon().name("basalt-capacity-leases").unstarted(this::loop);
        if (meter != null) meter.leases(this);
    }

    /** The slice a leased bucket keeps while idle, and starts with: one period of its rate, at least one unit. */
    static double reserve(double rate) {
        return Math.max(1, rate * INTERVAL_MILLIS / 1000.0);
    }

    public CapacityLeases start() {
        thread.start();
        return this;
    }

    private void loop() {
        while (!closed) {
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            if (meter.settings().mode() != CapacityMode.ENFORCE) continue;
            for (TableCapacity t : meter.tables()) {
                if (closed) return;
                try {
                    settleOnTimer(t, meter.clock().millis());
                } catch (RuntimeException e) {
                    // the store is unavailable or closing: the buckets keep their slices and try again
                    LOG.debug("capacity of {} not settled: {}", t.name(), e.toString());
                }
            }
        }
    }

    /**
     * The periodic settlement of one table: it also records whether the shared budget is short now,
     * or no longer (credit given back by an idle bucket lets the next refusal settle again at once).
     */
    void settleOnTimer(TableCapacity t, long nowMillis) {
        synchronized (t.settling) {
            t.budgetShortAt = settle(t, nowMillis) ? nowMillis : TableCapacity.NEVER_SHORT;
        }
    }

    /**
     * Settles the table now, for a request its local slices would refuse: true when a settlement
     * was made (the refusal is worth checking again). Skipped while the shared budget was found short
     * less than a period ago (by the instance's clock) and every bucket that refused was one of the
     * short ones, so a throttled table costs the store at most a few extra settlements a second, and
     * none while the clock stands still.
     */
    boolean settleNow(TableCapacity table, long nowMillis) {
        if (meter.settings().mode() != CapacityMode.ENFORCE) return false;
        synchronized (table.settling) {
            // the table's budget was short a moment ago: settle again only for a bucket that was not short
            if (nowMillis - table.budgetShortAt < INTERVAL_MILLIS && !table.starvedWithBudgetLeft()) return false;
            try {
                // short now, or no longer: a settlement that granted every ask (credit given back
                // by an idle bucket, say) lets the next refusal settle again at once
                table.budgetShortAt = settle(table, nowMillis) ? nowMillis : TableCapacity.NEVER_SHORT;
                return true;
            } catch (RuntimeException e) {
                // the store is unavailable: refuse as the local slices say
                LOG.debug("capacity of {} not settled: {}", table.name(), e.toString());
                return false;
            }
        }
    }

    /** One bucket due for settlement, with what it asks. */
    private record Due(String name, TokenBucket bucket, double[] demand) { }

    /**
     * Settles the table's busy buckets (at {@code nowMillis}, wall-clock time) with its shared budget
     * (one read and one compare-and-set); true when the budget granted some bucket less than it asked.
     * Callers hold the table's {@code settling} monitor.
     */
    boolean settle(TableCapacity table, long nowMillis) {
        double[] onDemandUnits = table.drainOnDemandUnits(); // once: a retry must not count them twice
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            List<Due> due = new ArrayList<>();
            table.forEachBucket((name, b) -> {
                double[] d = b.leased() ? b.leaseDemand() : null;
                if (d != null) due.add(new Due(name, b, d));
            });
            if (due.isEmpty()) return false;
            byte[] key = ByteBuffer.allocate(PREFIX.length + 8).put(PREFIX).putLong(table.tableId()).array();
            Versioned held = storage.get(Space.META, key);
            SharedBudget budget = held == null ? SharedBudget.fresh(nowMillis) : SharedBudget.decode(held.value());
            budget.refill(nowMillis);
            double[] slices = new double[due.size()];
            for (int i = 0; i < slices.length; i++) {
                Due d = due.get(i);
                SharedBudget.Entry e = budget.entry(d.name(), d.bucket().rate(), d.bucket().capacity());
                // what the bucket holds goes back, except its starting slice that never came from here
                slices[i] = SharedBudget.settle(e, d.demand()[0] - d.demand()[1], d.demand()[2]);
            }
            TableCapacity.Shape shape = table.exchangeShape(budget, onDemandUnits, nowMillis);
            try {
                storage.commit(new WriteBatch().put(Space.META, key, budget.encode(),
                        held == null ? Mutation.EXPECT_ABSENT : held.version()));
            } catch (VersionConflictException another) {
                continue; // another node settled at the same time: read again
            }
            boolean shortOfBudget = false;
            for (int i = 0; i < slices.length; i++) {
                due.get(i).bucket().leaseSettled(due.get(i).demand(), slices[i]);
                shortOfBudget |= slices[i] < due.get(i).demand()[2];
            }
            table.adopt(shape);
            return shortOfBudget;
        }
        return false;
    }

    /** Stops the loop (the slices held are not given back: at most one period's worth per busy bucket). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
