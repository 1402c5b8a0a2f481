package io.basalt.engine.capacity;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shared state of one table's capacity buckets when several Basalt nodes serve it: per bucket
 * (named as in {@link TableCapacity#forEachBucket}) its rate, its burst capacity and the credit no
 * node holds, refilled from the wall clock of whichever node settles next. One record per table in
 * the store, replaced by compare-and-set ({@link CapacityLeases}).
 */
final class SharedBudget {
    /** One bucket's shared part. */
    static final class Entry {
        double rate;
        double capacity;
        double tokens;

        Entry(double rate, double capacity, double tokens) {
            this.rate = rate;
            this.capacity = capacity;
            this.tokens = tokens;
        }
    }

    private long lastMillis;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    private SharedBudget(long lastMillis) {
        this.lastMillis = lastMillis;
    }

    static SharedBudget fresh(long nowMillis) {
        return new SharedBudget(nowMillis);
    }

    /** Adds what every bucket earned since the last settlement (any node's), up to its burst capacity. */
    void refill(long nowMillis) {
        if (nowMillis <= lastMillis) return; // another node's clock ran ahead: no refill until ours catches up
        double seconds = (nowMillis - lastMillis) / 1000.0;
        for (Entry e : entries.values()) e.tokens = Math.min(e.capacity, e.tokens + e.rate * seconds);
        lastMillis = nowMillis;
    }

    /**
     * A bucket's entry with the node's current rate and capacity; a bucket no node settled yet starts
     * full, as a new table's buckets do on one node.
     */
    Entry entry(String name, double rate, double capacity) {
        Entry e = entries.computeIfAbsent(name, n -> new Entry(rate, capacity, capacity));
        e.rate = rate;
        e.capacity = capacity;
        e.tokens = Math.min(e.tokens, capacity);
        return e;
    }

    /**
     * Settles one node's bucket: its held credit comes back ({@code returned}, which may be a debt),
     * then it gets up to {@code ask} of what is there. Returns the slice granted.
     */
    static double settle(Entry e, double returned, double ask) {
        e.tokens = Math.max(-e.capacity, Math.min(e.capacity, e.tokens + returned));
        double slice = Math.min(ask, Math.max(0, e.tokens));
        e.tokens -= slice;
        return slice;
    }

    byte[] encode() {
        int size = 12;
        Map<String, byte[]> names = new LinkedHashMap<>();
        for (String n : entries.keySet()) {
            byte[] b = n.getBytes(StandardCharsets.UTF_8);
            names.put(n, b);
            size += 2 + b.length + 24;
        }
        ByteBuffer out = ByteBuffer.allocate(size).putLong(lastMillis).putInt(entries.size());
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            byte[] n = names.get(e.getKey());
            out.putShort((short) n.length).put(n);
            out.putDouble(e.getValue().rate).putDouble(e.getValue().capacity).putDouble(e.getValue().tokens);
        }
        return out.array();
    }

    static SharedBudget decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        SharedBudget b = new SharedBudget(in.getLong());
        int count = in.getInt();
        for (int i = 0; i < count; i++) {
            byte[] n = new byte[in.getShort()];
            in.get(n);
            b.entries.put(new String(n, StandardCharsets.UTF_8), new Entry(in.getDouble(), in.getDouble(), in.getDouble()));
        }
        return b;
    }
}
