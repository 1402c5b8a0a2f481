package io.basalt.storage.rocksdb;

import io.basalt.storage.Mutation;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Group commit in front of RocksDB: concurrent committers queue their mutations; whichever finds no
 * write under way becomes the leader, writes everything queued as one synced WriteBatch (one WAL
 * append, one fdatasync) and wakes the others. RocksDB therefore sees a single writer at a time and
 * never forms its own write group, whose followers each spin ~200 pause instructions, then sleep and
 * are woken twice (WAL, then the parallel memtable insert) — on two cores that coordination was a
 * fifth of a durable PutItem's CPU (docs/benchmarks.md, optimisation log).
 *
 * <p>Callers hold their keys' locks across {@link #write}, so entries of one group never touch the
 * same key and their order inside the batch does not matter. A failed write fails every entry of its
 * group (only I/O errors or a closed store make a write fail).
 */
final class GroupCommit {
    /** Bounds a group, so one leader does not write for everyone forever. */
    static final int MAX_ENTRIES = 256;
    static final long MAX_BYTES = 4L << 20;
    /** {@code -Dbasalt.groupCommit=false}: every committer writes alone through RocksDB's own write group (A/B). */

    /** One committer's mutations, waiting to be written. */
    static final class Entry {
        final List<Mutation> mutations;
        /** The stored value per mutation (null for deletes and checks). */
        final byte[][] values;
        final long bytes;
        final Thread waiter = Thread.currentThread();
        Throwable failure;
        volatile boolean done;

        Entry(List<Mutation> mutations, byte[][] values, long bytes) {
            this.mutations = mutations;
            this.values = values;
            this.bytes = bytes;
        }
    }

    private final RocksDB db;
    private final WriteOptions options;
    private final Function<Mutation, ColumnFamilyHandle> families;
    private final ConcurrentLinkedQueue<Entry> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean();
    /** The leader's group; only the thread that set {@link #writing} touches it. */
    private final Entry[] group = new Entry[MAX_ENTRIES];
    private volatile long groups;
    private volatile long entries;

    /** Whether writers share writes; off, each writes alone and RocksDB groups them (for A/B comparisons). */
    private final boolean grouping;

    GroupCommit(RocksDB db, WriteOptions options, Function<Mutation, ColumnFamilyHandle> families) {
        this(db, options, families, true);
    }

    GroupCommit(RocksDB db, WriteOptions options, Function<Mutation, ColumnFamilyHandle> families, boolean grouping) {
        this.grouping = grouping;
        this.db = db;
        this.options = options;
        this.families = families;
    }

    /** Writes {@code e} durably (with whatever else is queued) and returns once it is. */
    void write(Entry e) throws RocksDBException {
        if (!grouping) {
            try (WriteBatch wb = new WriteBatch()) {
                add(wb, e);
                db.write(options, wb);
            }
            return;
        }
        queue.add(e);
        while (!e.done) {
            if (writing.compareAndSet(false, true)) {
                try {
                    writeQueued();
                } finally {
                    writing.set(false);
                }
                if (!e.done) continue; // the group was full before our entry: lead again
                // whoever queued while we wrote may have parked seeing a write under way: let the
                // oldest one lead next (an entry queued after this peek finds no write under way)
                Entry next = queue.peek();
                if (next != null) LockSupport.unpark(next.waiter);
                break;
            }
            LockSupport.park(this);
        }
        Throwable failure = e.failure;
        if (failure != null) {
            // the write's own failure, unchanged, to every committer of the group (an Error stays an Error)
            if (failure instanceof RocksDBException r) throw r;
            if (failure instanceof RuntimeException r) throw r;
            throw (Error) failure;
        }
    }

    private void writeQueued() {
        int n = 0;
        long bytes = 0;
        Entry x;
        while (n < MAX_ENTRIES && bytes < MAX_BYTES && (x = queue.poll()) != null) {
            group[n++] = x;
            bytes += x.bytes;
        }
        if (n == 0) return;
        Throwable failure = null;
        try (WriteBatch wb = new WriteBatch()) {
            for (int i = 0; i < n; i++) add(wb, group[i]);
            db.write(options, wb);
        } catch (RocksDBException | RuntimeException | Error ex) {
            // whatever went wrong, every waiter must hear of it (none may park forever), as it was
            failure = ex;
        }
        groups++;
        entries += n;
        Thread me = Thread.currentThread();
        for (int i = 0; i < n; i++) {
            Entry entry = group[i];
            group[i] = null;
            entry.failure = failure;
            entry.done = true;
            if (entry.waiter != me) LockSupport.unpark(entry.waiter);
        }
    }

    private void add(WriteBatch wb, Entry entry) throws RocksDBException {
        List<Mutation> ms = entry.mutations;
        for (int j = 0; j < ms.size(); j++) {
            Mutation m = ms.get(j);
            if (m.isCheck()) continue;
            if (m.isDelete()) wb.delete(families.apply(m), m.key());
            else wb.put(families.apply(m), m.key(), entry.values[j]);
        }
    }

    /** Writes so far and the entries they carried (tests, diagnostics). */
    long groups() {
        return groups;
    }

    long entries() {
        return entries;
    }
}
