package io.basalt.engine.replica;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ChangeContributor;
import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replication between the tables of a global table (version 2019.11.21, multi-Region eventual
 * consistency): every committed change of a replica is applied, asynchronously, to the other
 * replicas through their own write path (so their indexes and streams see it as the service's do).
 * Conflicts are settled by the last writer, as the service's MREC mode: each item of a replicated
 * table carries, in the ITEM_META space, the time of its last write and the namespace that made it,
 * in the same batch as the write (an engine keeps it with the item, so a replicated write that
 * finds the item deleted also finds the delete's stamp); a replicated change older than what the
 * target holds is dropped.
 *
 * <p>The queue of changes still to apply is held in memory, and each queued change also leaves a
 * pending mark in the META space, written in the write's own batch and removed once every replica
 * has the change: a server that stops (or is killed) before applying them applies the marked
 * changes when it starts again ({@link #recover}), with the item as it is then and its stamp.
 *
 * <p>On a store shared by several Basalt nodes a node that stops may never start again while the
 * others go on: every node also looks at the pending marks every few seconds ({@link #sweepEvery})
 * and replays those it found unchanged the time before (a live node settles its own within
 * milliseconds). A change replayed by two nodes, or by one while its own node still applies it, is
 * written once: a target holding the change's stamp and item already is left alone.
 */
public final class Replicator implements ChangeContributor, AutoCloseable {
    /** Where earlier versions kept the stamps, in META (only dropped now, with a deleted table's). */
    private static final byte[] TIME_PREFIX = "replica-time/".getBytes(StandardCharsets.UTF_8);
    /** The name of the stamp entry after its item's key in ITEM_META. */
    private static final byte[] STAMP_NAME = "replica-time".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PENDING_PREFIX = "replica-pending/".getBytes(StandardCharsets.UTF_8);
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Replicator.class);

    /** A change to carry to the other replicas: the item (null: deleted), when and where it was written. */
    private record Change(String name, List<TableDefinition.Replica> targets, Map<String, AttributeValue> key,
                          Map<String, AttributeValue> item, long millis, String origin, byte[] pendingKey) {}

    /** Set while a replicated change is applied: its write time and origin go with it. */
    private record Applying(long millis, String origin) {}

    private final TableCatalog catalog;
    private final StorageEngine storage;
    private final ItemStore items;
    private final Clock clock;
    private final ThreadLocal<Applying> applying = new ThreadLocal<>();
    private final ThreadLocal<List<Change>> pending = ThreadLocal.withInitial(ArrayList::new);
    private final LinkedBlockingQueue<Change> queue = new LinkedBlockingQueue<>();
    /** Changes taken but not yet applied plus those queued (tests and diagnostics wait for 0). */
    private final AtomicLong outstanding = new AtomicLong();
    private final Thread worker;
    private final Thread sweeper;
    private volatile long sweepMillis = 10_000;
    /** The pending keys of the changes this node has queued and not yet applied (with how many of each): a sweep leaves them to it. */
    private final java.util.concurrent.ConcurrentHashMap<ByteBuffer, Integer> inFlight = new java.util.concurrent.ConcurrentHashMap<>();
    /** The pending marks (key to mark) the last sweep found: replayed when the next finds them unchanged. */
    private Map<ByteBuffer, ByteBuffer> lastSwept = Map.of();

    public Replicator(TableCatalog catalog, StorageEngine storage, ItemStore items, Clock clock) {
        this.catalog = catalog;
        this.storage = storage;
        this.items = items;
        this.clock = clock;
        this.worker = Thread.ofVirtual().name("basalt-replication").start(this::run);
        this.sweeper = storage.sharedByNodes() ? Thread.ofPlatform().daemon().name("basalt-replication-sweep").start(this::sweep) : null;
    }

    /** How often the pending marks are looked at on a shared store (tests shorten it). */
    public Replicator sweepEvery(long millis) {
        sweepMillis = millis;
        return this;
    }

    private void sweep() {
        while (true) {
            try {
                Thread.sleep(sweepMillis);
                sweepOnce();
            } catch (InterruptedException stop) {
                return;
            } catch (RuntimeException unavailable) {
                LOG.debug("pending replication marks not read: {}", unavailable.toString());
            }
        }
    }

    /** Replays the marks found unchanged since the last sweep: their change is stuck (its node stopped, or applying it failed). */
    private void sweepOnce() {
        Map<ByteBuffer, ByteBuffer> now = new java.util.HashMap<>();
        List<Change> stuck = new ArrayList<>();
        forEachMark((pendingKey, mark) -> {
            ByteBuffer k = ByteBuffer.wrap(pendingKey), v = ByteBuffer.wrap(mark);
            if (inFlight.containsKey(k)) return; // this node applies it (a backlog, not a stopped node)
            if (v.equals(lastSwept.get(k))) {
                Change c = replay(pendingKey, mark);
                if (c != null) stuck.add(c);
            } else {
                now.put(k, v);
            }
        });
        lastSwept = now;
        queueAll(stuck);
        if (!stuck.isEmpty()) LOG.info("replicating {} changes whose pending marks stayed (a node stopped, or applying failed)", stuck.size());
    }

    @Override
    public void contribute(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, WriteBatch batch) {
        TableCatalog.Entry e = catalog.byId(table.tableId());
        if (e == null || !e.definition().global()) return;
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        Map<String, AttributeValue> key = e.definition().keys().keyOf(any);
        Applying a = applying.get();
        long millis = a != null ? a.millis() : clock.millis();
        String origin = a != null ? a.origin() : e.account();
        batch.put(Space.ITEM_META, timeKey(table, key), stamp(millis, origin), Mutation.EXPECT_ANY);
        if (a == null) {
            byte[] pendingKey = pendingKey(table, key);
            batch.put(Space.META, pendingKey, pendingMark(table.tableId(), millis, origin, key), Mutation.EXPECT_ANY);
            pending.get().add(new Change(table.name(), e.definition().replicas(), key, newItem, millis, origin, pendingKey));
        }
    }

    @Override
    public void aborted() {
        pending.get().clear();
    }

    @Override
    public void committed(TableRef table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        List<Change> mine = pending.get();
        if (mine.isEmpty()) return;
        queueAll(mine);
        mine.clear();
    }

    private void run() {
        while (true) {
            Change c;
            try {
                c = queue.take();
            } catch (InterruptedException stop) {
                return;
            }
            try {
                for (TableDefinition.Replica target : c.targets()) apply(c, target.namespace());
                settled(c);
            } catch (RuntimeException ex) {
                // a store closing under us: the pending mark stays, the next start applies the change
                LOG.warn("replicating a change of {} failed: {}", c.name(), ex.toString());
            } finally {
                inFlight.computeIfPresent(ByteBuffer.wrap(c.pendingKey()), (k, n) -> n == 1 ? null : n - 1);
                outstanding.decrementAndGet();
            }
        }
    }

    /** Removes the change's pending mark unless a later change of the item has marked it again. */
    private void settled(Change c) {
        Versioned mark = storage.get(Space.META, c.pendingKey());
        if (mark == null) return;
        ByteBuffer b = ByteBuffer.wrap(mark.value());
        b.getLong(); // table id
        long millis = b.getLong();
        String origin = readString(b);
        if (millis != c.millis() || !origin.equals(c.origin())) return;
        removeMark(c.pendingKey(), mark.version());
    }

    /** Removes a pending mark if it still has {@code version} (or any, with EXPECT_ANY). */
    private void removeMark(byte[] pendingKey, long version) {
        try {
            storage.commit(new WriteBatch().delete(Space.META, pendingKey, version));
        } catch (io.basalt.storage.VersionConflictException marked) {
            // the item was written again meanwhile: its own change removes the mark
        }
    }

    /**
     * Queues again the changes a previous run acknowledged but did not apply to every replica (their
     * pending marks): each item as it is now, with the stamp of its last write (last writer wins makes
     * a change applied twice harmless; a target may then record it twice in its stream).
     */
    public Replicator recover() {
        List<Change> found = new ArrayList<>();
        forEachMark((pendingKey, mark) -> {
            Change c = replay(pendingKey, mark);
            if (c != null) found.add(c);
        });
        queueAll(found);
        if (!found.isEmpty()) LOG.info("replicating {} changes a previous run left unapplied", found.size());
        return this;
    }

    private void forEachMark(java.util.function.BiConsumer<byte[], byte[]> each) {
        byte[] end = PENDING_PREFIX.clone();
        end[end.length - 1]++;
        try (StorageCursor c = storage.scan(Space.META, PENDING_PREFIX, end, false)) {
            while (c.next()) each.accept(c.key().clone(), c.value().clone());
        }
    }

    /** The change a pending mark stands for: the item as it is now, with its last write's stamp (null: its table is gone). */
    private Change replay(byte[] pendingKey, byte[] mark) {
        ByteBuffer b = ByteBuffer.wrap(mark);
        long tableId = b.getLong();
        b.getLong();
        readString(b);
        byte[] keyBytes = new byte[b.remaining()];
        b.get(keyBytes);
        Map<String, AttributeValue> key = ItemCodec.decode(keyBytes);
        TableCatalog.Entry e = catalog.byId(tableId);
        if (e == null || !e.definition().global()) {
            removeMark(pendingKey, Mutation.EXPECT_ANY);
            return null;
        }
        ItemStore.Stored now = items.read(e.ref(), key);
        Versioned stored = storage.get(Space.ITEM_META, timeKey(e.ref(), key));
        Stamp stamp = stored == null ? new Stamp(0, e.account()) : Stamp.read(stored);
        return new Change(e.definition().name(), e.definition().replicas(), key, now == null ? null : now.item(),
                stamp.millis(), stamp.origin(), pendingKey);
    }

    private void queueAll(List<Change> changes) {
        for (Change c : changes) {
            outstanding.incrementAndGet();
            inFlight.merge(ByteBuffer.wrap(c.pendingKey()), 1, Integer::sum);
            queue.add(c);
        }
    }

    /** Applies one change to the replica in {@code namespace} unless that replica holds a later write of the item. */
    private void apply(Change c, String namespace) {
        TableCatalog.Entry target = catalog.find(namespace, c.name());
        // the target left the group (or its table was replaced) since the change was made
        if (target == null || !isMember(target.definition(), c.origin())) return;
        write(target, c.key(), c.item(), c.millis(), c.origin());
    }

    private static boolean isMember(TableDefinition t, String namespace) {
        for (TableDefinition.Replica r : t.replicas()) if (r.namespace().equals(namespace)) return true;
        return false;
    }

    /** Writes the item (null: deletes it) into the target as a change made at {@code millis} in {@code origin}. */
    private void write(TableCatalog.Entry target, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
                       long millis, String origin) {
        byte[] timeKey = timeKey(target.ref(), key);
        applying.set(new Applying(millis, origin));
        try {
            items.write(target.ref(), key, current -> {
                // the stamp commits with the item (ITEM_META): read next to it, it is the item's
                Versioned stored = storage.get(Space.ITEM_META, timeKey);
                return laterThan(stored, millis, origin) || alreadyApplied(stored, millis, origin, current, item) ? current : item;
            });
        } finally {
            applying.remove();
        }
    }

    /**
     * Whether the target holds this very change already: its stamp and the item. A change is applied
     * again when two nodes replay one pending mark (on a shared store every node starting replays the
     * marks it finds, some perhaps queued by a live node too); writing it again would add a record
     * to the target's stream that the service never shows.
     */
    private static boolean alreadyApplied(Versioned stored, long millis, String origin, Map<String, AttributeValue> current,
                                          Map<String, AttributeValue> item) {
        if (stored == null) return false;
        Stamp s = Stamp.read(stored);
        return s.millis() == millis && s.origin().equals(origin) && java.util.Objects.equals(current, item);
    }

    /** An item's last write: when, and in which namespace. */
    private record Stamp(long millis, String origin) {
        static Stamp read(Versioned stored) {
            ByteBuffer b = ByteBuffer.wrap(stored.value());
            long at = b.getLong();
            return new Stamp(at, StandardCharsets.UTF_8.decode(b).toString());
        }
    }

    /** Whether the stored stamp is a later write than (millis, origin); ties go to the greater origin. */
    private static boolean laterThan(Versioned stored, long millis, String origin) {
        if (stored == null) return false;
        Stamp s = Stamp.read(stored);
        return s.millis() != millis ? s.millis() > millis : s.origin().compareTo(origin) > 0;
    }

    private static byte[] stamp(long millis, String origin) {
        byte[] o = origin.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(8 + o.length).putLong(millis).put(o).array();
    }

    /** The ITEM_META key of an item's last write stamp (the layout {@link Space#ITEM_META} asks for). */
    private static byte[] timeKey(TableRef table, Map<String, AttributeValue> key) {
        byte[] item = ItemStore.storageKey(table, key);
        return ByteBuffer.allocate(8 + 4 + item.length + STAMP_NAME.length).putLong(table.tableId()).putInt(item.length)
                .put(item).put(STAMP_NAME).array();
    }

    /** The META key of an item's pending mark: its own prefix, then the item's storage key. */
    private static byte[] pendingKey(TableRef table, Map<String, AttributeValue> key) {
        return pendingPrefixed(ItemStore.storageKey(table, key));
    }

    private static byte[] pendingPrefixed(byte[] k) {
        byte[] out = new byte[PENDING_PREFIX.length + k.length];
        System.arraycopy(PENDING_PREFIX, 0, out, 0, PENDING_PREFIX.length);
        System.arraycopy(k, 0, out, PENDING_PREFIX.length, k.length);
        return out;
    }

    /** A pending mark: the table id, the change's stamp, and the item's key (to find it again at start). */
    private static byte[] pendingMark(long tableId, long millis, String origin, Map<String, AttributeValue> key) {
        byte[] o = origin.getBytes(StandardCharsets.UTF_8);
        byte[] k = ItemCodec.encode(key);
        return ByteBuffer.allocate(8 + 8 + 4 + o.length + k.length).putLong(tableId).putLong(millis)
                .putInt(o.length).put(o).put(k).array();
    }

    private static String readString(ByteBuffer b) {
        byte[] s = new byte[b.getInt()];
        b.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    private static byte[] prefixed(byte[] k) {
        byte[] out = new byte[TIME_PREFIX.length + k.length];
        System.arraycopy(TIME_PREFIX, 0, out, 0, TIME_PREFIX.length);
        System.arraycopy(k, 0, out, TIME_PREFIX.length, k.length);
        return out;
    }

    /**
     * Fills a new replica with the items of the table it was added from, each as a replicated write
     * of its last write time: a change made meanwhile (already queued for the new replica) is later
     * and wins whichever is applied first.
     */
    public void fill(TableCatalog.Entry source, TableCatalog.Entry target) {
        long id = source.definition().id();
        try (StorageCursor c = storage.scan(Space.ITEMS, KeyCodec.tablePrefix(id), KeyCodec.tableEnd(id), false)) {
            while (c.next()) {
                Map<String, AttributeValue> item = ItemCodec.decode(c.valueBytes(), c.valueOffset());
                Map<String, AttributeValue> key = source.definition().keys().keyOf(item);
                Versioned stored = storage.get(Space.ITEM_META, timeKey(source.ref(), key));
                Stamp stamp = stored == null ? new Stamp(0, source.account()) : Stamp.read(stored);
                write(target, key, item, stamp.millis(), stamp.origin());
            }
        }
    }

    /** Drops the write times and pending marks of a deleted table's items. */
    public void forget(long tableId) {
        storage.deleteRange(Space.ITEM_META, KeyCodec.tablePrefix(tableId), KeyCodec.tableEnd(tableId));
        // where stamps were kept before ITEM_META (stores written by earlier versions)
        storage.deleteRange(Space.META, prefixed(KeyCodec.tablePrefix(tableId)), prefixed(KeyCodec.tableEnd(tableId)));
        storage.deleteRange(Space.META, pendingPrefixed(KeyCodec.tablePrefix(tableId)), pendingPrefixed(KeyCodec.tableEnd(tableId)));
    }

    /** Waits (at most {@code millis}) until every change committed so far has been applied; true when none is left. */
    public boolean awaitIdle(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (outstanding.get() > 0) {
            if (System.nanoTime() > end) return false;
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        if (sweeper != null) sweeper.interrupt();
        worker.interrupt();
        try {
            worker.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
