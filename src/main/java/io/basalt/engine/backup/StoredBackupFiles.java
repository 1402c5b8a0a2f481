package io.basalt.engine.backup;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.NoSuchElementException;

/**
 * Backup data kept in the store itself (a store several nodes share, Cassandra: a backup made
 * through one node is restored through any other, and no node's disk holds the only copy). The
 * items file is cut into chunks of {@link #CHUNK} bytes, each its own META entry
 * {@code [0xFE][chunk number: 4][hash of the backup id: 3][backup id]} (the first 8 bytes differ per
 * chunk, so on Cassandra each chunk is a partition of its own); chunk -1 holds the chunk count and
 * byte count, written last: a backup without it is incomplete and reads as missing.
 */
final class StoredBackupFiles implements BackupFiles {
    /** The engine's other META keys start with an id (a small number) or 0xFF (SharedTokens). */
    private static final byte TAG = (byte) 0xFE;
    static final int CHUNK = 256 * 1024;
    private static final int SUMMARY = -1;

    private final StorageEngine storage;

    StoredBackupFiles(StorageEngine storage) {
        this.storage = storage;
    }

    static byte[] key(String id, int chunk) {
        byte[] name = id.getBytes(StandardCharsets.UTF_8);
        int h = id.hashCode();
        return ByteBuffer.allocate(8 + name.length).put(TAG).putInt(chunk)
                .put((byte) (h >>> 16)).put((byte) (h >>> 8)).put((byte) h).put(name).array();
    }

    private void put(String id, int chunk, byte[] value) throws IOException {
        try {
            storage.commit(new WriteBatch().put(Space.META, key(id, chunk), value, Mutation.EXPECT_ANY));
        } catch (VersionConflictException e) {
            throw new IOException("an unchecked write conflicted", e);
        }
    }

    /** [chunks: 4][bytes: 8], or null while the backup is incomplete or when it is gone. */
    private ByteBuffer summary(String id) {
        Versioned v = storage.get(Space.META, key(id, SUMMARY));
        return v == null ? null : ByteBuffer.wrap(v.value());
    }

    @Override
    public OutputStream createItems(String id, byte[] tableDefinition) {
        return new OutputStream() {
            private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(CHUNK);
            private int chunks;
            private long bytes;

            @Override
            public void write(int b) throws IOException {
                buffer.write(b);
                if (buffer.size() >= CHUNK) flushChunk();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                while (len > 0) {
                    int n = Math.min(len, CHUNK - buffer.size());
                    buffer.write(b, off, n);
                    off += n;
                    len -= n;
                    if (buffer.size() >= CHUNK) flushChunk();
                }
            }

            private void flushChunk() throws IOException {
                if (buffer.size() == 0) return;
                put(id, chunks++, buffer.toByteArray());
                bytes += buffer.size();
                buffer.reset();
            }

            @Override
            public void close() throws IOException {
                flushChunk();
                put(id, SUMMARY, ByteBuffer.allocate(12).putInt(chunks).putLong(bytes).array());
            }
        };
    }

    @Override
    public InputStream openItems(String id) throws IOException {
        ByteBuffer s = summary(id);
        if (s == null) throw new IOException("no data for backup " + id);
        int chunks = s.getInt(0);
        return new SequenceInputStream(new Enumeration<InputStream>() {
            private int next;

            @Override
            public boolean hasMoreElements() {
                return next < chunks;
            }

            @Override
            public InputStream nextElement() {
                if (next >= chunks) throw new NoSuchElementException();
                Versioned v = storage.get(Space.META, key(id, next++));
                // a missing chunk ends the data early: the items file's checksum refuses it
                return new java.io.ByteArrayInputStream(v == null ? new byte[0] : v.value());
            }
        });
    }

    @Override
    public long diskBytes(String id) {
        ByteBuffer s = summary(id);
        return s == null ? 0 : s.getLong(4);
    }

    @Override
    public void delete(String id) {
        ByteBuffer s = summary(id);
        WriteBatch batch = new WriteBatch().delete(Space.META, key(id, SUMMARY), Mutation.EXPECT_ANY);
        try {
            storage.commit(batch); // first: an incomplete backup reads as missing
            if (s == null) return;
            for (int i = 0; i < s.getInt(0); i++) {
                storage.commit(new WriteBatch().delete(Space.META, key(id, i), Mutation.EXPECT_ANY));
            }
        } catch (VersionConflictException e) {
            throw new IllegalStateException("an unchecked write conflicted", e);
        }
    }
}
