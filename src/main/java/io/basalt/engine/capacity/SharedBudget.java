package io.basalt.engine.capacity;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shared state of one table's capacity buckets when several Basalt nodes serve it: per bucket
 * (named as in {@link TableCapacity#forEachBucket}) its rate, its burst capacity and the credit no
 * node holds, refilled from the wall clock of whichever node settles next. One record per table in
 * the store, replaced by compare-and-set ({@link CapacityLeases}). It also holds what must be the
 * same on every node for the buckets to mean the same: an on-demand table's peak windows (fed with
 * every node's units) and the partition boundaries of the table and its GSIs (every node's splits).
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
    private final Map<String, PeakWindow> peaks = new LinkedHashMap<>();
    private final Map<String, java.util.TreeSet<Long>> starts = new LinkedHashMap<>();

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

    /**
     * Feeds a node's units to the table's shared peak window {@code name} (created with the node's
     * peak) at {@code nowMillis}; returns the table's peak.
     */
    double peak(String name, double localPeak, double units, long nowMillis) {
        PeakWindow w = peaks.computeIfAbsent(name, n -> new PeakWindow(localPeak, nowMillis * 1_000_000L));
        w.peak = Math.max(w.peak, localPeak);
        w.add(units, nowMillis * 1_000_000L);
        return w.peak;
    }

    /** Merges a node's partition starts of map {@code name} (boundaries only ever appear); returns all of them. */
    java.util.Set<Long> starts(String name, java.util.Collection<Long> local) {
        java.util.TreeSet<Long> all = starts.computeIfAbsent(name, n -> new java.util.TreeSet<>(Long::compareUnsigned));
        all.addAll(local);
        return all;
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
        // the shape, after the buckets (records written before it ended there)
        int shape = 8;
        for (String n : peaks.keySet()) shape += 2 + n.getBytes(StandardCharsets.UTF_8).length + 40;
        for (Map.Entry<String, java.util.TreeSet<Long>> e : starts.entrySet()) {
            shape += 2 + e.getKey().getBytes(StandardCharsets.UTF_8).length + 4 + 8 * e.getValue().size();
        }
        ByteBuffer all = ByteBuffer.allocate(size + shape).put(out.array()).putInt(peaks.size());
        for (Map.Entry<String, PeakWindow> e : peaks.entrySet()) {
            putName(all, e.getKey());
            PeakWindow w = e.getValue();
            all.putDouble(w.peak).putDouble(w.candidate).putLong(w.candidateSince).putLong(w.windowStart).putDouble(w.windowUnits);
        }
        all.putInt(starts.size());
        for (Map.Entry<String, java.util.TreeSet<Long>> e : starts.entrySet()) {
            putName(all, e.getKey());
            all.putInt(e.getValue().size());
            for (long start : e.getValue()) all.putLong(start);
        }
        return all.array();
    }

    private static void putName(ByteBuffer out, String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        out.putShort((short) b.length).put(b);
    }

    private static String getName(ByteBuffer in) {
        byte[] n = new byte[in.getShort()];
        in.get(n);
        return new String(n, StandardCharsets.UTF_8);
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
        if (!in.hasRemaining()) return b;
        int peakCount = in.getInt();
        for (int i = 0; i < peakCount; i++) {
            String name = getName(in);
            b.peaks.put(name, new PeakWindow(in.getDouble(), in.getDouble(), in.getLong(), in.getLong(), in.getDouble()));
        }
        int mapCount = in.getInt();
        for (int i = 0; i < mapCount; i++) {
            String name = getName(in);
            java.util.TreeSet<Long> set = new java.util.TreeSet<>(Long::compareUnsigned);
            int n = in.getInt();
            for (int j = 0; j < n; j++) set.add(in.getLong());
            b.starts.put(name, set);
        }
        return b;
    }
}
