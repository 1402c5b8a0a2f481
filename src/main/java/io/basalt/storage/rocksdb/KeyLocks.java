package io.basalt.storage.rocksdb;

import io.basalt.storage.HeldKey;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * Exact per-key locks for version-checked commits. A commit holds its keys from the version check
 * until its synced write returns (so the next writer of a key checks against a durable, visible
 * version); locking exact keys rather than hash stripes means commits wait only for commits of the
 * same items, never for an unrelated item that happens to share a stripe during an fsync. Keys are
 * taken in one global order, so two commits never wait for each other.
 */
final class KeyLocks {
    private final ConcurrentHashMap<LockKey, CountDownLatch> held = new ConcurrentHashMap<>();

    /** A held set of keys; release exactly once. */
    static class Held {
        private final LockKey[] keys;
        private final CountDownLatch mine;

        private Held(LockKey[] keys, CountDownLatch mine) {
            this.keys = keys;
            this.mine = mine;
        }

        /** Whether this holds {@code m}'s key (a version read under the lock needs no re-check). */
        boolean holds(Mutation m) {
            for (LockKey k : keys) {
                if (k != null && k.space == m.space().ordinal() && Arrays.equals(k.key, m.key())) return true;
            }
            return false;
        }
    }

    /** One key held for a read-modify-write, handed out through the storage SPI. */
    final class HeldOne extends Held implements HeldKey {
        private boolean released;

        private HeldOne(LockKey[] keys, CountDownLatch mine) {
            super(keys, mine);
        }

        @Override
        public void close() {
            if (released) return;
            released = true;
            unlock(this);
        }
    }

    /** Locks one key until the returned handle is closed. */
    HeldOne lockOne(Space space, byte[] key) {
        LockKey k = LockKey.of(space, key);
        CountDownLatch mine = new CountDownLatch(1);
        acquire(k, mine);
        return new HeldOne(new LockKey[] {k}, mine);
    }

    private record LockKey(int space, byte[] key, int hash) implements Comparable<LockKey> {
        static LockKey of(Mutation m) {
            return of(m.space(), m.key());
        }

        static LockKey of(Space space, byte[] key) {
            int s = space.ordinal();
            return new LockKey(s, key, Arrays.hashCode(key) * 31 + s);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LockKey k && k.hash == hash && k.space == space && Arrays.equals(k.key, key);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public int compareTo(LockKey o) {
            int c = Integer.compare(space, o.space);
            return c != 0 ? c : Arrays.compareUnsigned(key, o.key);
        }
    }

    /**
     * Locks the keys of the version-checked mutations (unchecked writes need no lock), except those
     * {@code already} holds.
     */
    Held lock(List<Mutation> ms, Held already) {
        int n = 0;
        for (int i = 0; i < ms.size(); i++) if (needsLock(ms.get(i), already)) n++;
        LockKey[] keys = new LockKey[n];
        n = 0;
        for (int i = 0; i < ms.size(); i++) {
            Mutation m = ms.get(i);
            if (needsLock(m, already)) keys[n++] = LockKey.of(m);
        }
        if (n > 1) Arrays.sort(keys);
        CountDownLatch mine = new CountDownLatch(1);
        int taken = 0;
        try {
            for (int i = 0; i < n; i++) {
                if (i > 0 && keys[i].equals(keys[i - 1])) { // the same key twice in one batch
                    keys[i] = null;
                    continue;
                }
                awaitAndTake(keys[i], mine);
                taken = i + 1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(keys, taken, mine);
            throw new IllegalStateException("interrupted while waiting for a key lock", e);
        }
        return new Held(keys, mine);
    }

    private static boolean needsLock(Mutation m, Held already) {
        return m.expectedVersion() != Mutation.EXPECT_ANY && (already == null || !already.holds(m));
    }

    private void awaitAndTake(LockKey k, CountDownLatch mine) throws InterruptedException {
        while (true) {
            CountDownLatch other = held.putIfAbsent(k, mine);
            if (other == null) return;
            other.await();
        }
    }

    private void acquire(LockKey k, CountDownLatch mine) {
        try {
            awaitAndTake(k, mine);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a key lock", e);
        }
    }

    void unlock(Held h) {
        release(h.keys, h.keys.length, h.mine);
    }

    private void release(LockKey[] keys, int count, CountDownLatch mine) {
        for (int i = 0; i < count; i++) {
            if (keys[i] != null) held.remove(keys[i], mine);
        }
        mine.countDown();
    }
}
