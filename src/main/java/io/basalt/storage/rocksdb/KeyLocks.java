package io.basalt.storage.rocksdb;

import io.basalt.storage.Mutation;
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
    static final class Held {
        private final LockKey[] keys;
        private final CountDownLatch mine;

        private Held(LockKey[] keys, CountDownLatch mine) {
            this.keys = keys;
            this.mine = mine;
        }
    }

    private record LockKey(int space, byte[] key, int hash) implements Comparable<LockKey> {
        static LockKey of(Mutation m) {
            int s = m.space().ordinal();
            return new LockKey(s, m.key(), Arrays.hashCode(m.key()) * 31 + s);
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

    /** Locks the keys of the version-checked mutations (unchecked writes need no lock). */
    Held lock(List<Mutation> ms) {
        int n = 0;
        for (int i = 0; i < ms.size(); i++) if (ms.get(i).expectedVersion() != Mutation.EXPECT_ANY) n++;
        LockKey[] keys = new LockKey[n];
        n = 0;
        for (int i = 0; i < ms.size(); i++) {
            Mutation m = ms.get(i);
            if (m.expectedVersion() != Mutation.EXPECT_ANY) keys[n++] = LockKey.of(m);
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
                while (true) {
                    CountDownLatch other = held.putIfAbsent(keys[i], mine);
                    if (other == null) break;
                    other.await();
                }
                taken = i + 1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(keys, taken, mine);
            throw new IllegalStateException("interrupted while waiting for a key lock", e);
        }
        return new Held(keys, mine);
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
