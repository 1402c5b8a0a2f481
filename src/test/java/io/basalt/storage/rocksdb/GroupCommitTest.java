package io.basalt.storage.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/** Concurrent committers share writes; every entry is written exactly as given, or fails — none waits forever. */
class GroupCommitTest {
    static {
        RocksDB.loadLibrary();
    }

    @TempDir Path dir;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static GroupCommit.Entry entry(String... keysThenDeletes) {
        List<Mutation> ms = new ArrayList<>();
        byte[][] values = new byte[keysThenDeletes.length][];
        long bytes = 0;
        for (int i = 0; i < keysThenDeletes.length; i++) {
            String k = keysThenDeletes[i];
            if (k.startsWith("-")) {
                ms.add(Mutation.delete(Space.ITEMS, b(k.substring(1)), Mutation.EXPECT_ANY));
            } else if (k.startsWith("?")) {
                ms.add(Mutation.check(Space.ITEMS, b(k.substring(1)), Mutation.EXPECT_ANY));
            } else {
                ms.add(Mutation.put(Space.ITEMS, b(k), b("v-" + k), Mutation.EXPECT_ANY));
                values[i] = b("v-" + k);
                bytes += values[i].length;
            }
        }
        return new GroupCommit.Entry(ms, values, bytes);
    }

    /** Runs {@code threads} × {@code each} commits at once; returns the failures seen. */
    private static List<Throwable> hammer(GroupCommit gc, int threads, int each) throws InterruptedException {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < each; i++) {
                        try {
                            gc.write(entry("k" + id + "-" + i, "x" + id + "-" + i, "-x" + id + "-" + i, "?k" + id + "-" + i));
                        } catch (Throwable e) {
                            failures.add(e);
                        }
                    }
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
            th.start();
        }
        start.countDown();
        assertTrue(done.await(60, TimeUnit.SECONDS), "a committer never returned");
        return new ArrayList<>(failures);
    }

    @Test
    void concurrentCommittersShareWritesAndEveryMutationLands() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true);
             RocksDB db = RocksDB.open(o, dir.toString());
             WriteOptions sync = new WriteOptions().setSync(true)) {
            GroupCommit gc = new GroupCommit(db, sync, m -> db.getDefaultColumnFamily());
            int threads = 32, each = 200;
            assertEquals(List.of(), hammer(gc, threads, each));
            assertEquals((long) threads * each, gc.entries());
            assertTrue(gc.groups() < gc.entries(), "no write carried more than one commit: " + gc.groups());
            for (int t = 0; t < threads; t++) {
                for (int i = 0; i < each; i++) {
                    assertArrayEquals(b("v-k" + t + "-" + i), db.get(b("k" + t + "-" + i)));
                    // put then delete of the same key inside one entry: the delete wins, as written
                    assertNull(db.get(b("x" + t + "-" + i)));
                }
            }
        }
    }

    @Test
    void aFailedWriteFailsEveryEntryOfItsGroupAndNobodyHangs() throws Exception {
        // RocksDB refuses a synced write without a WAL: every write fails, cleanly
        try (Options o = new Options().setCreateIfMissing(true);
             RocksDB db = RocksDB.open(o, dir.toString());
             WriteOptions broken = new WriteOptions().setSync(true).setDisableWAL(true)) {
            GroupCommit gc = new GroupCommit(db, broken, m -> db.getDefaultColumnFamily());
            List<Throwable> failures = hammer(gc, 16, 50);
            assertEquals(16 * 50, failures.size());
            for (Throwable f : failures) {
                // RocksDB's own refusal, handed to every committer of the group unchanged
                assertEquals(RocksDBException.class, f.getClass(), f.toString());
                assertEquals("Sync writes has to enable WAL.", f.getMessage());
            }
            assertNull(db.get(b("k0-0")));
        }
    }

    /** A failure that is not RocksDB's (a bug, an Error) reaches every committer as it was: never wrapped, never lost. */
    @Test
    void otherFailuresReachEveryCommitterUnchanged() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true);
             RocksDB db = RocksDB.open(o, dir.toString());
             WriteOptions sync = new WriteOptions().setSync(true)) {
            Error error = new AssertionError("broken column family lookup");
            GroupCommit failing = new GroupCommit(db, sync, m -> { throw error; });
            List<Throwable> failures = hammer(failing, 8, 20);
            assertEquals(8 * 20, failures.size());
            for (Throwable f : failures) assertTrue(f == error, "the Error itself, unwrapped: " + f);

            IllegalStateException bug = new IllegalStateException("a bug");
            GroupCommit buggy = new GroupCommit(db, sync, m -> { throw bug; });
            for (Throwable f : hammer(buggy, 8, 20)) assertTrue(f == bug, "the exception itself: " + f);
            assertNull(db.get(b("k0-0")));
        }
    }
}
