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
        int today = sameUtcDay(lastDecrease, now) ? decreasesToday : 0;
        return new Throughput(rcu, wcu, increase ? now : lastIncrease, decrease ? now : lastDecrease,
                decrease ? today + 1 : today);
    }

    /** Whether two epoch-second times fall on the same UTC day (the service counts decreases per UTC day). */
    public static boolean sameUtcDay(double a, double b) {
        return Math.floor(a / 86_400) == Math.floor(b / 86_400);
    }
}
