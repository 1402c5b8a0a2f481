package io.basalt.engine.catalog;

/**
 * Provisioned throughput of a table or GSI with the service's change bookkeeping (epoch seconds;
 * 0 when never changed).
 */
public record Throughput(long readCapacityUnits, long writeCapacityUnits, double lastIncrease, double lastDecrease,
                         int decreasesToday) {
    public static final Throughput ON_DEMAND = new Throughput(0, 0, 0, 0, 0);

    public static Throughput of(long rcu, long wcu) {
        return new Throughput(rcu, wcu, 0, 0, 0);
    }

    /** The new throughput after an UpdateTable, recording increase/decrease times as the service does. */
    public Throughput changedTo(long rcu, long wcu, double now) {
        boolean increase = rcu > readCapacityUnits || wcu > writeCapacityUnits;
        boolean decrease = rcu < readCapacityUnits || wcu < writeCapacityUnits;
        return new Throughput(rcu, wcu, increase ? now : lastIncrease, decrease ? now : lastDecrease,
                decrease ? decreasesToday + 1 : decreasesToday);
    }
}
