package io.basalt.engine.capacity;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The partitions of a table or a global secondary index. They cover the unsigned 64-bit hash
 * space in order; their number never decreases (a throughput decrease leaves each partition a
 * smaller share), grows when the data or the throughput outgrows them, and a partition hot for
 * long enough is split for heat. The throughput is divided evenly among the partitions.
 */
public final class PartitionMap {
    private static final BigInteger SPACE = BigInteger.ONE.shiftLeft(64);

    private volatile Partition[] parts;
    private double rcu;
    private double wcu;
    private final double burstSeconds;
    private final boolean leased;

    /** {@code count} equal partitions sharing {@code rcu} / {@code wcu}. */
    public PartitionMap(int count, double rcu, double wcu, double burstSeconds, long now) {
        this(count, rcu, wcu, burstSeconds, now, false);
    }

    /** With {@code leased}, the partitions' buckets draw on budgets shared by several nodes ({@link CapacityLeases}). */
    PartitionMap(int count, double rcu, double wcu, double burstSeconds, long now, boolean leased) {
        this.leased = leased;
        this.rcu = rcu;
        this.wcu = wcu;
        this.burstSeconds = burstSeconds;
        Partition[] p = new Partition[count];
        for (int i = 0; i < count; i++) {
            long from = boundary(i, count);
            long to = i + 1 == count ? -1L : boundary(i + 1, count) - 1;
            p[i] = new Partition(from, to, rcu / count, wcu / count, burstSeconds, now, leased);
        }
        this.parts = p;
    }

    private static long boundary(int i, int count) {
        return SPACE.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(count)).longValue();
    }

    /** The partition holding a partition-key hash. */
    public Partition find(long hash) {
        Partition[] p = parts;
        int lo = 0, hi = p.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (Long.compareUnsigned(p[mid].start(), hash) <= 0) lo = mid;
            else hi = mid - 1;
        }
        return p[lo];
    }

    public int count() {
        return parts.length;
    }

    public List<Partition> partitions() {
        return List.of(parts);
    }

    public synchronized double readCapacity() { return rcu; }
    public synchronized double writeCapacity() { return wcu; }

    /** Splits the widest partitions in halves until there are at least {@code target}. */
    public synchronized void growTo(int target, long now) {
        if (target <= parts.length) return;
        List<Partition> list = new ArrayList<>(Arrays.asList(parts));
        while (list.size() < target) {
            int widest = 0;
            for (int i = 1; i < list.size(); i++) {
                if (Long.compareUnsigned(width(list.get(i)), width(list.get(widest))) > 0) widest = i;
            }
            Partition w = list.get(widest);
            if (width(w) == 0) break;
            long mid = w.start() + (width(w) >>> 1);
            replace(list, widest, w, mid, now);
        }
        install(list, now);
    }

    /** Splits the partition holding {@code at} so that {@code at} ends its lower half. */
    public synchronized boolean splitAt(long at, long now) {
        List<Partition> list = new ArrayList<>(Arrays.asList(parts));
        for (int i = 0; i < list.size(); i++) {
            Partition p = list.get(i);
            if (p.contains(at) && at != p.end()) {
                replace(list, i, p, at, now);
                install(list, now);
                return true;
            }
        }
        return false;
    }

    private static long width(Partition p) {
        return p.end() - p.start();
    }

    private void replace(List<Partition> list, int i, Partition p, long lowEnd, long now) {
        // the halves start with the parent's credit; install() then sets their shares
        Partition low = new Partition(p.start(), lowEnd, p.readShare(), p.writeShare(), burstSeconds, now, leased);
        Partition high = new Partition(lowEnd + 1, p.end(), p.readShare(), p.writeShare(), burstSeconds, now, leased);
        // the halves inherit an even split of the size estimate
        long half = p.sizeBytes() / 2;
        low.addSize(half);
        high.addSize(p.sizeBytes() - half);
        list.set(i, low);
        list.add(i + 1, high);
    }

    private void install(List<Partition> list, long now) {
        Partition[] next = list.toArray(new Partition[0]);
        for (Partition p : next) share(p, next.length, now);
        parts = next;
    }

    /** New table (or index) throughput, divided evenly; the partition count grows if needed, never shrinks. */
    public synchronized void throughput(double newRcu, double newWcu, long now) {
        rcu = newRcu;
        wcu = newWcu;
        for (Partition p : parts) share(p, parts.length, now);
    }

    private void share(Partition p, int count, long now) {
        p.readShare.reconfigure(rcu / count, burstSeconds, now);
        p.writeShare.reconfigure(wcu / count, burstSeconds, now);
    }
}
