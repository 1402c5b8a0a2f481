package io.basalt.engine.catalog;

import io.basalt.engine.item.TableRef;
import io.basalt.error.DynamoException;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * The durable set of tables, each in the namespace of its account (two accounts may each have a
 * table "Orders"). Definitions live in the CATALOG space and in memory; every change is a
 * compare-and-set on the stored version, so concurrent CreateTable / UpdateTable / DeleteTable of one
 * table never lose each other's changes.
 *
 * <p>Storage keys: "table/NAME" for the default account (the only one before accounts existed, so
 * stores written then read unchanged), "table/ACCOUNT/NAME" for the others (a table name never
 * contains '/').
 *
 * <p>Item counts and sizes are live counters, recounted by a background scan at start-up (the
 * service itself only refreshes them about every six hours).
 */
public final class TableCatalog {
    private static final String TABLE_PREFIX = "table/";
    private static final byte[] NEXT_ID_KEY = "meta/next-id".getBytes(StandardCharsets.UTF_8);

    /** A table as the engine holds it: its account, definition, its catalog version, and live counters. */
    public record Entry(String account, TableDefinition definition, long version, TableRef ref) {}

    private final StorageEngine storage;
    private final String defaultAccount;
    /** By "ACCOUNT/NAME". */
    private final Map<String, Entry> tables = new ConcurrentHashMap<>();
    /** Table id → "ACCOUNT/NAME": the engine's own lookups (index maintenance, streams, TTL) go by id. */
    private final Map<Long, String> byId = new ConcurrentHashMap<>();

    /**
     * Whether other Basalt nodes change the catalog too (a shared store): then every lookup checks
     * the stored version, and listings re-read the stored catalog, so a table created, updated or
     * deleted through another node is seen at once.
     */
    private final boolean shared;

    /**
     * How long a definition confirmed against the store serves item reads and queries on a shared
     * store without being read again (one catalog read per table and node and second, instead of one
     * per read). Real time, not the engine's clock: it bounds how far behind another node's catalog
     * change such a read may be, which a manual clock standing still would not.
     */
    private static final long RECENT_NANOS = 1_000_000_000L;
    /** System.nanoTime() of each cached entry's last confirmation against the store, by "ACCOUNT/NAME". */
    private final Map<String, Long> confirmed = new ConcurrentHashMap<>();

    /** @param defaultAccount the account whose tables are stored under "table/NAME" */
    public TableCatalog(StorageEngine storage, String defaultAccount) {
        this.storage = storage;
        this.defaultAccount = defaultAccount;
        this.shared = storage.sharedByNodes();
        for (Entry e : stored()) put(e);
        // on a shared store one node recounts each table and publishes the figures (engine.TableCounts)
        if (!tables.isEmpty() && !shared) {
            Thread.ofVirtual().name("basalt-recount").start(this::recountAll);
        }
    }

    /** Every table as stored now (entries with fresh counters). */
    private List<Entry> stored() {
        List<Entry> out = new ArrayList<>();
        byte[] from = TABLE_PREFIX.getBytes(StandardCharsets.UTF_8);
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                String rest = new String(c.key(), StandardCharsets.UTF_8).substring(TABLE_PREFIX.length());
                int slash = rest.indexOf('/');
                String account = slash < 0 ? defaultAccount : rest.substring(0, slash);
                TableDefinition t = colocated(TableDefinitionCodec.decode(c.value()));
                out.add(new Entry(account, t, c.version(), newRef(t)));
            }
        }
        return out;
    }

    /** On a shared store: brings the whole cached catalog in line with the stored one. */
    private void syncAll() {
        if (!shared) return;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Entry e : stored()) {
            String q = qualified(e.account(), e.definition().name());
            seen.add(q);
            Entry cur = tables.get(q);
            if (cur == null || cur.version() != e.version()) adopt(q, cur, e);
        }
        for (Entry cur : List.copyOf(tables.values())) {
            String q = qualified(cur.account(), cur.definition().name());
            if (!seen.contains(q) && tables.remove(q, cur)) byId.remove(cur.definition().id(), q);
        }
    }

    /** Replaces the cached {@code cur} (or nothing) by the stored {@code e}, keeping the counters of the same table. */
    private void adopt(String q, Entry cur, Entry e) {
        TableRef ref = cur != null && cur.definition().id() == e.definition().id() ? cur.ref() : e.ref();
        Entry next = new Entry(e.account(), e.definition(), e.version(), ref);
        boolean done = cur == null ? tables.putIfAbsent(q, next) == null : tables.replace(q, cur, next);
        if (done) {
            if (cur != null && cur.definition().id() != next.definition().id()) byId.remove(cur.definition().id(), q);
            byId.put(next.definition().id(), q);
        }
    }

    private void put(Entry e) {
        tables.put(qualified(e.account(), e.definition().name()), e);
        byId.put(e.definition().id(), qualified(e.account(), e.definition().name()));
    }

    private static String qualified(String account, String name) {
        return account + "/" + name;
    }

    /** Tells the store where the table's LSI entries belong (with its items) before it reads or writes any. */
    private TableDefinition colocated(TableDefinition t) {
        for (var i : t.localIndexes()) storage.colocate(i.indexId(), t.id());
        return t;
    }

    private static TableRef newRef(TableDefinition t) {
        return new TableRef(t.name(), t.id(), t.keys(), new AtomicLong(), new AtomicLong());
    }

    private void recountAll() {
        for (Entry e : tables.values()) {
            long count = 0, bytes = 0;
            long id = e.definition().id();
            try (StorageCursor c = storage.scan(Space.ITEMS, KeyCodec.tablePrefix(id), KeyCodec.tableEnd(id), false)) {
                while (c.next()) {
                    count++;
                    bytes += ItemSize.of(ItemCodec.decode(c.valueBytes(), c.valueOffset()));
                }
            } catch (RuntimeException ex) {
                return; // the store closed under us during shutdown
            }
            e.ref().itemCount().addAndGet(count);
            e.ref().sizeBytes().addAndGet(bytes);
        }
    }

    private byte[] key(String account, String name) {
        String k = account.equals(defaultAccount) ? TABLE_PREFIX + name : TABLE_PREFIX + account + "/" + name;
        return k.getBytes(StandardCharsets.UTF_8);
    }

    /** The account's table, or null. */
    public Entry find(String account, String name) {
        if (shared) {
            try {
                refresh(account, name);
            } catch (DynamoException storeUnavailable) {
                // the store cannot confirm it now: the definition held serves (eventually consistent reads go on)
                if (tables.get(qualified(account, name)) == null) throw storeUnavailable;
            }
        }
        return tables.get(qualified(account, name));
    }

    /**
     * The account's table for an item read or query, or null: on a shared store the cached
     * definition when it was confirmed within the last second, else as {@link #find}. A table
     * changed or deleted through another node is seen by reads within a second (the service's own
     * table changes take effect asynchronously too); a table this node does not know is always
     * looked up, and writes always check ({@link #find}): a write with an old definition could miss
     * a new index or land in a deleted table.
     */
    public Entry findForRead(String account, String name) {
        if (shared) {
            String q = qualified(account, name);
            Long at = confirmed.get(q);
            Entry e = tables.get(q);
            if (e != null && at != null && System.nanoTime() - at < RECENT_NANOS) return e;
        }
        return find(account, name);
    }

    /** {@link #findForRead}, or ResourceNotFoundException with the given message. */
    public Entry requireForRead(String account, String name, String notFoundMessage) {
        Entry e = findForRead(account, name);
        if (e == null) throw DynamoException.resourceNotFound(notFoundMessage);
        return e;
    }

    /** The table with this storage id, or null (it was deleted). */
    public Entry byId(long tableId) {
        String q = byId.get(tableId);
        Entry e = q == null ? null : tables.get(q);
        return e == null || e.definition().id() != tableId ? null : e;
    }

    /** The account's table, or ResourceNotFoundException with the given message. */
    public Entry require(String account, String name, String notFoundMessage) {
        Entry e = find(account, name);
        if (e == null) throw DynamoException.resourceNotFound(notFoundMessage);
        return e;
    }

    /** The account's table names in the service's order (sorted by UTF-16 code units, like the service's listing). */
    public List<String> names(String account) {
        syncAll();
        TreeMap<String, Entry> mine = new TreeMap<>();
        for (Entry e : tables.values()) {
            if (e.account().equals(account)) mine.put(e.definition().name(), e);
        }
        return new ArrayList<>(mine.keySet());
    }

    /** Every table of every account (background work: TTL, backfills, metrics), by account then name. */
    public List<Entry> all() {
        syncAll();
        return new ArrayList<>(new TreeMap<>(tables).values());
    }

    /** How many tables the account has. */
    public int size(String account) {
        syncAll();
        int n = 0;
        for (Entry e : tables.values()) {
            if (e.account().equals(account)) n++;
        }
        return n;
    }

    /** A fresh, never-used storage id for a table or index. */
    public long allocateId() {
        while (true) {
            Versioned v = storage.get(Space.CATALOG, NEXT_ID_KEY);
            long next = v == null ? 1 : ByteBuffer.wrap(v.value()).getLong();
            byte[] after = ByteBuffer.allocate(8).putLong(next + 1).array();
            try {
                storage.commit(new WriteBatch().put(Space.CATALOG, NEXT_ID_KEY, after,
                        v == null ? Mutation.EXPECT_ABSENT : v.version()));
                return next;
            } catch (VersionConflictException e) {
                // another creator took it; take the next one
            }
        }
    }

    /** Adds a table to the account; ResourceInUseException when the name is taken there. */
    public Entry create(String account, TableDefinition t) {
        String q = qualified(account, t.name());
        if (find(account, t.name()) != null) throw tableExists(t.name());
        colocated(t); // before any node can see the table
        try {
            long version = storage.commit(new WriteBatch().put(Space.CATALOG, key(account, t.name()),
                    TableDefinitionCodec.encode(t), Mutation.EXPECT_ABSENT));
            Entry e = new Entry(account, t, version, newRef(t));
            if (shared) {
                tables.put(q, e); // a stale entry of a table deleted through another node goes
            } else if (tables.putIfAbsent(q, e) != null) {
                throw tableExists(t.name());
            }
            byId.put(t.id(), q);
            return e;
        } catch (VersionConflictException ex) {
            throw tableExists(t.name());
        }
    }

    private static DynamoException tableExists(String name) {
        return DynamoException.resourceInUse("Table already exists: " + name);
    }

    /**
     * Replaces a table's definition by {@code change(current)}, retrying when another change got in
     * between. The change may throw to refuse. Returns the new entry.
     */
    public Entry update(String account, String name, String notFoundMessage, UnaryOperator<TableDefinition> change) {
        String q = qualified(account, name);
        while (true) {
            Entry cur = require(account, name, notFoundMessage);
            TableDefinition next = change.apply(cur.definition());
            try {
                long version = storage.commit(new WriteBatch().put(Space.CATALOG, key(account, name),
                        TableDefinitionCodec.encode(next), cur.version()));
                Entry e = new Entry(account, next, version, cur.ref());
                // committed: this change is done whatever the cache holds now. On a shared store a
                // sync may have adopted this very write (or a later one) meanwhile; changing again
                // would apply the change twice (UpdateTimeToLive answered "already enabled").
                tables.computeIfPresent(q, (k, now) -> now == cur
                        || (now.definition().id() == next.id() && now.version() < version) ? e : now);
                return e;
            } catch (VersionConflictException ex) {
                refresh(account, name);
            }
        }
    }

    /** Re-reads one table's stored definition into the cache (a lost compare-and-set, or a shared store). */
    private void refresh(String account, String name) {
        String q = qualified(account, name);
        long asked = System.nanoTime();
        Versioned v = storage.get(Space.CATALOG, key(account, name));
        confirmed.put(q, asked);
        Entry cur = tables.get(q);
        if (v == null) {
            if (cur != null && tables.remove(q, cur)) byId.remove(cur.definition().id(), q);
        } else if (cur == null || cur.version() != v.version()) {
            TableDefinition t = colocated(TableDefinitionCodec.decode(v.value()));
            adopt(q, cur, new Entry(account, t, v.version(), newRef(t)));
        }
    }

    /**
     * Removes a table after {@code check} approves its current definition, then drops its data.
     * Returns the removed entry.
     */
    public Entry delete(String account, String name, String notFoundMessage, java.util.function.Consumer<TableDefinition> check) {
        String q = qualified(account, name);
        while (true) {
            Entry cur = require(account, name, notFoundMessage);
            check.accept(cur.definition());
            try {
                storage.commit(new WriteBatch().delete(Space.CATALOG, key(account, name), cur.version()));
            } catch (VersionConflictException ex) {
                refresh(account, name);
                continue;
            }
            tables.remove(q, cur);
            byId.remove(cur.definition().id(), q);
            dropData(cur.definition());
            return cur;
        }
    }

    private void dropData(TableDefinition t) {
        storage.deleteRange(Space.ITEMS, KeyCodec.tablePrefix(t.id()), KeyCodec.tableEnd(t.id()));
        for (IndexDefinition i : t.localIndexes()) {
            storage.deleteRange(Space.INDEXES, KeyCodec.tablePrefix(i.indexId()), KeyCodec.tableEnd(i.indexId()));
        }
        for (IndexDefinition i : t.globalIndexes()) {
            storage.deleteRange(Space.INDEXES, KeyCodec.tablePrefix(i.indexId()), KeyCodec.tableEnd(i.indexId()));
        }
    }
}
