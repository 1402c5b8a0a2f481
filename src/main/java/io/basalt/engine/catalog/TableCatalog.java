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
 * The durable set of tables. Definitions live in the CATALOG space ("table/NAME" → JSON) and in
 * memory; every change is a compare-and-set on the stored version, so concurrent CreateTable /
 * UpdateTable / DeleteTable of one table never lose each other's changes.
 *
 * <p>Item counts and sizes are live counters, recounted by a background scan at start-up (the
 * service itself only refreshes them about every six hours).
 */
public final class TableCatalog {
    private static final String TABLE_PREFIX = "table/";
    private static final byte[] NEXT_ID_KEY = "meta/next-id".getBytes(StandardCharsets.UTF_8);

    /** A table as the engine holds it: definition, its catalog version, and live counters. */
    public record Entry(TableDefinition definition, long version, TableRef ref) {}

    private final StorageEngine storage;
    private final Map<String, Entry> tables = new ConcurrentHashMap<>();

    public TableCatalog(StorageEngine storage) {
        this.storage = storage;
        byte[] from = key("");
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                TableDefinition t = TableDefinitionCodec.decode(c.value());
                tables.put(t.name(), new Entry(t, c.version(), newRef(t)));
            }
        }
        if (!tables.isEmpty()) {
            Thread.ofVirtual().name("basalt-recount").start(this::recountAll);
        }
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

    private static byte[] key(String name) {
        return (TABLE_PREFIX + name).getBytes(StandardCharsets.UTF_8);
    }

    /** The table, or null. */
    public Entry find(String name) {
        return tables.get(name);
    }

    /** The table, or ResourceNotFoundException with the given message. */
    public Entry require(String name, String notFoundMessage) {
        Entry e = tables.get(name);
        if (e == null) throw DynamoException.resourceNotFound(notFoundMessage);
        return e;
    }

    /** Table names in the service's order (sorted by UTF-16 code units, like the service's listing). */
    public List<String> names() {
        return new ArrayList<>(new TreeMap<>(tables).keySet());
    }

    public int size() {
        return tables.size();
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

    /** Adds a table; ResourceInUseException when the name is taken. */
    public Entry create(TableDefinition t) {
        if (tables.containsKey(t.name())) throw tableExists(t.name());
        try {
            long version = storage.commit(new WriteBatch().put(Space.CATALOG, key(t.name()),
                    TableDefinitionCodec.encode(t), Mutation.EXPECT_ABSENT));
            Entry e = new Entry(t, version, newRef(t));
            if (tables.putIfAbsent(t.name(), e) != null) throw tableExists(t.name());
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
    public Entry update(String name, String notFoundMessage, UnaryOperator<TableDefinition> change) {
        while (true) {
            Entry cur = require(name, notFoundMessage);
            TableDefinition next = change.apply(cur.definition());
            try {
                long version = storage.commit(new WriteBatch().put(Space.CATALOG, key(name),
                        TableDefinitionCodec.encode(next), cur.version()));
                Entry e = new Entry(next, version, cur.ref());
                if (tables.replace(name, cur, e)) return e;
            } catch (VersionConflictException ex) {
                reload(name);
            }
        }
    }

    private void reload(String name) {
        Versioned v = storage.get(Space.CATALOG, key(name));
        Entry cur = tables.get(name);
        if (v == null) {
            if (cur != null) tables.remove(name, cur);
        } else if (cur != null) {
            tables.replace(name, cur, new Entry(TableDefinitionCodec.decode(v.value()), v.version(), cur.ref()));
        }
    }

    /**
     * Removes a table after {@code check} approves its current definition, then drops its data.
     * Returns the removed entry.
     */
    public Entry delete(String name, String notFoundMessage, java.util.function.Consumer<TableDefinition> check) {
        while (true) {
            Entry cur = require(name, notFoundMessage);
            check.accept(cur.definition());
            try {
                storage.commit(new WriteBatch().delete(Space.CATALOG, key(name), cur.version()));
            } catch (VersionConflictException ex) {
                reload(name);
                continue;
            }
            tables.remove(name, cur);
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
