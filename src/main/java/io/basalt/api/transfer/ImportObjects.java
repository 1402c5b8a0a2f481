package io.basalt.api.transfer;

import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.engine.transfer.ObjectStore;
import io.basalt.engine.transfer.ObjectStoreException;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads an import's objects into its table: every object of the bucket whose key starts with
 * S3KeyPrefix (the error logs Basalt writes there left out), decompressed (NONE, GZIP, ZSTD) and
 * read as DYNAMODB_JSON lines, CSV records or Ion values; each item written as a PutItem writes it.
 * An item that cannot be imported is counted in ErrorCount and logged ({@link ImportErrorLog}).
 * ProcessedSizeBytes counts the uncompressed bytes read, as the service bills the uncompressed size.
 */
final class ImportObjects {
    /** Where Basalt writes an import's error log in the source bucket (see docs/backups.md). */
    static final String ERROR_LOG_PREFIX = "aws-dynamodb/imports/";
    private static final int MAX_ITEM_BYTES = 400 * 1024;
    /** Items written in one batch: a durable commit each, so the rate is not bound by one sync per item. */
    private static final int BATCH = 256;
    /** The service's outcome of an import with any refused item (live, 2026-10-09): FAILED, the valid items kept. */
    static final String ITEM_VALIDATION_ERROR = "ItemValidationError";
    static final String ITEM_VALIDATION_MESSAGE = "Some of the items failed validation checks and were not imported. "
            + "Please check CloudWatch error logs for more details.";

    private final Engine engine;
    private final ObjectStore store;
    private final ImportRecord r;
    private TableCatalog.Entry table;
    private final ImportErrorLog log;
    private long bytes, processed, imported, errors;
    private final List<Pending> pending = new java.util.ArrayList<>(BATCH);
    private final java.util.Set<java.nio.ByteBuffer> pendingKeys = new java.util.HashSet<>();

    ImportObjects(Engine engine, ObjectStore store, ImportRecord r) {
        this.engine = engine;
        this.store = store;
        this.r = r;
        this.log = new ImportErrorLog(r, engine.clock());
    }

    /**
     * Lists the source, creates the table (not when the bucket cannot be listed: the service then
     * creates none, while the description keeps the table's ARN and id) and reads every matching
     * object into it; returns the import as it finished. An empty listing is COMPLETED with an
     * empty table, as the service's.
     */
    ImportRecord load(java.util.function.Supplier<TableCatalog.Entry> createTable) {
        String prefix = r.keyPrefix() == null ? "" : r.keyPrefix();
        try {
            List<ObjectStore.ObjectInfo> objects = store.list(r.bucket(), prefix).stream()
                    .filter(o -> !o.key().startsWith(ERROR_LOG_PREFIX) && !o.key().endsWith("/")).toList();
            try {
                table = createTable.get();
            } catch (io.basalt.error.DynamoException taken) {
                // another import (or CreateTable) took the name meanwhile: the service's losers end so
                return r.finished(ImportRecord.FAILED, engine.clock().millis(), 0, 0, 0, 0, "TableAlreadyExists", taken.getMessage());
            }
            for (ObjectStore.ObjectInfo o : objects) loadObject(o.key());
            flush();
        } catch (ObjectStoreException refused) {
            return finish(ImportRecord.FAILED, refused.failureCode("S3ReadFailed"), refused.getMessage());
        } catch (IOException e) {
            return finish(ImportRecord.FAILED, "S3ReadFailed", "Reading " + r.bucket() + " failed: " + e.getMessage());
        }
        if (errors > 0) return finish(ImportRecord.FAILED, ITEM_VALIDATION_ERROR, ITEM_VALIDATION_MESSAGE);
        return finish(ImportRecord.COMPLETED, null, null);
    }

    private ImportRecord finish(String status, String code, String message) {
        if (table != null) flush();
        if (errors > 0) {
            try {
                store.put(r.bucket(), ERROR_LOG_PREFIX + r.arn().substring(r.arn().lastIndexOf('/') + 1) + ".json", log.bytes());
            } catch (IOException ignored) {
                // the counts still tell; the log is a convenience
            }
        }
        return r.finished(status, engine.clock().millis(), bytes, processed, imported, errors, code, message);
    }

    private InputStream decompressed(InputStream raw) throws IOException {
        return switch (r.compression()) {
            case "GZIP" -> new GZIPInputStream(raw, 1 << 16);
            case "ZSTD" -> new io.airlift.compress.zstd.ZstdInputStream(raw);
            default -> raw;
        };
    }

    private void loadObject(String key) throws IOException {
        try (InputStream raw = store.open(r.bucket(), key); InputStream in = new Counting(decompressed(raw))) {
            switch (r.format()) {
                case "ION" -> ion(key, in);
                default -> lines(key, in);
            }
        } catch (IOException | RuntimeException damaged) {
            if (damaged instanceof ObjectStoreException o) throw o;
            // a damaged object (bad compression): the rest of it is not read, as the service skips it;
            // the service counts it as one processed item in error
            processed++;
            errors++;
            log.add(key, -1, "The object could not be read: " + damaged.getMessage()
                    + ". Remainder of the object will not be processed.");
        }
    }

    private void lines(String key, InputStream in) throws IOException {
        boolean csv = r.format().equals("CSV");
        char delimiter = r.csvDelimiter() == null ? ',' : r.csvDelimiter().charAt(0);
        List<String> header = r.csvHeader();
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        long index = 0, lineNumber = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (line.isBlank()) continue;
            if (csv && header == null) {
                header = ImportLines.fields(line, delimiter);
                continue;
            }
            processed++;
            long itemIndex = index++;
            Map<String, AttributeValue> item = csv ? ImportLines.csv(header, ImportLines.fields(line, delimiter), table.definition())
                    : ImportLines.json(line);
            if (item == null && !csv) {
                // the service stops reading an object at a line it cannot parse (live: 10 lines, the 6th
                // unparsable: 6 processed, 5 imported, 1 error)
                refuse(key, itemIndex, lineNumber, "The line is not a DynamoDB JSON item ({\"Item\":{...}}). "
                        + "Remainder of the object will not be processed.");
                return;
            } else if (item == null) {
                refuse(key, itemIndex, lineNumber, "The CSV record does not match the header or a key attribute's type");
            } else {
                put(key, itemIndex, lineNumber, item);
            }
        }
    }

    private void ion(String key, InputStream in) throws IOException {
        IonReader reader = new IonReader(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
        long index = 0;
        while (true) {
            Map<String, AttributeValue> item;
            try {
                item = reader.nextItem();
            } catch (IOException bad) {
                processed++;
                refuse(key, index, reader.line(), "Ion line " + reader.line() + ": " + bad.getMessage()
                        + ". Remainder of the object will not be processed.");
                return;
            }
            if (item == null) return;
            processed++;
            put(key, index++, reader.line(), item);
        }
    }

    private void refuse(String key, long itemIndex, long lineNumber, String message) {
        errors++;
        log.add(key, itemIndex, lineNumber, message);
    }

    /** Writes one item as a PutItem would, or logs why it cannot be. */
    private void put(String key, long itemIndex, long lineNumber, Map<String, AttributeValue> item) {
        String problem = problem(item);
        if (problem == null && ItemCodec.encode(item).length > MAX_ITEM_BYTES) problem = "Item size has exceeded the maximum allowed size";
        if (problem != null) {
            refuse(key, itemIndex, lineNumber, problem);
            return;
        }
        // a key twice in one batch would be counted twice: the batch so far goes first
        if (!pendingKeys.add(java.nio.ByteBuffer.wrap(io.basalt.engine.item.ItemStore.storageKey(table.ref(), item)))) {
            flush();
            pendingKeys.add(java.nio.ByteBuffer.wrap(io.basalt.engine.item.ItemStore.storageKey(table.ref(), item)));
        }
        pending.add(new Pending(key, itemIndex, lineNumber, item));
        if (pending.size() == BATCH) flush();
    }

    /** An item read and checked, waiting for its batch. */
    private record Pending(String key, long itemIndex, long lineNumber, Map<String, AttributeValue> item) {}

    /**
     * Writes the waiting items in one atomic batch with their index entries (as a restore loads
     * them), or, when one of them is already in the table (a repeated key), one by one as PutItem
     * writes them, the later replacing the earlier.
     */
    private void flush() {
        if (pending.isEmpty()) return;
        try {
            engine.items().load(table.ref(), pending.stream().map(Pending::item).toList());
            imported += pending.size();
        } catch (RuntimeException repeatedKey) {
            for (Pending p : pending) {
                try {
                    engine.items().write(table.ref(), p.item(), current -> p.item());
                    imported++;
                } catch (RuntimeException refused) {
                    refuse(p.key(), p.itemIndex(), p.lineNumber(), refused.getMessage());
                }
            }
        }
        pending.clear();
        pendingKeys.clear();
    }

    /** Why PutItem would refuse the item (its key, or an index key), in PutItem's words; null when it would not. */
    private String problem(Map<String, AttributeValue> item) {
        try {
            table.definition().keys().validateItem(item);
            io.basalt.engine.index.IndexEntries.validate(table.definition(), item);
            return null;
        } catch (io.basalt.error.DynamoException refused) {
            return refused.getMessage();
        }
    }

    /** Counts the (uncompressed) bytes read. */
    private final class Counting extends FilterInputStream {
        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) bytes++;
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) bytes += n;
            return n;
        }
    }
}
