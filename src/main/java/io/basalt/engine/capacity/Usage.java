package io.basalt.engine.capacity;

import java.util.concurrent.atomic.LongAdder;

/**
 * Consumed units, requests and throttle events of a table, an index or a partition. Lock-free
 * counters only: this is on every request's path. Read units are kept in halves (an eventually
 * consistent read of 4 KB costs 0.5).
 */
public final class Usage {
    private final LongAdder readHalves = new LongAdder();
    private final LongAdder writeUnits = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder readThrottles = new LongAdder();
    private final LongAdder writeThrottles = new LongAdder();

    public void read(double units) {
        readHalves.add(Math.round(units * 2));
        reads.increment();
    }

    public void write(double units) {
        writeUnits.add(Math.round(units));
        writes.increment();
    }

    public void throttled(boolean read) {
        (read ? readThrottles : writeThrottles).increment();
    }

    public double readUnits() { return readHalves.sum() / 2.0; }
    public double writeUnits() { return writeUnits.sum(); }
    public long reads() { return reads.sum(); }
    public long writes() { return writes.sum(); }
    public long readThrottles() { return readThrottles.sum(); }
    public long writeThrottles() { return writeThrottles.sum(); }
}
