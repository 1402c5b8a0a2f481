package io.basalt.engine.stream;

import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ChangeContributor;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.model.Values;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes one stream record per real item change, in the same atomic batch as the change, so a
 * crash can never separate them. Records are spread over {@link #SHARDS} slots by partition key,
 * so one key's changes stay in order in one slot; each slot's shard rolls over to a child shard
 * periodically (see {@link ShardLineage}).
 *
 * <p>Record key: [table id][stream label][0x00][shard][sequence: 8 bytes]. Record value: an item
 * (ItemCodec) with e = event name, t = creation time (epoch seconds), k = keys, o / n = old / new
 * image (per the view type).
 */
public final class StreamRecorder implements ChangeContributor {
    public static final int SHARDS = 4;
    /** Stream records live 24 hours, as the service keeps them. */
    public static final long RETENTION_SECONDS = 24 * 3600;

    /** How long records stay readable (an instance setting: tests observe trimming without waiting a day). */
    private long retentionSeconds = RETENTION_SECONDS;

    long retentionSeconds() {
        return retentionSeconds;
    }

    /** Sets how long records stay readable (from the instance's settings). */
    public StreamRecorder retention(long seconds) {
        this.retentionSeconds = seconds;
        return this;
    }

    /** Per shard: the first sequence number still stored after trimming (records below are gone). */
    private final Map<String, AtomicLong> horizons = new ConcurrentHashMap<>();

    /** The oldest sequence number a reader may ask for in a shard. */
    public long trimHorizon(long tableId, String label, int shard) {
        AtomicLong h = horizons.get(tableId + "/" + label + "/" + shard);
        return h == null ? 0 : h.get();
    }

    /**
     * Deletes records older than the retention period (they are in time order within a shard);
     * returns how many were removed. Called by the background sweeper.
     */
    public int trim(TableDefinition t) {
        if (t.stream().label() == null) return 0;
        int removed = trim(t, t.stream().label());
        for (String label : t.stream().previousLabels()) removed += trim(t, label);
        return removed;
    }

    private int trim(TableDefinition t, String label) {
        long cutoff = clock.millis() / 1000 - retentionSeconds();
        int removed = 0;
        for (int shard = 0; shard < SHARDS; shard++) {
            byte[] p = shardPrefix(t.id(), label, shard);
            WriteBatch batch = new WriteBatch();
            long lastTrimmed = -1;
            try (StorageCursor c = storage.scan(Space.STREAMS, p, KeyCodec.prefixEnd(p), false)) {
                while (c.next() && batch.mutations().size() < 1000) {
                    Map<String, AttributeValue> rec = ItemCodec.decode(c.value());
                    long time = ((AttributeValue.N) rec.get("t")).value().value().longValue();
                    if (time >= cutoff) break;
                    batch.delete(Space.STREAMS, c.key(), Mutation.EXPECT_ANY);
                    lastTrimmed = sequenceOf(c.key());
                }
            }
            if (lastTrimmed < 0) continue;
            try {
                storage.commit(batch);
            } catch (io.basalt.storage.VersionConflictException impossible) {
                throw new IllegalStateException(impossible);
            }
            long horizon = lastTrimmed + 1;
            horizons.computeIfAbsent(t.id() + "/" + label + "/" + shard, k -> new AtomicLong()).accumulateAndGet(horizon, Math::max);
            removed += batch.mutations().size();
        }
        return removed;
    }
    /** Set while the service itself deletes (TTL): the REMOVE record carries the service's userIdentity. */
    public static final ThreadLocal<Boolean> BY_SERVICE = new ThreadLocal<>();

    private final TableCatalog catalog;
    private final StorageEngine storage;
    private final Map<String, AtomicLong> sequences = new ConcurrentHashMap<>();
    /** Sequence numbers handed out but not yet committed (or aborted), per shard. */
    private final Map<String, java.util.concurrent.ConcurrentSkipListSet<Long>> inFlight = new ConcurrentHashMap<>();
    /** What the current thread's change allocated: shard key and sequence, until it commits or aborts. */
    private final ThreadLocal<java.util.List<Allocated>> pending = ThreadLocal.withInitial(java.util.ArrayList::new);

    /** A sequence number allocated in a shard ("table id/label/shard") by a change not yet settled. */
    private record Allocated(String shardKey, long seq) {}

    private final long rolloverMillis;
    /** Per stream ("table id/label"): its shard generations. */
    private final Map<String, ShardLineage> lineages = new ConcurrentHashMap<>();

    /** Record times, rollovers and retention follow the instance's clock. */
    private final io.basalt.engine.Clock clock;

    /**
     * On a store shared by several Basalt nodes: this node's tag, in the low 8 bits of every sequence
     * number it hands out, so two nodes never number two records alike; -1 on a store of one node
     * (sequence numbers are then dense).
     */
    private final int nodeTag;

    public StreamRecorder(TableCatalog catalog, StorageEngine storage, long rolloverMillis, io.basalt.engine.Clock clock) {
        this.catalog = catalog;
        this.storage = storage;
        this.rolloverMillis = rolloverMillis;
        this.clock = clock;
        this.nodeTag = storage.sharedByNodes() ? (int) (catalog.allocateId() & 0xFF) : -1;
    }

    /**
     * The shard's next sequence number. Shared store: [clock microseconds or last + 1][node tag],
     * unique across nodes and, while the nodes' clocks agree closer than an item's writes follow
     * each other, increasing per item across nodes too.
     */
    private long nextSequence(AtomicLong last) {
        if (nodeTag < 0) return last.incrementAndGet();
        long clockPart = clock.millis() * 1000;
        return last.updateAndGet(l -> (Math.max((l >>> 8) + 1, clockPart) << 8) | nodeTag);
    }

    /**
     * A shard as DescribeStream shows it. {@code endSequence} is its EndingSequenceNumber, or -1
     * while it is open; {@code lastRecordSequence} the highest sequence number a record of it can
     * carry (Long.MAX_VALUE while open).
     */
    public record StreamShard(int generation, int slot, long openedMillis, long startSequence, long endSequence,
                              long lastRecordSequence) {
        /** A number naming the shard within its stream (iterators carry it). */
        public int index() {
            return generation * SHARDS + slot;
        }

        public boolean closed() {
            return endSequence >= 0;
        }

        /** The index of the parent shard, or -1 for the first generation. */
        public int parentIndex() {
            return generation == 0 ? -1 : index() - SHARDS;
        }
    }

    ShardLineage lineage(long tableId, String label) {
        String key = tableId + "/" + label;
        ShardLineage known = lineages.get(key);
        if (known != null) return known;
        ShardLineage loaded = ShardLineage.load(storage, tableId, label); // storage read outside the map's lock
        ShardLineage raced = lineages.putIfAbsent(key, loaded);
        return raced != null ? raced : loaded;
    }

    /**
     * The stream's shards, parents before children. Shards closed by a rollover longer ago than the
     * retention period are gone (all their records are), as in the service. When the stream is no
     * longer enabled, its last shards are closed at the last record written.
     */
    public java.util.List<StreamShard> shards(long tableId, String label, boolean enabled) {
        java.util.List<ShardLineage.Generation> gens = lineage(tableId, label).generations();
        long horizonMillis = clock.millis() - retentionSeconds() * 1000;
        java.util.List<StreamShard> out = new java.util.ArrayList<>();
        for (int g = 0; g < gens.size(); g++) {
            ShardLineage.Generation gen = gens.get(g);
            ShardLineage.Generation next = g + 1 < gens.size() ? gens.get(g + 1) : null;
            if (next != null && next.startMillis() < horizonMillis) continue;
            for (int slot = 0; slot < SHARDS; slot++) out.add(shard(tableId, label, enabled, gen, next, slot));
        }
        return out;
    }

    /** One shard by index (whether or not it is still listed), or null when there is no such shard. */
    public StreamShard shard(long tableId, String label, boolean enabled, int index) {
        ShardLineage lineage = lineage(tableId, label);
        ShardLineage.Generation gen = lineage.generation(index / SHARDS);
        // a shard another node opened by a rollover this node has not seen yet
        if (gen == null && index >= 0 && nodeTag >= 0 && adoptRollovers(tableId, label, lineage)) gen = lineage.generation(index / SHARDS);
        if (index < 0 || gen == null) return null;
        return shard(tableId, label, enabled, gen, lineage.generation(gen.number() + 1), index % SHARDS);
    }

    private StreamShard shard(long tableId, String label, boolean enabled, ShardLineage.Generation gen,
                              ShardLineage.Generation next, int slot) {
        long start = gen.startSequences()[slot];
        if (next != null) {
            long end = next.startSequences()[slot] - 1; // the sequence number the rollover consumed
            return new StreamShard(gen.number(), slot, gen.startMillis(), start, end, end - 1);
        }
        if (enabled) return new StreamShard(gen.number(), slot, gen.startMillis(), start, -1, Long.MAX_VALUE);
        long last = readableSequence(tableId, label, slot);
        return new StreamShard(gen.number(), slot, gen.startMillis(), start, Math.max(start, last), last);
    }

    /**
     * Closes every shard of the table's current stream and opens a child for each once the
     * rollover interval has passed since they opened. Called by the background sweeper and by
     * DescribeStream, so it happens on time even on an idle table.
     */
    public void rollOverIfDue(TableDefinition t) {
        if (!t.stream().enabled() || t.stream().label() == null) return;
        String label = t.stream().label();
        ShardLineage lineage = lineage(t.id(), label);
        long now = clock.millis();
        if (now - lineage.latest().startMillis() < rolloverMillis) return;
        // another node may have rolled it over already: its generation counts, not a second one
        if (nodeTag >= 0 && adoptRollovers(t.id(), label, lineage) && now - lineage.latest().startMillis() < rolloverMillis) return;
        synchronized (lineage) {
            ShardLineage.Generation current = lineage.latest();
            if (now - current.startMillis() < rolloverMillis) return;
            if (!rollOver(t.id(), label, lineage, current.number() + 1, now, 0, new long[SHARDS])) {
                adoptRollovers(t.id(), label, lineage); // another node stored this generation first: its shard ends hold
            }
        }
    }

    /**
     * Shared store: re-reads the lineage and moves this node's sequence counters past the start of
     * every shard another node opened, so this node's next records go into the children. True when
     * there were new generations.
     */
    private boolean adoptRollovers(long tableId, String label, ShardLineage lineage) {
        synchronized (lineage) {
            if (!lineage.refresh(storage, tableId, label)) return false;
            long[] starts = lineage.latest().startSequences();
            for (int slot = 0; slot < SHARDS; slot++) {
                long end = starts[slot] - 1;
                sequence(tableId, label, slot).accumulateAndGet(end, Math::max);
            }
            return true;
        }
    }

    /**
     * Takes each slot's allocation lock in turn and keeps them all until the new generation is
     * durable and visible: no record can be numbered past a parent's end before readers know the
     * child exists, so a reader never sees a record in two shards.
     */
    private boolean rollOver(long tableId, String label, ShardLineage lineage, int number, long now, int slot, long[] starts) {
        if (slot == SHARDS) return lineage.append(storage, tableId, label, new ShardLineage.Generation(number, now, starts));
        java.util.concurrent.ConcurrentSkipListSet<Long> busy = busy(tableId + "/" + label + "/" + slot);
        synchronized (busy) {
            starts[slot] = nextSequence(sequence(tableId, label, slot)) + 1;
            return rollOver(tableId, label, lineage, number, now, slot + 1, starts);
        }
    }

    private java.util.concurrent.ConcurrentSkipListSet<Long> busy(String shardKey) {
        return inFlight.computeIfAbsent(shardKey, k -> new java.util.concurrent.ConcurrentSkipListSet<>());
    }

    /** Prefix of every record of one stream. */
    /** Takes one stream record and its sequence number. */
    @FunctionalInterface
    public interface RecordSink {
        void accept(long sequence, Map<String, AttributeValue> record) throws java.io.IOException;
    }

    /**
     * Hands the records of a shard with sequence numbers in [from, to) to {@code sink}, in order, at
     * most {@code limit} of them; returns how many.
     */
    public int readRecords(long tableId, String label, int shard, long from, long to, int limit, RecordSink sink)
            throws java.io.IOException {
        int n = 0;
        try (StorageCursor c = storage.scan(Space.STREAMS, recordKey(tableId, label, shard, from),
                recordKey(tableId, label, shard, to), false)) {
            while (n < limit && c.next()) {
                sink.accept(sequenceOf(c.key()), ItemCodec.decode(c.valueBytes(), c.valueOffset()));
                n++;
            }
        }
        return n;
    }

    public static byte[] streamPrefix(long tableId, String label) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[8 + l.length + 1];
        System.arraycopy(KeyCodec.tablePrefix(tableId), 0, out, 0, 8);
        System.arraycopy(l, 0, out, 8, l.length);
        return out;
    }

    /** Prefix of one shard's records. */
    public static byte[] shardPrefix(long tableId, String label, int shard) {
        byte[] p = streamPrefix(tableId, label);
        byte[] out = java.util.Arrays.copyOf(p, p.length + 1);
        out[p.length] = (byte) shard;
        return out;
    }

    public static byte[] recordKey(long tableId, String label, int shard, long sequence) {
        byte[] p = shardPrefix(tableId, label, shard);
        byte[] out = java.util.Arrays.copyOf(p, p.length + 8);
        for (int i = 7; i >= 0; i--) {
            out[p.length + i] = (byte) sequence;
            sequence >>>= 8;
        }
        return out;
    }

    public static long sequenceOf(byte[] key) {
        long v = 0;
        for (int i = key.length - 8; i < key.length; i++) v = (v << 8) | (key[i] & 0xFF);
        return v;
    }

    /** The shard of a partition key value. */
    public static int shardOf(AttributeValue partitionKey) {
        return (int) Long.remainderUnsigned(KeyCodec.hash(KeyCodec.encode(partitionKey)), SHARDS);
    }

    /**
     * The highest sequence number of a shard below which every record is committed: readers stop
     * there, so a record committed late (its writer was slower) is never skipped.
     */
    public long readableSequence(long tableId, String label, int shard) {
        String key = tableId + "/" + label + "/" + shard;
        long last = sequence(tableId, label, shard).get();
        // other nodes number records too: what they stored counts (their records still in flight are not seen)
        if (nodeTag >= 0) last = Math.max(last, lastStoredSequence(tableId, label, shard));
        java.util.concurrent.ConcurrentSkipListSet<Long> busy = inFlight.get(key);
        if (busy == null || busy.isEmpty()) return last;
        Long first = busy.isEmpty() ? null : busy.first();
        return first == null ? last : Math.min(last, first - 1);
    }

    /** The record is released by its batch's when-applied action (it may become readable after the commit). */
    @Override
    public void committed(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        pending.get().clear();
    }

    @Override
    public void aborted() {
        java.util.List<Allocated> mine = pending.get();
        for (Allocated a : mine) release(a);
        mine.clear();
    }

    /** The record's sequence number is settled: readers may go past it. */
    private void release(Allocated a) {
        java.util.concurrent.ConcurrentSkipListSet<Long> busy = inFlight.get(a.shardKey());
        if (busy != null) busy.remove(a.seq());
    }

    private AtomicLong sequence(long tableId, String label, int shard) {
        String key = tableId + "/" + label + "/" + shard;
        AtomicLong known = sequences.get(key);
        if (known != null) return known;
        // read outside the map's lock: nobody numbers records of this shard before the counter is in the map
        long lastRecord = lastStoredSequence(tableId, label, shard);
        // the latest rollover consumed a number no record carries: never hand it out again
        AtomicLong loaded = new AtomicLong(Math.max(lastRecord, lineage(tableId, label).latest().startSequences()[shard] - 1));
        AtomicLong raced = sequences.putIfAbsent(key, loaded);
        return raced != null ? raced : loaded;
    }

    /** The sequence number of the shard's last stored record, 0 when it has none. */
    private long lastStoredSequence(long tableId, String label, int shard) {
        byte[] p = shardPrefix(tableId, label, shard);
        try (StorageCursor c = storage.scan(Space.STREAMS, p, KeyCodec.prefixEnd(p), true)) {
            return c.next() ? sequenceOf(c.key()) : 0;
        }
    }

    /** Forgets what is held of a deleted table's streams (its records are dropped with it). */
    public void forget(TableDefinition t) {
        String prefix = t.id() + "/";
        horizons.keySet().removeIf(k -> k.startsWith(prefix));
        sequences.keySet().removeIf(k -> k.startsWith(prefix));
        inFlight.keySet().removeIf(k -> k.startsWith(prefix));
        lineages.keySet().removeIf(k -> k.startsWith(prefix));
    }

    /** Per-table entries held (tests: they must not grow with deleted tables). */
    public int heldEntries() {
        return horizons.size() + sequences.size() + inFlight.size() + lineages.size();
    }

    @Override
    public void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, WriteBatch batch) {
        TableCatalog.Entry e = catalog.byId(table.tableId());
        if (e == null) return;
        TableDefinition t = e.definition();
        if (!t.stream().enabled()) return;
        if (oldItem != null && newItem != null && Values.equalMaps(oldItem, newItem)) return; // nothing changed
        String event = oldItem == null ? "INSERT" : newItem == null ? "REMOVE" : "MODIFY";
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        Map<String, AttributeValue> record = new LinkedHashMap<>();
        record.put("e", AttributeValue.s(event));
        record.put("t", AttributeValue.n(clock.millis() / 1000));
        record.put("k", new AttributeValue.M(t.keys().keyOf(any)));
        String view = t.stream().viewType();
        if (oldItem != null && ("OLD_IMAGE".equals(view) || "NEW_AND_OLD_IMAGES".equals(view))) {
            record.put("o", new AttributeValue.M(oldItem));
        }
        if (newItem != null && ("NEW_IMAGE".equals(view) || "NEW_AND_OLD_IMAGES".equals(view))) {
            record.put("n", new AttributeValue.M(newItem));
        }
        if (Boolean.TRUE.equals(BY_SERVICE.get())) record.put("u", AttributeValue.s("dynamodb.amazonaws.com"));
        int shard = shardOf(any.get(t.keys().hashName()));
        String shardKey = t.id() + "/" + t.stream().label() + "/" + shard;
        java.util.concurrent.ConcurrentSkipListSet<Long> busy = busy(shardKey);
        long seq;
        synchronized (busy) { // allocation and registration together: a reader never sees a gap it could skip
            seq = nextSequence(sequence(t.id(), t.stream().label(), shard));
            busy.add(seq);
        }
        Allocated allocated = new Allocated(shardKey, seq);
        pending.get().add(allocated);
        batch.whenApplied(() -> release(allocated));
        batch.put(Space.STREAMS, recordKey(t.id(), t.stream().label(), shard, seq), ItemCodec.encode(record), Mutation.EXPECT_ANY);
    }
}
