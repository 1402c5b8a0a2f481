package io.basalt.engine.backup;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.TableDefinitionCodec;
import io.basalt.engine.item.ItemStore;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.StorageSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * On-demand backups of tables: CreateBackup takes a consistent snapshot of one table's items (a
 * storage snapshot, so writes going on meanwhile are either wholly in or wholly out; on an engine
 * without snapshots, the table's items at one time read from its item history,
 * {@link ContinuousBackups#itemsNow}), writes them
 * with the table's definition to the backup's files, then records the backup in the durable
 * catalog of backups. A restore creates a new table through the catalog and writes the items
 * through the item store, so every index entry is made by the same code as a PutItem's.
 */
public final class Backups {
    /** The service's limit on restores under way in an account. */
    public static final int MAX_CONCURRENT_RESTORES = 50;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final StorageEngine storage;
    private final TableCatalog tables;
    private final ItemStore items;
    private final Clock clock;
    private final BackupFiles files;
    private final BackupCatalog catalog;
    private final ContinuousBackups history;
    /** Tables (by id) with a backup being made, and backups (by ARN) being restored. */
    private final Set<Long> backingUp = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> restoring = new ConcurrentHashMap<>();
    private final AtomicInteger restores = new AtomicInteger();

    public Backups(StorageEngine storage, TableCatalog tables, ItemStore items, Clock clock, BackupFiles files,
                   ContinuousBackups history) {
        this.storage = storage;
        this.history = history;
        this.tables = tables;
        this.items = items;
        this.clock = clock;
        this.files = files;
        this.catalog = new BackupCatalog(storage);
    }

    private static DynamoException inUse() {
        return new DynamoException(ErrorType.BACKUP_IN_USE, "There is another ongoing conflicting backup control plane "
                + "operation on the table. The backup is either being created, deleted or restored to a table.");
    }

    /** BackupNotFoundException as the service words it. */
    public static DynamoException notFound(String arn) {
        return new DynamoException(ErrorType.BACKUP_NOT_FOUND, "Backup not found: " + arn);
    }

    /**
     * Backs up the account's table {@code tableName} (whose ARN is {@code tableArn}); returns the
     * backup, AVAILABLE (the data is complete and durable when this returns).
     */
    public BackupRecord create(String account, String tableName, String tableArn, String backupName) {
        return create(account, tableName, tableArn, backupName, BackupRecord.USER);
    }

    /**
     * The SYSTEM backup the service keeps of a table with point-in-time recovery when the table is
     * deleted ({@code <table>$DeletedTableBackup}, live 2026-10-09), taken before the deletion.
     */
    public BackupRecord createSystem(String account, String tableName, String tableArn) {
        return create(account, tableName, tableArn, tableName + "$DeletedTableBackup", BackupRecord.SYSTEM);
    }

    private BackupRecord create(String account, String tableName, String tableArn, String backupName, String type) {
        TableCatalog.Entry entry = tables.find(account, tableName);
        if (entry == null) throw new DynamoException(ErrorType.TABLE_NOT_FOUND, "Table not found: " + tableName);
        long tableId = entry.definition().id();
        if (!backingUp.add(tableId)) throw inUse();
        try {
            long now = clock.millis();
            // a SYSTEM backup's id ends in zeros (live: '<epoch-ms>-00000000')
            String id = String.format("%014d-%08x", now, BackupRecord.SYSTEM.equals(type) ? 0 : RANDOM.nextInt());
            String arn = tableArn + "/backup/" + id;
            long[] counts = new long[2]; // items, bytes
            TableDefinition table;
            // the definition as of the copy: a table's definition changes only by catalog commits
            table = entry.definition();
            TableCatalog.Entry current = tables.byId(tableId);
            if (current != null) table = current.definition();
            try (OutputStream out = files.createItems(id, TableDefinitionCodec.encode(table));
                 BackupItems.Writer w = new BackupItems.Writer(out)) {
                if (storage.snapshots()) {
                    try (StorageSnapshot snapshot = storage.snapshot();
                         StorageCursor c = snapshot.scan(Space.ITEMS, KeyCodec.tablePrefix(tableId), KeyCodec.tableEnd(tableId))) {
                        while (c.next()) add(w, c.valueBytes(), c.valueOffset(), counts);
                    }
                } else if (!history.itemsNow(current != null ? current : entry, item -> add(w, ItemCodec.encode(item), 0, counts))) {
                    throw inUse();
                }
            } catch (IOException | UncheckedIOException | DynamoException e) {
                files.delete(id);
                if (e instanceof DynamoException d) throw d;
                throw new UncheckedIOException("writing backup " + arn + " failed",
                        e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
            }
            long count = counts[0], size = counts[1];
            BackupRecord b = new BackupRecord(arn, id, backupName, account, tableArn, table.uuid(), now,
                    BackupRecord.AVAILABLE, type, size, count, table);
            catalog.put(b);
            return b;
        } finally {
            backingUp.remove(tableId);
        }
    }

    private static void add(BackupItems.Writer w, byte[] item, int offset, long[] counts) {
        try {
            w.add(item, offset);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        counts[0]++;
        counts[1] += ItemCodec.sizeOf(item, offset);
    }

    /** The account's backup with this ARN, or BackupNotFoundException. */
    public BackupRecord require(String account, String arn) {
        expire();
        BackupRecord b = catalog.find(arn);
        if (b == null || !b.account().equals(account)) throw notFound(arn);
        return b;
    }

    /** The account's backups, oldest first. */
    public List<BackupRecord> list(String account) {
        expire();
        List<BackupRecord> mine = new ArrayList<>();
        for (BackupRecord b : catalog.all()) if (b.account().equals(account)) mine.add(b);
        return mine;
    }

    /** Removes SYSTEM backups past their expiry (looked for whenever backups are read). */
    private void expire() {
        long now = clock.millis();
        for (BackupRecord b : catalog.all()) {
            if (b.expiryMillis() >= 0 && b.expiryMillis() <= now) {
                catalog.remove(b);
                files.delete(b.id());
            }
        }
    }

    /**
     * Deletes a backup and its files; returns it as DELETED. BackupInUseException while it is being
     * restored; a SYSTEM backup cannot be deleted (it expires).
     */
    public BackupRecord delete(String account, String arn) {
        BackupRecord b = require(account, arn);
        if (BackupRecord.SYSTEM.equals(b.type())) {
            throw DynamoException.validation("Invalid Request: User is not allowed to delete the system backup with arn " + b.arn()
                    + ". It will automatically expire on " + java.time.Instant.ofEpochMilli(b.expiryMillis()));
        }
        AtomicInteger r = restoring.get(arn);
        if (r != null && r.get() > 0) throw inUse();
        catalog.remove(b);
        files.delete(b.id());
        return b.withStatus(BackupRecord.DELETED);
    }

    /** Bytes a backup's files take on disk (or in memory). */
    public long storedBytes(BackupRecord b) {
        return files.diskBytes(b.id());
    }

    /**
     * Creates {@code target} (a new table: new ids, the restore summary set) in the account and
     * fills it with the backup's items; returns its catalog entry. TableAlreadyExistsException when
     * the name is taken, LimitExceededException past the concurrent restores the service allows.
     */
    public TableCatalog.Entry restore(String account, BackupRecord backup, TableDefinition target) {
        return restore(account, target, backup.arn(), loader -> load(backup, loader));
    }

    /**
     * Creates {@code target} in the account and lets {@code fill} write its items; {@code source}
     * names what is restored from (a backup ARN: DeleteBackup waits for no restore of it).
     * Shared by RestoreTableFromBackup and RestoreTableToPointInTime.
     */
    public TableCatalog.Entry restore(String account, TableDefinition target, String source,
                                      java.util.function.Consumer<ItemLoader> fill) {
        if (restores.incrementAndGet() > MAX_CONCURRENT_RESTORES) {
            restores.decrementAndGet();
            throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Only "
                    + MAX_CONCURRENT_RESTORES + " concurrent restores are allowed per account");
        }
        AtomicInteger mine = restoring.computeIfAbsent(source, k -> new AtomicInteger());
        mine.incrementAndGet();
        try {
            if (tables.find(account, target.name()) != null) throw tableExists(target.name());
            TableCatalog.Entry entry;
            try {
                entry = tables.create(account, target);
            } catch (DynamoException e) {
                if (e.type() == ErrorType.RESOURCE_IN_USE) throw tableExists(target.name());
                throw e;
            }
            ItemLoader loader = new ItemLoader(items, entry.ref());
            fill.accept(loader);
            loader.awaitApplied();
            return entry;
        } finally {
            mine.decrementAndGet();
            restores.decrementAndGet();
        }
    }

    private static DynamoException tableExists(String name) {
        return new DynamoException(ErrorType.TABLE_ALREADY_EXISTS, "Table already exists: " + name);
    }

    private void load(BackupRecord backup, ItemLoader into) {
        try (BackupItems.Reader r = new BackupItems.Reader(files.openItems(backup.id()))) {
            for (byte[] b = r.next(); b != null; b = r.next()) into.add(ItemCodec.decode(b, 0));
            into.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("reading backup " + backup.arn() + " failed", e);
        }
    }
}
