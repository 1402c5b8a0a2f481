package io.basalt.storage.rocksdb;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;

import io.basalt.eventloop.ReadWouldBlock;
import io.basalt.eventloop.MemoryOnlyReads;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory-only reads (what the network threads use) on RocksDB: they answer exactly what an ordinary
 * read answers when the data is in memory, and refuse with ReadWouldBlock, never a wrong answer,
 * when it is only on disk.
 */
class MemoryOnlyReadsTest {
    private static final int ITEMS = 30_000;

    @TempDir
    Path dir;

    private static byte[] key(int i) {
        return String.format("k%08d", i).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(int i) {
        byte[] v = new byte[1000];
        Arrays.fill(v, (byte) ('a' + i % 26));
        return v;
    }

    @Test
    void memoryOnlyReadsAgreeWithOrdinaryReadsOrRefuse() throws Exception {
        memoryOnly(); // with file reads on network threads off: the refusals are what this checks
    }

    private void memoryOnly() throws Exception {
        try (RocksStorage s = RocksStorage.open(dir, 8L << 20)) {
            for (int i = 0; i < ITEMS; i += 100) {
                WriteBatch b = new WriteBatch();
                for (int j = i; j < i + 100; j++) b.put(Space.ITEMS, key(j), value(j), Mutation.EXPECT_ANY);
                s.commit(b);
            }
        }
        // reopened: everything is in table files, the 8 MB block cache holds none of the 30 MB of items
        try (RocksStorage s = RocksStorage.open(dir, new RocksStorage.Settings(8L << 20, true, false))) {
            int refused = 0;
            for (int i = 0; i < ITEMS; i += 997) {
                int n = i;
                try {
                    Versioned v = MemoryOnlyReads.run(() -> s.get(Space.ITEMS, key(n)));
                    assertNotNull(v, "a stored key is never reported absent");
                    assertArrayEquals(value(n), Arrays.copyOfRange(v.bytes(), v.offset(), v.bytes().length));
                } catch (ReadWouldBlock expected) {
                    refused++;
                }
            }
            assertTrue(refused > 0, "reads of uncached blocks must be refused");

            // an ordinary read brings the block into the cache; then memory answers the same
            Versioned disk = s.get(Space.ITEMS, key(5));
            Versioned memory = MemoryOnlyReads.run(() -> s.get(Space.ITEMS, key(5)));
            assertEquals(disk.version(), memory.version());
            assertArrayEquals(Arrays.copyOfRange(disk.bytes(), disk.offset(), disk.bytes().length),
                    Arrays.copyOfRange(memory.bytes(), memory.offset(), memory.bytes().length));

            // absent keys: null or refused, never a value
            byte[] absent = "k99999999x".getBytes(StandardCharsets.UTF_8);
            assertNull(s.get(Space.ITEMS, absent));
            try {
                assertNull(MemoryOnlyReads.run(() -> s.get(Space.ITEMS, absent)));
            } catch (ReadWouldBlock acceptable) {
                // the filter block was not cached
            }

            // a fresh write is in the memtable: memory answers it at once
            WriteBatch b = new WriteBatch();
            b.put(Space.ITEMS, key(ITEMS + 1), value(1), Mutation.EXPECT_ANY);
            long version = s.commit(b);
            assertEquals(version, MemoryOnlyReads.run(() -> s.get(Space.ITEMS, key(ITEMS + 1))).version());

            // cursors: refused over uncached blocks, identical once the blocks are cached
            byte[] from = key(20_000), to = key(20_050);
            assertThrows(ReadWouldBlock.class, () -> MemoryOnlyReads.run(() -> walk(s, from, to)));
            List<String> disk2 = walk(s, from, to);
            assertEquals(50, disk2.size());
            assertEquals(disk2, MemoryOnlyReads.run(() -> walk(s, from, to)));
            assertTrue(!MemoryOnlyReads.active(), "the mode ends with the call");
        }
    }

    @Test
    void networkThreadsReadTableFilesWhileThoseReadsAreFast() throws Exception {
        try (RocksStorage s = RocksStorage.open(dir, 8L << 20)) {
            WriteBatch b = new WriteBatch();
            for (int j = 0; j < 3000; j++) b.put(Space.ITEMS, key(j), value(j), Mutation.EXPECT_ANY);
            s.commit(b);
        }
        try (RocksStorage s = RocksStorage.open(dir, 8L << 20)) {
            // reopened, nothing cached: memory alone could not answer, the page cache does
            int answered = 0;
            for (int i = 0; i < 3000; i += 37) {
                int n = i;
                try {
                    Versioned v = MemoryOnlyReads.run(() -> s.get(Space.ITEMS, key(n)));
                    assertArrayEquals(value(n), Arrays.copyOfRange(v.bytes(), v.offset(), v.bytes().length));
                    answered++;
                } catch (ReadWouldBlock refused) {
                    // only once reads were slow (a very loaded machine): then memory-only applies
                    assertTrue(s.diskReads().stopped(), "refused while file reads were allowed");
                }
            }
            assertTrue(answered > 0, "no read of an uncached item was answered on the network thread");
            // cursors too: walked from table files on the network thread, identical to a worker's walk
            byte[] from = key(2001), to = key(2030);
            List<String> network = MemoryOnlyReads.run(() -> walk(s, from, to));
            assertEquals(walk(s, from, to), network);
            assertEquals(29, network.size());
        }
    }

    private static List<String> walk(StorageEngine s, byte[] from, byte[] to) {
        List<String> out = new ArrayList<>();
        try (StorageCursor c = s.scan(Space.ITEMS, from, to, false)) {
            while (c.next()) out.add(new String(c.key(), StandardCharsets.UTF_8) + "@" + c.version());
        }
        return out;
    }
}
