package io.basalt.engine;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.index.IndexMaintainer;
import io.basalt.engine.item.ItemStore;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;

/**
 * DynamoDB semantics over a storage engine: the table catalog and item reads and writes (later
 * indexes, streams, capacity and transactions). One per server; shared by all operations.
 */
public final class Engine implements AutoCloseable {
    private final StorageEngine storage;
    private final TableCatalog catalog;
    private final ItemStore items;
    private final IndexMaintainer indexes;
    private final io.basalt.engine.stream.StreamRecorder streams;
    private final io.basalt.engine.replica.Replicator replicator;
    private final io.basalt.engine.stream.DeletedStreams deletedStreams;
    private final io.basalt.engine.ttl.TtlSweeper ttl;
    private final io.basalt.engine.capacity.CapacityMeter capacity;
    /** Settles capacity with the budgets other nodes share (a store of several nodes), else null. */
    private final io.basalt.engine.capacity.CapacityLeases capacityLeases;
    private final io.basalt.engine.query.PageReader pages;
    private final io.basalt.engine.query.LargeReads largeReads;
    private final io.basalt.engine.index.Backfills backfills;
    private final io.basalt.engine.vector.ExactVectorSearch vectorSearch;
    private final io.basalt.engine.vector.VectorBackfills vectorBackfills;
    private final Thread recount;
    private final TableCounts counts;
    private volatile boolean closed;
    private final io.basalt.engine.stream.StreamLabels streamLabels;
    private final io.basalt.engine.stream.KinesisDestinations kinesisDestinations;
    private final io.basalt.engine.backup.Backups backups;
    private final io.basalt.engine.backup.ContinuousBackups continuousBackups;
    /** How often history older than the recovery windows is dropped (real time). */
    private static final long PITR_TRIM_MILLIS = 60_000;

    private final TimeSettings times;
    private final StoreSecret secret;
    private final EngineSettings settings;

    public Engine(StorageEngine storage) {
        this(storage, EngineSettings.defaults());
    }

    public Engine(StorageEngine storage, TimeSettings times) {
        this(storage, EngineSettings.defaults().withTimes(times));
    }

    public Engine(StorageEngine storage, EngineSettings settings) {
        TimeSettings times = settings.times();
        this.settings = settings;
        this.storage = storage;
        this.secret = new StoreSecret(storage);
        this.times = times;
        this.capacity = new io.basalt.engine.capacity.CapacityMeter(settings.capacity(), settings.clock(), storage.sharedByNodes());
        this.capacityLeases = storage.sharedByNodes() ? new io.basalt.engine.capacity.CapacityLeases(storage, capacity).start() : null;
        this.catalog = new TableCatalog(storage, io.basalt.model.Arns.ACCOUNT_ID);
        this.items = new ItemStore(storage);
        this.largeReads = new io.basalt.engine.query.LargeReads(settings.largeReadSlots());
        this.pages = new io.basalt.engine.query.PageReader(storage, largeReads);
        this.indexes = new IndexMaintainer(catalog, storage).itemCollectionLimit(settings.itemCollectionLimitBytes());
        items.addContributor(indexes);
        this.streamLabels = new io.basalt.engine.stream.StreamLabels(settings.clock());
        this.kinesisDestinations = new io.basalt.engine.stream.KinesisDestinations(storage, settings.clock(), times.statusDelayMillis());
        this.streams = new io.basalt.engine.stream.StreamRecorder(catalog, storage, times.shardRolloverMillis(), settings.clock())
                .retention(settings.streamRetentionSeconds());
        items.addContributor(streams);
        this.replicator = new io.basalt.engine.replica.Replicator(catalog, storage, items, settings.clock());
        items.addContributor(replicator);
        replicator.recover();
        this.deletedStreams = new io.basalt.engine.stream.DeletedStreams(storage, streams, settings.clock());
        items.addContributor(new io.basalt.engine.ttl.ExpiryIndex(catalog));
        this.ttl = new io.basalt.engine.ttl.TtlSweeper(storage, catalog, items, streams, times.ttlSweepMillis(), settings.clock());
        this.backfills = new io.basalt.engine.index.Backfills(storage, catalog, indexes, settings.clock());
        this.continuousBackups = new io.basalt.engine.backup.ContinuousBackups(storage, catalog, items, settings.clock(),
                PITR_TRIM_MILLIS);
        // a shared store keeps the backups' data itself: any node restores what another backed up
        this.backups = new io.basalt.engine.backup.Backups(storage, catalog, items, settings.clock(),
                storage.sharedByNodes() ? io.basalt.engine.backup.BackupFiles.inStore(storage)
                        : settings.backupDir() == null ? io.basalt.engine.backup.BackupFiles.inMemory()
                        : io.basalt.engine.backup.BackupFiles.inDirectory(settings.backupDir()), continuousBackups);
        this.exports = new io.basalt.engine.transfer.Transfers<>(io.basalt.error.ErrorType.EXPORT_NOT_FOUND,
                // the service repeats its prefix (live, 2026-10-09: "Export not found: Export not found: ARN")
                "Export not found: Export not found: ", storage, "export/", io.basalt.engine.transfer.TransferCodec.EXPORTS);
        this.imports = new io.basalt.engine.transfer.Transfers<>(io.basalt.error.ErrorType.IMPORT_NOT_FOUND, "Import not found: ",
                storage, "import/", io.basalt.engine.transfer.TransferCodec.IMPORTS);
        ttl.start();
        // on a shared store one node recounts each table and publishes the figures (TableCounts)
        this.recount = Thread.ofVirtual().name("basalt-index-recount")
                .start(storage.sharedByNodes() ? () -> { } : this::recountIndexes);
        this.counts = new TableCounts(storage, catalog, indexes, settings.clock());
        backfills.resumeAll();
        this.vectorSearch = new io.basalt.engine.vector.ExactVectorSearch(storage);
        this.vectorBackfills = new io.basalt.engine.vector.VectorBackfills(catalog, vectorSearch, storage.sharedByNodes());
        vectorBackfills.resumeAll();
    }

    /** SearchVectors' exact k-NN search. */
    public io.basalt.engine.vector.ExactVectorSearch vectorSearch() {
        return vectorSearch;
    }

    /** The backfills of vector indexes (CREATING until a pass over the table's items is done). */
    public io.basalt.engine.vector.VectorBackfills vectorBackfills() {
        return vectorBackfills;
    }

    /** Index item counts and sizes are live counters; this seeds them from what is stored. */
    private void recountIndexes() {
        try {
            for (TableCatalog.Entry e : catalog.all()) {
                if (closed) return;
                java.util.List<IndexDefinition> all = new java.util.ArrayList<>(e.definition().localIndexes());
                all.addAll(e.definition().globalIndexes());
                for (IndexDefinition i : all) {
                    try (StorageCursor c = storage.scan(Space.INDEXES, KeyCodec.tablePrefix(i.indexId()), KeyCodec.tableEnd(i.indexId()), false)) {
                        while (c.next()) indexes.count(i.indexId(), ItemCodec.decode(c.valueBytes(), c.valueOffset()));
                    }
                }
            }
        } catch (RuntimeException closing) {
            // the store was closed during start-up; counts are advisory
        }
    }

    public io.basalt.engine.stream.StreamRecorder streams() {
        return streams;
    }

    /** Item counts and sizes of tables and indexes (DescribeTable). */
    public TableCounts counts() {
        return counts;
    }

    /** Capacity metering, partitions and throttling. */
    public io.basalt.engine.capacity.CapacityMeter capacity() {
        return capacity;
    }

    /**
     * The instance's one source of time: every DynamoDB-visible time (creation times, stream
     * records, TTL, status delays, capacity rules, iterator and token windows) is read from it.
     */
    /** The store's own key for what clients must hand back unaltered (shard iterators). */
    public byte[] storeSecret() {
        return secret.bytes();
    }

    public Clock clock() {
        return settings.clock();
    }

    /** Labels (hence ARNs) of newly enabled streams. */
    public io.basalt.engine.stream.StreamLabels streamLabels() {
        return streamLabels;
    }

    /** The settings this engine was started with. */
    public EngineSettings settings() {
        return settings;
    }

    public TimeSettings times() {
        return times;
    }

    public IndexMaintainer indexes() {
        return indexes;
    }

    /** The store below (for the engine's own parts and for tests; operations use the methods above). */
    /**
     * ClientRequestToken idempotency for one operation: remembered per node, or in the store when
     * several nodes share it.
     */
    public io.basalt.engine.transact.IdempotencyCache idempotencyTokens(String operation) {
        return io.basalt.engine.transact.IdempotencyCache.of(clock(), storage, operation);
    }

    /** Tables' Kinesis Data Streams destinations (none is ever delivered to: Basalt has no Kinesis). */
    public io.basalt.engine.stream.KinesisDestinations kinesisDestinations() {
        return kinesisDestinations;
    }

    public StorageEngine storage() {
        return storage;
    }

    /** Slots for building large responses (Scan/Query pages, BatchGetItem answers past 64 KB). */
    public io.basalt.engine.query.LargeReads largeReads() {
        return largeReads;
    }

    /** Pages of Query, Scan and PartiQL SELECT. */
    public io.basalt.engine.query.PageReader pages() {
        return pages;
    }

    /** Starts filling a global secondary index that UpdateTable created (in the background). */
    public void startBackfill(String account, String tableName, String indexName) {
        backfills.start(account, tableName, indexName);
    }

    /** Replication between the tables of global tables. */
    public io.basalt.engine.replica.Replicator replicator() {
        return replicator;
    }

    /** The streams of deleted tables, readable for 24 hours after the deletion. */
    public io.basalt.engine.stream.DeletedStreams deletedStreams() {
        return deletedStreams;
    }

    /**
     * Forgets everything held in memory for a deleted table (capacity, counters, stream state); its
     * streams stay readable for their retention period ({@code namespace}: where the table was).
     */
    public void tableDeleted(String namespace, io.basalt.engine.catalog.TableDefinition t) {
        if (t.stream().label() != null) deletedStreams.add(namespace, t);
        replicator.forget(t.id());
        tableDeleted(t);
    }

    /** Forgets everything held in memory for a deleted table (capacity, counters, stream state). */
    public void tableDeleted(io.basalt.engine.catalog.TableDefinition t) {
        capacity.dropped(t.id());
        indexes.forget(t);
        streams.forget(t);
        ttl.forgetTable(t.id());
        counts.forget(t.id());
        continuousBackups.forget(t);
    }

    /** The GSI backfills under way (tests, diagnostics). */
    public io.basalt.engine.index.Backfills backfills() {
        return backfills;
    }

    /** Drops every entry of an index that UpdateTable deleted. */
    public void dropIndexEntries(long indexId) {
        storage.deleteRange(Space.INDEXES, KeyCodec.tablePrefix(indexId), KeyCodec.tableEnd(indexId));
    }

    /** The size of an item collection (the items of one partition key and their LSI entries), in bytes. */
    public long itemCollectionBytes(io.basalt.engine.catalog.TableDefinition table, io.basalt.model.AttributeValue partitionKey) {
        return io.basalt.engine.index.ItemCollections.sizeBytes(storage, table, partitionKey);
    }

    /**
     * The first (or, with {@code last}, the last) item stored in a hash range of a table or index
     * ({@code id} is a table or index id): one seek, so reports can show which keys a range holds.
     */
    public java.util.Map<String, io.basalt.model.AttributeValue> edgeItem(boolean index, long id, long hashFrom, long hashTo,
                                                                        boolean last) {
        byte[] from = KeyCodec.hashRangeStart(id, hashFrom);
        byte[] to = hashTo == -1L ? KeyCodec.tableEnd(id) : KeyCodec.hashRangeStart(id, hashTo + 1);
        try (StorageCursor c = storage.scan(index ? Space.INDEXES : Space.ITEMS, from, to, last)) {
            return c.next() ? ItemCodec.decode(c.valueBytes(), c.valueOffset()) : null;
        }
    }

    /** On-demand backups: create, list, delete, restore. */
    public io.basalt.engine.backup.Backups backups() {
        return backups;
    }

    private final io.basalt.engine.transfer.Transfers<io.basalt.engine.transfer.ExportRecord> exports;
    private final io.basalt.engine.transfer.Transfers<io.basalt.engine.transfer.ImportRecord> imports;

    /**
     * Where exports are written and imports read: the S3-compatible store when one is configured,
     * else the export root's directories, else null (exports and imports refused).
     */
    public io.basalt.engine.transfer.ObjectStore objectStore() {
        if (settings().objectStore() != null) return settings().objectStore();
        return settings().exportRoot() == null ? null : new io.basalt.engine.transfer.LocalDirectoryStore(settings().exportRoot());
    }

    /** The exports made by this instance (DescribeExport, ListExports). */
    public io.basalt.engine.transfer.Transfers<io.basalt.engine.transfer.ExportRecord> exports() {
        return exports;
    }

    /** The imports made by this instance (DescribeImport, ListImports). */
    public io.basalt.engine.transfer.Transfers<io.basalt.engine.transfer.ImportRecord> imports() {
        return imports;
    }

    /** Continuous backups (point-in-time recovery): settings, history, restores. */
    public io.basalt.engine.backup.ContinuousBackups continuousBackups() {
        return continuousBackups;
    }

    public TableCatalog catalog() {
        return catalog;
    }

    public ItemStore items() {
        return items;
    }

    public io.basalt.engine.ttl.TtlSweeper ttl() {
        return ttl;
    }

    /**
     * Stops and joins every background thread (backfills, the TTL sweeper with stream trimming and
     * rollover, the index recount), then closes the store: nothing of the engine runs on a closed
     * store. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        backfills.close();
        vectorBackfills.close();
        replicator.close();
        ttl.close();
        if (capacityLeases != null) capacityLeases.close();
        counts.close();
        continuousBackups.close();
        try {
            recount.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        storage.close();
    }
}
