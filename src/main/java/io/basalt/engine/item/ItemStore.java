package io.basalt.engine.item;

import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import io.basalt.storage.HeldKey;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * Single-item reads and writes of base-table items. Writes are optimistic: read the item and its
 * version, compute the change, commit with a version check; when another writer got in between,
 * recompute from the new state. That makes every single-item operation atomic and linearizable.
 */
public final class ItemStore {
    private final StorageEngine storage;
    private final List<ChangeContributor> contributors = new CopyOnWriteArrayList<>();
    /**
     * Writes under way, counted in two alternating epochs so {@link #awaitEarlierWrites} can wait
     * for the writes begun before it without stopping the ones begun after.
     */
    private final LongAdder[] inFlight = {new LongAdder(), new LongAdder()};
    private volatile int epoch;

    public ItemStore(StorageEngine storage) {
        this.storage = storage;
    }

    public void addContributor(ChangeContributor c) {
        contributors.add(c);
    }

    /** Counts a write as under way; returns the slot to pass to {@link #exit}. */
    private int enter() {
        while (true) {
            int e = epoch;
            inFlight[e & 1].increment();
            if (epoch == e) return e & 1;
            inFlight[e & 1].decrement();
        }
    }

    private void exit(int slot) {
        inFlight[slot].decrement();
    }

    /**
     * Waits until every write that began before this call has committed or failed. A contributor
     * that starts recording a table's changes calls it so that no write which missed the new
     * recording is still to commit (point-in-time recovery's base copy is taken after it).
     */
    public synchronized void awaitEarlierWrites() {
        int old = epoch & 1;
        epoch++;
        while (inFlight[old].sum() != 0) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** A stored item with its version, or null when absent. */
    public record Stored(Map<String, AttributeValue> item, long version, long size) {}

    public static byte[] storageKey(TableRef table, Map<String, AttributeValue> key) {
        KeyShape s = table.keys();
        return KeyCodec.itemKey(table.tableId(), key.get(s.hashName()), s.hasRange() ? key.get(s.rangeName()) : null);
    }

    public Stored read(TableRef table, Map<String, AttributeValue> key) {
        Versioned v = storage.get(Space.ITEMS, storageKey(table, key));
        if (v == null) return null;
        Map<String, AttributeValue> item = ItemCodec.decode(v.bytes(), v.offset());
        return new Stored(item, v.version(), ItemSize.of(item));
    }

    /** The stored form of an item (decode it, or copy it out with ItemCodec.visit), or null when absent. */
    public StoredBytes readStored(TableRef table, Map<String, AttributeValue> key) {
        Versioned v = storage.get(Space.ITEMS, storageKey(table, key));
        return v == null ? null : new StoredBytes(v.bytes(), v.offset());
    }

    /** An item in its stored encoding: {@code bytes} from {@code offset} to the end (see {@link io.basalt.model.ItemCodec}). */
    public record StoredBytes(byte[] bytes, int offset) {}

    /**
     * Applies a mutation atomically. The key is locked before it is read (engines that lock), so the
     * commit needs no second read; engines without locks retry on concurrent changes.
     */
    public WriteOutcome write(TableRef table, Map<String, AttributeValue> key, ItemMutation mutation) {
        byte[] storageKey = storageKey(table, key);
        int slot = enter();
        try (HeldKey held = storage.lockForWrite(Space.ITEMS, storageKey)) {
            return write(table, storageKey, mutation, held);
        } finally {
            exit(slot);
        }
    }

    private WriteOutcome write(TableRef table, byte[] storageKey, ItemMutation mutation, HeldKey held) {
        // the store's guess of the item spares the read; only a commit proves it (StorageEngine.guess)
        StorageEngine.Guess guess = storage.guess(Space.ITEMS, storageKey);
        for (int attempt = 0; ; attempt++) {
            boolean guessed = guess != null;
            Versioned current = guessed ? guess.current() : storage.get(Space.ITEMS, storageKey);
            guess = null;
            Map<String, AttributeValue> old = current == null ? null : ItemCodec.decode(current.bytes(), current.offset());
            Map<String, AttributeValue> next;
            try {
                next = mutation.apply(old);
            } catch (RuntimeException e) {
                if (guessed) continue; // a failed condition on a guess: read, then decide
                throw e;
            }
            if (next == old || next == null && old == null) {
                if (guessed) continue; // "nothing to change" would rest on the guess alone
                return new WriteOutcome(old, old, false);
            }
            long expected = current == null ? Mutation.EXPECT_ABSENT : current.version();
            WriteBatch batch = new WriteBatch();
            byte[] encoded = next == null ? null : ItemCodec.encode(next);
            if (next == null) {
                batch.delete(Space.ITEMS, storageKey, expected);
            } else {
                batch.put(Space.ITEMS, storageKey, encoded, expected);
            }
            for (ChangeContributor c : contributors) {
                c.contribute(table, old, next, batch);
            }
            try {
                commit(batch, held);
            } catch (VersionConflictException e) {
                for (ChangeContributor c : contributors) c.aborted();
                // as the service: a write meeting a transaction under way is refused, and the SDKs retry it
                if (e.heldByTransaction()) throw transactionConflict();
                if (attempt > 8) Thread.yield();
                continue;
            } catch (RuntimeException e) {
                for (ChangeContributor c : contributors) c.aborted();
                throw e;
            }
            // sizes from the stored forms: cheaper than walking the decoded items' strings
            updateCounters(table, old == null ? -1 : ItemCodec.sizeOf(current.bytes(), current.offset()),
                    encoded == null ? -1 : ItemCodec.sizeOf(encoded, 0));
            for (ChangeContributor c : contributors) {
                c.committed(table, old, next);
            }
            return new WriteOutcome(old, next, true);
        }
    }

    /**
     * Writes items into a table that holds none of them yet (a restore), in one atomic batch with
     * their index entries and whatever else the contributors add.
     */
    public void load(TableRef table, List<Map<String, AttributeValue>> items) {
        load(table, items, null);
    }

    /**
     * {@link #load(TableRef, List)}, running {@code applied} (when not null) once every mutation of
     * the batch, index entries included, can be read (on an engine that applies some after the
     * commit, later than the return).
     */
    public void load(TableRef table, List<Map<String, AttributeValue>> items, Runnable applied) {
        int slot = enter();
        try {
            loadBatch(table, items, applied);
        } finally {
            exit(slot);
        }
    }

    private void loadBatch(TableRef table, List<Map<String, AttributeValue>> items, Runnable applied) {
        WriteBatch batch = new WriteBatch();
        if (applied != null) batch.whenApplied(applied);
        long[] sizes = new long[items.size()];
        for (int i = 0; i < items.size(); i++) {
            Map<String, AttributeValue> item = items.get(i);
            byte[] encoded = ItemCodec.encode(item);
            sizes[i] = ItemCodec.sizeOf(encoded, 0);
            batch.put(Space.ITEMS, storageKey(table, item), encoded, Mutation.EXPECT_ABSENT);
            for (ChangeContributor c : contributors) c.contribute(table, null, item, batch);
        }
        try {
            commit(batch, HeldKey.NONE);
        } catch (VersionConflictException | RuntimeException e) {
            for (ChangeContributor c : contributors) c.aborted();
            throw new IllegalStateException("loading items into " + table.name() + " failed: " + e.getMessage(), e);
        }
        for (int i = 0; i < items.size(); i++) {
            updateCounters(table, -1, sizes[i]);
            for (ChangeContributor c : contributors) c.committed(table, null, items.get(i));
        }
    }

    /** The service's answer to a single-item write on an item a transaction under way holds. */
    private static io.basalt.error.DynamoException transactionConflict() {
        return new io.basalt.error.DynamoException(io.basalt.error.ErrorType.TRANSACTION_CONFLICT, "Transaction is ongoing for the item");
    }

    /** Commits, and runs the batch's when-applied actions unless the engine runs them once it has applied it. */
    private void commit(WriteBatch batch, HeldKey held) throws VersionConflictException {
        storage.commit(batch, held);
        if (!storage.appliesAfterCommit()) batch.applied();
    }

    /** One item of a transaction: the mutation to apply, or null for a condition check only. */
    public record TxItem(TableRef table, Map<String, AttributeValue> key, ItemMutation mutation) {}

    /** Raised when a transaction lost a race on an item; {@code position} is its index in the transaction. */
    public static final class TxConflict extends RuntimeException {
        private final int position;

        public TxConflict(int position) {
            super("transaction conflict at item " + position, null, false, false);
            this.position = position;
        }

        public int position() {
            return position;
        }
    }

    /**
     * Applies several item changes atomically: every mutation (and condition check) is evaluated
     * on the versions read, then everything commits in one batch with those versions checked. A
     * mutation that throws aborts the whole transaction (the exception carries the position via
     * {@link TxFailure}) after every item was evaluated. When another writer changed an item in between, the transaction is
     * retried a few times and then refused with {@link TxConflict}.
     *
     * @return the outcome per item, in order
     */
    public List<WriteOutcome> transact(List<TxItem> items) {
        int slot = enter();
        try {
            return transactOnce(items);
        } finally {
            exit(slot);
        }
    }

    private List<WriteOutcome> transactOnce(List<TxItem> items) {
        for (int attempt = 0; ; attempt++) {
            WriteBatch batch = new WriteBatch();
            List<WriteOutcome> outcomes = new java.util.ArrayList<>(items.size());
            RuntimeException[] failures = null;
            int[] mutationItem = new int[items.size() * 2 + 16];
            boolean guessed = false;
            for (int i = 0; i < items.size(); i++) {
                TxItem t = items.get(i);
                byte[] key = storageKey(t.table(), t.key());
                // first attempt: the store's guess where it has one (the commit checks every version)
                StorageEngine.Guess guess = attempt == 0 ? storage.guess(Space.ITEMS, key) : null;
                guessed |= guess != null;
                Versioned current = guess != null ? guess.current() : storage.get(Space.ITEMS, key);
                Map<String, AttributeValue> old = current == null ? null : ItemCodec.decode(current.bytes(), current.offset());
                long expected = current == null ? Mutation.EXPECT_ABSENT : current.version();
                Map<String, AttributeValue> next;
                try {
                    next = t.mutation() == null ? old : t.mutation().apply(old);
                } catch (RuntimeException e) {
                    // keep evaluating: the service reports every failed action of the transaction
                    if (failures == null) failures = new RuntimeException[items.size()];
                    failures[i] = e;
                    outcomes.add(null);
                    continue;
                }
                int before = batch.mutations().size();
                if (t.mutation() == null || next == old || (next == null && old == null)) {
                    batch.add(Mutation.check(Space.ITEMS, key, expected));
                    outcomes.add(new WriteOutcome(old, old, false));
                } else {
                    if (next == null) batch.delete(Space.ITEMS, key, expected);
                    else batch.put(Space.ITEMS, key, ItemCodec.encode(next), expected);
                    try {
                        for (ChangeContributor c : contributors) c.contribute(t.table(), old, next, batch);
                    } catch (RuntimeException e) {
                        if (failures == null) failures = new RuntimeException[items.size()];
                        failures[i] = e;
                    }
                    outcomes.add(new WriteOutcome(old, next, true));
                }
                for (int m = before; m < batch.mutations().size(); m++) {
                    if (m >= mutationItem.length) mutationItem = java.util.Arrays.copyOf(mutationItem, m * 2);
                    mutationItem[m] = i;
                }
            }
            if (failures != null) {
                for (ChangeContributor c : contributors) c.aborted();
                if (guessed) continue; // a refusal must not rest on a guess: read every item, then decide
                throw new TxFailure(failures);
            }
            try {
                commit(batch, HeldKey.NONE);
            } catch (VersionConflictException e) {
                for (ChangeContributor c : contributors) c.aborted();
                if (attempt >= 4) throw new TxConflict(mutationItem[e.mutationIndex()]);
                Thread.yield();
                continue;
            }
            for (int i = 0; i < items.size(); i++) {
                WriteOutcome o = outcomes.get(i);
                if (!o.changed()) continue;
                updateCounters(items.get(i).table(), o.oldItem(), o.newItem());
                for (ChangeContributor c : contributors) c.committed(items.get(i).table(), o.oldItem(), o.newItem());
            }
            return outcomes;
        }
    }

    /**
     * Writes items that need no atomicity across them (BatchWriteItem's): in one atomic commit where
     * a batch is cheap (one log sync instead of one per item; all-or-nothing is stricter than the
     * service promises); on a store with {@link StorageEngine#partitionedCommits()} one commit per
     * partition, the partitions concurrently, since one commit across partitions would cost a
     * transaction. Items other writers keep changing are written one by one.
     *
     * @throws TxFailure when an item's write is refused (its position's failure)
     */
    public List<WriteOutcome> writeEach(List<TxItem> items) {
        if (!storage.partitionedCommits() || items.size() < 2) return writeTogether(items);
        Map<String, List<Integer>> partitions = new java.util.LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            byte[] key = storageKey(items.get(i).table(), items.get(i).key());
            String p = java.util.HexFormat.of().formatHex(key, 0, Math.min(KeyCodec.PREFIX_BYTES, key.length));
            partitions.computeIfAbsent(p, x -> new java.util.ArrayList<>()).add(i);
        }
        if (partitions.size() == 1) return writeTogether(items);
        WriteOutcome[] out = new WriteOutcome[items.size()];
        RuntimeException[] failures = null;
        // named as the request's worker threads: the store counts their statements with the request's
        try (var pool = java.util.concurrent.Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("basalt-worker-batch-", 0).factory())) {
            List<List<Integer>> groups = List.copyOf(partitions.values());
            List<java.util.concurrent.Future<List<WriteOutcome>>> done = new java.util.ArrayList<>();
            for (List<Integer> g : groups) done.add(pool.submit(() -> writeTogether(g.stream().map(items::get).toList())));
            RuntimeException other = null;
            for (int k = 0; k < groups.size(); k++) {
                List<Integer> g = groups.get(k);
                try {
                    List<WriteOutcome> o = done.get(k).get();
                    for (int j = 0; j < g.size(); j++) out[g.get(j)] = o.get(j);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof TxFailure refused) {
                        if (failures == null) failures = new RuntimeException[items.size()];
                        for (int j = 0; j < g.size(); j++) failures[g.get(j)] = refused.failures()[j];
                    } else if (other == null) {
                        other = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while writing a batch", e);
                }
            }
            if (other != null) throw other;
        }
        if (failures != null) throw new TxFailure(failures);
        return java.util.Arrays.asList(out);
    }

    /** One atomic commit of the items, or one by one while other writers keep changing them. */
    private List<WriteOutcome> writeTogether(List<TxItem> items) {
        try {
            return transact(items);
        } catch (TxConflict contended) {
            List<WriteOutcome> outcomes = new java.util.ArrayList<>(items.size());
            for (TxItem w : items) outcomes.add(write(w.table(), w.key(), w.mutation()));
            return outcomes;
        }
    }

    /** Transaction items refused (condition failed, invalid update): the failure per position, null where none. */
    public static final class TxFailure extends RuntimeException {
        private final RuntimeException[] failures;

        public TxFailure(RuntimeException[] failures) {
            super("transaction refused", null, false, false);
            this.failures = failures;
        }

        public RuntimeException[] failures() {
            return failures;
        }
    }

    /**
     * Reads several items as one consistent snapshot: read all, then confirm no version changed
     * (retrying otherwise), so no reader sees part of a transaction.
     */
    public List<Stored> readSnapshot(List<TxItem> items) {
        while (true) {
            List<Stored> out = new java.util.ArrayList<>(items.size());
            long[] versions = new long[items.size()];
            byte[][] keys = new byte[items.size()][];
            for (int i = 0; i < items.size(); i++) {
                keys[i] = storageKey(items.get(i).table(), items.get(i).key());
                Versioned v = storage.get(Space.ITEMS, keys[i]);
                versions[i] = v == null ? 0 : v.version();
                if (v == null) {
                    out.add(null);
                } else {
                    Map<String, AttributeValue> item = ItemCodec.decode(v.bytes(), v.offset());
                    out.add(new Stored(item, v.version(), ItemSize.of(item)));
                }
            }
            boolean stable = true;
            for (int i = 0; i < items.size() && stable; i++) {
                Versioned v = storage.get(Space.ITEMS, keys[i]);
                stable = (v == null ? 0 : v.version()) == versions[i];
            }
            if (stable) return out;
        }
    }

    private static void updateCounters(TableRef table, Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        updateCounters(table, old == null ? -1 : ItemSize.of(old), next == null ? -1 : ItemSize.of(next));
    }

    /** Item count and table size after a write; a size of -1 means no item (absent before, deleted after). */
    private static void updateCounters(TableRef table, long oldSize, long newSize) {
        long delta = 0;
        if (oldSize >= 0) {
            delta -= oldSize;
            if (newSize < 0) table.itemCount().decrementAndGet();
        }
        if (newSize >= 0) {
            delta += newSize;
            if (oldSize < 0) table.itemCount().incrementAndGet();
        }
        if (delta != 0) table.sizeBytes().addAndGet(delta);
    }
}
