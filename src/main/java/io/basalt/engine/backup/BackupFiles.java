package io.basalt.engine.backup;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Where the data of backups lives: one directory per backup under the store's directory
 * ({@code backups/<id>/}) for a store on disk, memory for an in-memory store, the store itself for
 * a store shared by several nodes (Cassandra).
 */
public interface BackupFiles {
    /** The file of the backup's items (written once). */
    OutputStream createItems(String id, byte[] tableDefinition) throws IOException;

    InputStream openItems(String id) throws IOException;

    /** Bytes the backup takes (its files). */
    long diskBytes(String id);

    void delete(String id);

    /** Backups kept under {@code dir}: {@code <dir>/<id>/table.json} and {@code items.bin}. */
    static BackupFiles inDirectory(Path dir) {
        return new BackupFiles() {
            @Override
            public OutputStream createItems(String id, byte[] tableDefinition) throws IOException {
                Path d = dir.resolve(id);
                io.basalt.engine.PrivateFiles.createDirectories(d);
                try (OutputStream table = io.basalt.engine.PrivateFiles.newOutputStream(d.resolve("table.json"))) {
                    table.write(tableDefinition);
                }
                return io.basalt.engine.PrivateFiles.newOutputStream(d.resolve("items.bin"));
            }

            @Override
            public InputStream openItems(String id) throws IOException {
                return Files.newInputStream(dir.resolve(id).resolve("items.bin"));
            }

            @Override
            public long diskBytes(String id) {
                try (Stream<Path> s = Files.walk(dir.resolve(id))) {
                    return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
                } catch (IOException e) {
                    return 0;
                }
            }

            @Override
            public void delete(String id) {
                Path d = dir.resolve(id);
                if (!Files.exists(d)) return;
                try (Stream<Path> s = Files.walk(d)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /**
     * Backups kept in the store itself (a store several nodes share: any node reads what another
     * wrote; see {@link StoredBackupFiles}).
     */
    static BackupFiles inStore(io.basalt.storage.StorageEngine storage) {
        return new StoredBackupFiles(storage);
    }

    /** Backups held in memory (an in-memory store: they live as long as the instance). */
    static BackupFiles inMemory() {
        Map<String, byte[]> items = new ConcurrentHashMap<>();
        return new BackupFiles() {
            @Override
            public OutputStream createItems(String id, byte[] tableDefinition) {
                return new ByteArrayOutputStream() {
                    @Override
                    public void close() {
                        items.put(id, toByteArray());
                    }
                };
            }

            @Override
            public InputStream openItems(String id) throws IOException {
                byte[] b = items.get(id);
                if (b == null) throw new IOException("no data for backup " + id);
                return new ByteArrayInputStream(b);
            }

            @Override
            public long diskBytes(String id) {
                byte[] b = items.get(id);
                return b == null ? 0 : b.length;
            }

            @Override
            public void delete(String id) {
                items.remove(id);
            }
        };
    }
}
