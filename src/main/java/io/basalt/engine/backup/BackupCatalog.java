package io.basalt.engine.backup;

import io.basalt.engine.catalog.TableDefinitionCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The durable list of backups: one CATALOG entry per backup ("backup/ARN"), written in a commit
 * of its own once the backup's data is complete, and held in memory; on a store several nodes
 * share, read from the store every time (another node may have added or deleted one).
 */
final class BackupCatalog {
    private static final String PREFIX = "backup/";
    private static final int FORMAT = 1;

    private final StorageEngine storage;
    private final boolean shared;
    private final Map<String, BackupRecord> byArn = new ConcurrentHashMap<>();

    BackupCatalog(StorageEngine storage) {
        this.storage = storage;
        this.shared = storage.sharedByNodes();
        if (!shared) byArn.putAll(stored());
    }

    private Map<String, BackupRecord> stored() {
        Map<String, BackupRecord> out = new java.util.HashMap<>();
        byte[] from = PREFIX.getBytes(StandardCharsets.UTF_8);
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                BackupRecord b = decode(c.value());
                out.put(b.arn(), b);
            }
        }
        return out;
    }

    BackupRecord find(String arn) {
        if (arn == null) return null;
        if (!shared) return byArn.get(arn);
        io.basalt.storage.Versioned v = storage.get(Space.CATALOG, key(arn));
        return v == null ? null : decode(v.value());
    }

    /** Every backup, oldest first (ties by ARN). */
    List<BackupRecord> all() {
        List<BackupRecord> l = new ArrayList<>(shared ? stored().values() : byArn.values());
        l.sort(Comparator.comparingLong(BackupRecord::createdMillis).thenComparing(BackupRecord::arn));
        return l;
    }

    void put(BackupRecord b) {
        commit(new WriteBatch().put(Space.CATALOG, key(b.arn()), encode(b), Mutation.EXPECT_ANY));
        if (!shared) byArn.put(b.arn(), b);
    }

    void remove(BackupRecord b) {
        commit(new WriteBatch().delete(Space.CATALOG, key(b.arn()), Mutation.EXPECT_ANY));
        byArn.remove(b.arn());
    }

    private void commit(WriteBatch batch) {
        try {
            storage.commit(batch);
        } catch (VersionConflictException e) {
            throw new IllegalStateException("an unchecked write conflicted", e);
        }
    }

    private static byte[] key(String arn) {
        return (PREFIX + arn).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] encode(BackupRecord b) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeUTF(b.arn());
            out.writeUTF(b.id());
            out.writeUTF(b.name());
            out.writeUTF(b.account());
            out.writeUTF(b.tableArn());
            out.writeUTF(b.tableUuid());
            out.writeLong(b.createdMillis());
            out.writeUTF(b.status());
            out.writeUTF(b.type());
            out.writeLong(b.sizeBytes());
            out.writeLong(b.itemCount());
            byte[] table = TableDefinitionCodec.encode(b.table());
            out.writeInt(table.length);
            out.write(table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static BackupRecord decode(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int format = in.readInt();
            if (format != FORMAT) throw new IllegalStateException("unknown backup record format " + format);
            String arn = in.readUTF(), id = in.readUTF(), name = in.readUTF(), account = in.readUTF();
            String tableArn = in.readUTF(), tableUuid = in.readUTF();
            long created = in.readLong();
            String status = in.readUTF(), type = in.readUTF();
            long size = in.readLong(), count = in.readLong();
            byte[] table = new byte[in.readInt()];
            in.readFully(table);
            return new BackupRecord(arn, id, name, account, tableArn, tableUuid, created, status, type, size, count,
                    TableDefinitionCodec.decode(table));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
