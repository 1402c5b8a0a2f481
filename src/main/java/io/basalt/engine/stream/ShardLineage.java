package io.basalt.engine.stream;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import io.basalt.model.KeyCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The shards of one stream over time. The stream has {@link StreamRecorder#SHARDS} slots (a
 * partition key always maps to the same slot); a generation is one shard per slot. At a rollover
 * every shard of the latest generation closes and a child opens in the same slot, so a key's
 * records continue in the child, after everything in its parent.
 *
 * <p>Sequence numbers run on per slot across generations. A rollover consumes one sequence number
 * per slot that no record carries: the parent's EndingSequenceNumber. The child starts right after
 * it, so a closed shard's range is never empty and a child's records all follow its parent's.
 *
 * <p>Generations after the first are stored in {@link Space#STREAMS} under
 * [table id][label][0x01][generation], next to the records ([table id][label][0x00][slot][seq]).
 * A generation is stored before any record can be written into it, so a crash never leaves a
 * record in a shard that was not persisted.
 *
 * <p>On a store shared by several Basalt nodes a generation is written only if absent (compare-and-set),
 * so when two nodes roll a stream over at once one generation wins and both adopt it: every node
 * agrees on each shard's end. Nodes re-read the lineage to learn of rollovers made by others.
 */
public final class ShardLineage {
    /** One generation: when it opened and the first sequence number of each slot's shard. */
    public record Generation(int number, long startMillis, long[] startSequences) {}

    private volatile List<Generation> generations;

    private ShardLineage(List<Generation> generations) {
        this.generations = List.copyOf(generations);
    }

    /** Reads a stream's lineage; generation 0 is implicit (opened when the stream was enabled). */
    static ShardLineage load(StorageEngine storage, long tableId, String label) {
        List<Generation> all = new ArrayList<>();
        long[] first = new long[StreamRecorder.SHARDS];
        java.util.Arrays.fill(first, 1);
        all.add(new Generation(0, StreamLabels.millisOf(label), first));
        byte[] p = prefix(tableId, label);
        try (StorageCursor c = storage.scan(Space.STREAMS, p, KeyCodec.prefixEnd(p), false)) {
            while (c.next()) all.add(decode(c.key(), c.value()));
        }
        return new ShardLineage(all);
    }

    public List<Generation> generations() {
        return generations;
    }

    public Generation latest() {
        List<Generation> g = generations;
        return g.get(g.size() - 1);
    }

    /** The generation with this number, or null. */
    public Generation generation(int number) {
        List<Generation> g = generations;
        return number >= 0 && number < g.size() ? g.get(number) : null;
    }

    /**
     * Persists a new generation (synced like any commit) unless one with its number exists, then makes
     * it visible. False when another node stored that generation first: {@link #refresh} adopts it.
     */
    boolean append(StorageEngine storage, long tableId, String label, Generation next) {
        WriteBatch batch = new WriteBatch();
        batch.put(Space.STREAMS, key(tableId, label, next.number()), encode(next), Mutation.EXPECT_ABSENT);
        try {
            storage.commit(batch);
        } catch (VersionConflictException anotherNode) {
            return false;
        }
        List<Generation> all = new ArrayList<>(generations);
        all.add(next);
        generations = List.copyOf(all);
        return true;
    }

    /** Adopts the generations other nodes stored since this lineage was read; true when there were any. */
    boolean refresh(StorageEngine storage, long tableId, String label) {
        List<Generation> stored = load(storage, tableId, label).generations;
        if (stored.size() <= generations.size()) return false;
        generations = stored;
        return true;
    }

    private static byte[] prefix(long tableId, String label) {
        byte[] p = StreamRecorder.streamPrefix(tableId, label);
        p[p.length - 1] = 0x01; // records use 0x00 here
        return p;
    }

    private static byte[] key(long tableId, String label, int generation) {
        byte[] p = prefix(tableId, label);
        return ByteBuffer.allocate(p.length + 4).put(p).putInt(generation).array();
    }

    private static byte[] encode(Generation g) {
        ByteBuffer b = ByteBuffer.allocate(8 + 8 * g.startSequences().length).putLong(g.startMillis());
        for (long s : g.startSequences()) b.putLong(s);
        return b.array();
    }

    private static Generation decode(byte[] key, byte[] value) {
        int number = ByteBuffer.wrap(key, key.length - 4, 4).getInt();
        ByteBuffer b = ByteBuffer.wrap(value);
        long start = b.getLong();
        long[] seqs = new long[b.remaining() / 8];
        for (int i = 0; i < seqs.length; i++) seqs[i] = b.getLong();
        return new Generation(number, start, seqs);
    }
}
