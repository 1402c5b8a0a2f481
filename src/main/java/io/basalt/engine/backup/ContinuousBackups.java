package io.basalt.engine.backup;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.item.ItemStore;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Continuous backups (point-in-time recovery) of tables. Enabling takes a base copy of the table's
 * items into its history (after every write that could have missed the recording has finished),
 * then every change is recorded in its own batch by {@link ItemHistory}. A restore to time T scans
 * the history and keeps, per item, the newest entry made at or before T. Trimming keeps, per item,
 * the newest entry at or before the window's start (the rolled-forward base) and every later one.
 *
 * <p>The settings of each table ("pitr/&lt;table id&gt;" in the CATALOG space) say the recovery
 * period and since when the history is complete; an enable interrupted by a crash (its base copy
 * unfinished) is undone at start-up. On a store several nodes share (Cassandra) every node re-reads
 * the settings every {@link #REFRESH_MILLIS}, and a node changing them waits
 * {@link #PROPAGATION_MILLIS} before relying on the others (recording, or having stopped); the
 * history is also what on-demand backups are made from on an engine without snapshots
 * ({@link #itemsNow}).
 */
public final class ContinuousBackups implements AutoCloseable {
    public static final int DEFAULT_RECOVERY_DAYS = 35;
    private static final long DAY_MILLIS = 24L * 3600 * 1000;
    private static final String PREFIX = "pitr/";
    private static final int BATCH = 1000;
    /** Shared stores: how often each node re-reads the settings. */
    static final long REFRESH_MILLIS = 1000;
    /**
     * Shared stores: how long after a settings change every node's writes follow it (two refreshes,
     * and the writes other nodes had begun before theirs: those carry their own time stamps).
     */
    static final long PROPAGATION_MILLIS = 2500;
    /** Shared stores: how long another node's write may take from its time stamp to its commit. */
    static final long IN_FLIGHT_MILLIS = 1000;

    /** A table's recovery settings; {@code earliestMillis} is -1 while the base copy is being made. */
    record Settings(int periodDays, long earliestMillis) {}

    /** What DescribeContinuousBackups reports of a table; times are epoch millis (0 when disabled). */
    public record Status(boolean available, boolean enabled, int periodDays, long earliestMillis, long latestMillis) {}

    private final StorageEngine storage;
    private final TableCatalog tables;
    private final ItemStore items;
    private final Clock clock;
    private final ItemHistory history;
    private final boolean available;
    private final boolean shared;
    private final Map<Long, Settings> settings = new ConcurrentHashMap<>();
    /** Orders the settings' stored and cached copies (a refresh never undoes a newer local change). */
    private final Object settingsLock = new Object();
    private final Thread trimmer, refresher;
    private volatile boolean closed;

    public ContinuousBackups(StorageEngine storage, TableCatalog tables, ItemStore items, Clock clock, long trimEveryMillis) {
        this.storage = storage;
        this.tables = tables;
        this.items = items;
        this.clock = clock;
        this.history = new ItemHistory(clock);
        // every engine: snapshots or, failing them, history entries committed with their items (StorageEngine#snapshots)
        this.available = true;
        this.shared = storage.sharedByNodes();
        items.addContributor(history);
        load();
        this.trimmer = Thread.ofVirtual().name("basalt-pitr-trim").start(() -> repeat(trimEveryMillis, this::trimAll));
        this.refresher = shared ? Thread.ofVirtual().name("basalt-pitr-refresh").start(() -> repeat(REFRESH_MILLIS, this::refresh)) : null;
    }

    private Map<Long, Settings> stored() {
        Map<Long, Settings> out = new java.util.HashMap<>();
        byte[] from = PREFIX.getBytes(StandardCharsets.UTF_8);
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                long tableId = Long.parseLong(new String(c.key(), StandardCharsets.UTF_8).substring(PREFIX.length()));
                String[] v = new String(c.value(), StandardCharsets.UTF_8).split(",");
                out.put(tableId, new Settings(Integer.parseInt(v[0]), Long.parseLong(v[1])));
            }
        }
        return out;
    }

    private void load() {
        if (shared) { // another node may be enabling right now: nothing is undone, only followed
            refresh();
            return;
        }
        for (Map.Entry<Long, Settings> e : stored().entrySet()) {
            long tableId = e.getKey();
            if (e.getValue().earliestMillis() < 0 || tables.byId(tableId) == null) {
                dropAfterStart(tableId);
            } else {
                settings.put(tableId, e.getValue());
                history.record(tableId);
            }
        }
    }

    /** Shared stores: follows the settings other nodes wrote (recording what any node records). */
    private void refresh() {
        synchronized (settingsLock) {
            Map<Long, Settings> now = stored();
            for (Map.Entry<Long, Settings> e : now.entrySet()) {
                history.record(e.getKey());
                settings.put(e.getKey(), e.getValue());
            }
            for (Long tableId : settings.keySet()) {
                if (!now.containsKey(tableId)) {
                    settings.remove(tableId);
                    history.stopRecording(tableId);
                }
            }
        }
    }

    /** Shared stores: lets a settings change reach every node's writes. */
    private void awaitPropagation() {
        if (shared) sleep(PROPAGATION_MILLIS);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** An interrupted enable, or a table gone: forgets its settings and history (no writer runs yet). */
    private void dropAfterStart(long tableId) {
        storage.deleteRange(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId));
        commit(new WriteBatch().delete(Space.CATALOG, settingsKey(tableId), Mutation.EXPECT_ANY));
    }

    /** Whether the store can serve continuous backups (every engine can). */
    public boolean available() {
        return available;
    }

    public Status status(TableCatalog.Entry table) {
        Settings s = settings.get(table.definition().id());
        if (s == null || s.earliestMillis() < 0) return new Status(available, false, 0, 0, 0);
        long now = clock.millis();
        return new Status(true, true, s.periodDays(), earliest(s, now), now);
    }

    private static long earliest(Settings s, long now) {
        return Math.max(s.earliestMillis(), now - s.periodDays() * DAY_MILLIS);
    }

    /**
     * Enables (with a recovery period, null for the current or the default one) or disables
     * point-in-time recovery of a table; returns its status.
     */
    public synchronized Status update(TableCatalog.Entry table, boolean enable, Integer periodDays) {
        long tableId = table.definition().id();
        Settings current = settings.get(tableId);
        if (current != null && current.earliestMillis() < 0 && shared) current = null; // being copied, or left so by a crash: start over
        if (!enable) {
            if (current != null) disable(tableId);
            return status(table);
        }
        if (current != null) {
            int days = periodDays == null ? current.periodDays() : periodDays;
            put(tableId, new Settings(days, current.earliestMillis()));
            return status(table);
        }
        enable(table.definition(), periodDays == null ? DEFAULT_RECOVERY_DAYS : periodDays);
        return status(table);
    }

    private void enable(TableDefinition table, int days) {
        long tableId = table.id();
        // a history a crash left behind (shared stores: nothing drops it at start-up) must not mix with the new one
        if (shared) storage.deleteRange(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId));
        put(tableId, new Settings(days, -1));
        history.record(tableId);
        awaitPropagation();
        copyBase(tableId);
        // restorable from when the base copy was complete: changes made meanwhile are recorded too
        put(tableId, new Settings(days, clock.millis()));
    }

    /** Copies the table's items into its history, as of a time read first (recording has begun). */
    private void copyBase(long tableId) {
        // the base copy's time is read first: every change recorded from now on is at or after it
        long base = clock.millis();
        items.awaitEarlierWrites();
        awaitOtherNodes(); // and the other nodes' writes stamped before it, which the scan must see
        // a live scan: each item is read as some commit left it, and every later change is recorded newer
        try (StorageCursor c = storage.scan(Space.ITEMS, KeyCodec.tablePrefix(tableId), KeyCodec.tableEnd(tableId), false)) {
            WriteBatch batch = new WriteBatch();
            while (c.next()) {
                byte[] key = ItemHistory.key(tableId, c.key(), base, 0);
                batch.put(Space.HISTORY, key, ItemHistory.present(c.valueBytes(), c.valueOffset()), Mutation.EXPECT_ANY);
                if (batch.mutations().size() >= BATCH) {
                    commit(batch);
                    batch = new WriteBatch();
                }
            }
            if (!batch.mutations().isEmpty()) commit(batch);
        }
    }

    private void disable(long tableId) {
        if (shared) { // the others stop recording once the settings are gone; then the history goes
            synchronized (settingsLock) {
                commit(new WriteBatch().delete(Space.CATALOG, settingsKey(tableId), Mutation.EXPECT_ANY));
                settings.remove(tableId);
                history.stopRecording(tableId);
            }
            awaitPropagation();
            storage.deleteRange(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId));
            return;
        }
        history.stopRecording(tableId);
        items.awaitEarlierWrites();
        storage.deleteRange(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId));
        commit(new WriteBatch().delete(Space.CATALOG, settingsKey(tableId), Mutation.EXPECT_ANY));
        settings.remove(tableId);
    }

    /**
     * Gives {@code into} every item of the table as of one moment (now): an on-demand backup on an
     * engine without snapshots. With recovery on, that is the history at the latest restorable time;
     * otherwise the table is recorded just for this (its items copied into the history, as enabling
     * does, while its changes are recorded), the picture is read at a time after the copy, and the
     * history is dropped. False when the table's history is being made or dropped by someone else
     * (another node's backup or enable): the caller answers BackupInUseException.
     */
    public boolean itemsNow(TableCatalog.Entry table, Consumer<Map<String, AttributeValue>> into) {
        long tableId = table.definition().id();
        Settings s = settings.get(tableId);
        if (s != null && s.earliestMillis() >= 0) {
            itemsAt(table, clock.millis(), into);
            return true;
        }
        synchronized (this) {
            if (settings.containsKey(tableId) || !claim(tableId)) return false;
            try {
                awaitPropagation();
                copyBase(tableId);
                itemsAt(table, clock.millis(), into);
            } finally {
                disable(tableId);
            }
            return true;
        }
    }

    /** Records the table's changes for a backup: settings (0 days, not restorable), unless some exist. */
    private boolean claim(long tableId) {
        synchronized (settingsLock) {
            try {
                storage.commit(new WriteBatch().put(Space.CATALOG, settingsKey(tableId),
                        "0,-1".getBytes(StandardCharsets.UTF_8), Mutation.EXPECT_ABSENT));
            } catch (VersionConflictException e) {
                return false;
            }
            settings.put(tableId, new Settings(0, -1));
            history.record(tableId);
            return true;
        }
    }

    /** A deleted table's history goes with it. */
    public synchronized void forget(TableDefinition table) {
        if (settings.containsKey(table.id()) || history.recording(table.id())) disable(table.id());
    }

    private void put(long tableId, Settings s) {
        byte[] value = (s.periodDays() + "," + s.earliestMillis()).getBytes(StandardCharsets.UTF_8);
        synchronized (settingsLock) {
            commit(new WriteBatch().put(Space.CATALOG, settingsKey(tableId), value, Mutation.EXPECT_ANY));
            settings.put(tableId, s);
        }
    }

    private static byte[] settingsKey(long tableId) {
        return (PREFIX + tableId).getBytes(StandardCharsets.UTF_8);
    }

    private void commit(WriteBatch batch) {
        try {
            storage.commit(batch);
        } catch (VersionConflictException e) {
            throw new IllegalStateException("an unchecked write conflicted", e);
        }
    }

    /**
     * The restore time a request names, checked against the table's window: PointInTimeRecovery-
     * UnavailableException when recovery is off, InvalidRestoreTimeException outside the window.
     *
     * @param atMillis the requested time, or null for the latest restorable time
     */
    public long restoreTime(TableCatalog.Entry source, Long atMillis) {
        return pointInTime(source, atMillis, ErrorType.INVALID_RESTORE_TIME, "RestoreDateTime");
    }

    private static String second(long millis) {
        return java.time.Instant.ofEpochMilli(millis).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    }

    /**
     * {@link #restoreTime} for an export: InvalidExportTimeException outside the window, in the
     * service's words (live, 2026-10-09: "Export Time is invalid" for a time in the future or before
     * recovery was enabled).
     */
    public long exportTime(TableCatalog.Entry source, Long atMillis) {
        try {
            return pointInTime(source, atMillis, ErrorType.INVALID_EXPORT_TIME, "ExportTime");
        } catch (DynamoException e) {
            if (e.type() != ErrorType.INVALID_EXPORT_TIME) throw e;
            throw new DynamoException(ErrorType.INVALID_EXPORT_TIME, "Export Time is invalid");
        }
    }

    private long pointInTime(TableCatalog.Entry source, Long atMillis, ErrorType outside, String what) {
        Status s = status(source);
        if (!s.enabled()) {
            throw new DynamoException(ErrorType.POINT_IN_TIME_RECOVERY_UNAVAILABLE,
                    "Point in time recovery is not enabled for table '" + source.definition().name() + "'");
        }
        if (atMillis == null) return s.latestMillis();
        if (atMillis < s.earliestMillis() || atMillis > s.latestMillis()) {
            // the service's words (live, 2026-10-08): times to the second, in UTC
            throw new DynamoException(outside, what + " '" + second(atMillis) + "' must be within EarliestRestorableDateTime '"
                    + second(s.earliestMillis()) + "' and LatestRestorableDateTime '" + second(s.latestMillis()) + "'");
        }
        return atMillis;
    }

    /**
     * Gives {@code into} every item {@code source} held at {@code atMillis} (a time
     * {@link #restoreTime} accepted), in key order.
     */
    public void itemsAt(TableCatalog.Entry source, long atMillis, Consumer<Map<String, AttributeValue>> into) {
        long tableId = source.definition().id();
        awaitPast(atMillis);
        awaitOtherNodes();
        // writes begun before now have committed; later ones are stamped after atMillis. A live scan
        // (not a snapshot, which on the in-memory store would hold back the restore's own commits)
        // sees every entry stamped at or before atMillis.
        items.awaitEarlierWrites();
        boolean[] decided = {false};
        eachEntry(tableId, (c, key, firstOfItem) -> {
            if (firstOfItem) decided[0] = false;
            if (decided[0] || ItemHistory.millis(key) > atMillis) return;
            decided[0] = true;
            byte[] value = c.value();
            if (value[0] == ItemHistory.PRESENT) into.accept(ItemCodec.decode(value, 1));
        });
    }

    /** One item's change inside an incremental export's window. */
    public interface ChangeVisitor {
        /**
         * @param writeMillis when the item's last change in the window was made
         * @param oldItem the item as it was at the window's start (null: absent)
         * @param newItem the item as the window's last change left it (null: deleted)
         */
        void change(long writeMillis, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem);
    }

    /**
     * Gives {@code into}, in key order, every item changed in {@code [fromMillis, toMillis)}: its
     * state at {@code fromMillis} and after its last change before {@code toMillis}. An item created
     * and deleted inside the window is left out; the base copy made when recovery was enabled is a
     * state, not a change.
     */
    public void changesBetween(TableCatalog.Entry source, long fromMillis, long toMillis, ChangeVisitor into) {
        long tableId = source.definition().id();
        awaitPast(toMillis);
        awaitOtherNodes();
        items.awaitEarlierWrites();
        Object[] change = new Object[3]; // write millis (Long), new value, old value
        boolean[] oldDecided = {false};
        Runnable flush = () -> {
            if (change[0] != null) {
                byte[] n = (byte[]) change[1], o = (byte[]) change[2];
                Map<String, AttributeValue> newItem = n[0] == ItemHistory.PRESENT ? ItemCodec.decode(n, 1) : null;
                Map<String, AttributeValue> oldItem = o != null && o[0] == ItemHistory.PRESENT ? ItemCodec.decode(o, 1) : null;
                if (newItem != null || oldItem != null) into.change((Long) change[0], oldItem, newItem);
            }
            change[0] = change[1] = change[2] = null;
            oldDecided[0] = false;
        };
        eachEntry(tableId, (c, key, firstOfItem) -> {
            if (firstOfItem) flush.run();
            long m = ItemHistory.millis(key);
            if (m >= toMillis) return;
            if (m >= fromMillis && !ItemHistory.isBase(key)) {
                if (change[0] == null) {
                    change[0] = m;
                    change[1] = c.value();
                }
            } else if (!oldDecided[0]) {
                oldDecided[0] = true;
                change[2] = c.value();
            }
        });
        flush.run();
    }

    /** Sees one history entry; {@code firstOfItem} is true at the newest entry of each item. */
    private interface EntryVisitor {
        void visit(StorageCursor c, byte[] key, boolean firstOfItem);
    }

    /** Walks a table's history: items one after the other, each item's entries newest first. */
    private void eachEntry(long tableId, EntryVisitor visitor) {
        try (StorageCursor c = storage.scan(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId), false)) {
            byte[] group = null;
            int groupLength = 0;
            while (c.next()) {
                byte[] key = c.key();
                int length = ItemHistory.itemPartLength(key);
                boolean first = group == null || length != groupLength || !Arrays.equals(key, 0, length, group, 0, length);
                if (first) {
                    group = key;
                    groupLength = length;
                }
                visitor.visit(c, key, first);
            }
        }
    }

    /**
     * Waits (briefly) until the clock is past {@code millis}, so writes begun from now on are
     * stamped after it. A clock that stands still (tests' ManualClock) is not waited for.
     */
    private void awaitPast(long millis) {
        for (int i = 0; i < 20 && clock.millis() <= millis; i++) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Shared stores: other nodes' writes stamped before now may still be committing (this node's own
     * are awaited exactly); gives them a moment, as a bound on how long a write takes.
     */
    private void awaitOtherNodes() {
        if (shared) sleep(IN_FLIGHT_MILLIS);
    }

    /** Drops history older than every table's window; returns the entries removed. */
    public int trimAll() {
        int removed = 0;
        for (Map.Entry<Long, Settings> e : settings.entrySet()) {
            if (closed) break;
            if (e.getValue().earliestMillis() >= 0) removed += trim(e.getKey(), earliest(e.getValue(), clock.millis()));
        }
        return removed;
    }

    /** Per item: keeps every entry after {@code cutoff} and the newest at or before it (unless a deletion). */
    private int trim(long tableId, long cutoff) {
        int[] removed = {0};
        boolean[] baseSeen = {false};
        WriteBatch[] batch = {new WriteBatch()};
        eachEntry(tableId, (c, key, firstOfItem) -> {
            if (firstOfItem) baseSeen[0] = false;
            if (ItemHistory.millis(key) > cutoff) return;
            boolean base = !baseSeen[0] && c.value()[0] == ItemHistory.PRESENT;
            baseSeen[0] = true;
            if (base) return;
            batch[0].delete(Space.HISTORY, key, Mutation.EXPECT_ANY);
            removed[0]++;
            if (batch[0].mutations().size() >= BATCH) {
                commit(batch[0]);
                batch[0] = new WriteBatch();
            }
        });
        if (!batch[0].mutations().isEmpty()) commit(batch[0]);
        return removed[0];
    }

    /** Entries of a table's history (tests, diagnostics). */
    public long historyEntries(long tableId) {
        long n = 0;
        try (StorageCursor c = storage.scan(Space.HISTORY, ItemHistory.tablePrefix(tableId), ItemHistory.tableEnd(tableId), false)) {
            while (c.next()) n++;
        }
        return n;
    }

    /** Runs {@code pass} every {@code everyMillis} until closed (a failed pass: the store is briefly unavailable). */
    private void repeat(long everyMillis, Runnable pass) {
        while (!closed) {
            try {
                Thread.sleep(everyMillis);
                pass.run();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (closed) return;
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : new Thread[] {trimmer, refresher}) {
            if (t == null) continue;
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
