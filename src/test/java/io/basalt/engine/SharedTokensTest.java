package io.basalt.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.engine.transact.IdempotencyCache;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.StorageSnapshot;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import io.basalt.storage.memory.MemoryStorage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Idempotency tokens on a store shared by several nodes: two caches (two nodes) on one store answer
 * a replay through either with the first result, refuse another request with the token, answer
 * "in progress" while the other node runs the first call, and forget a failed call and an expired token.
 */
class SharedTokensTest {
    private static final IdempotencyCache.ResultCodec<String> TEXT = new IdempotencyCache.ResultCodec<>() {
        @Override public byte[] encode(String r) { return r.getBytes(StandardCharsets.UTF_8); }
        @Override public String decode(byte[] b) { return new String(b, StandardCharsets.UTF_8); }
    };

    /** The memory store, said to be shared by nodes. */
    private record Shared(MemoryStorage store) implements StorageEngine {
        @Override public Versioned get(Space space, byte[] key) { return store.get(space, key); }
        @Override public StorageCursor scan(Space space, byte[] from, byte[] to, boolean reverse) { return store.scan(space, from, to, reverse); }
        @Override public long commit(WriteBatch batch) throws VersionConflictException { return store.commit(batch); }
        @Override public StorageSnapshot snapshot() { return store.snapshot(); }
        @Override public void deleteRange(Space space, byte[] from, byte[] to) { store.deleteRange(space, from, to); }
        @Override public boolean sharedByNodes() { return true; }
        @Override public boolean durable() { return false; }
        @Override public String name() { return "shared-memory"; }
        @Override public void close() { store.close(); }
    }

    @Test
    void tokensAreSharedByTwoNodes() throws Exception {
        ManualClock clock = new ManualClock();
        StorageEngine store = new Shared(new MemoryStorage());
        IdempotencyCache nodeA = IdempotencyCache.of(clock, store, "op"), nodeB = IdempotencyCache.of(clock, store, "op");
        AtomicInteger calls = new AtomicInteger();
        Object request = List.of(Map.of("k", new byte[] {1, 2}), "x");
        assertEquals("1", nodeA.run("t", request, () -> "" + calls.incrementAndGet(), TEXT));
        // an equal request built anew (another node parses its own copy) is a replay
        assertEquals("1", nodeB.run("t", List.of(Map.of("k", new byte[] {1, 2}), "x"), () -> "" + calls.incrementAndGet(), TEXT));
        assertThrows(IdempotencyCache.Mismatch.class,
                () -> nodeB.run("t", List.of(Map.of("k", new byte[] {1, 3}), "x"), () -> "" + calls.incrementAndGet(), TEXT));
        // another scope (operation) does not see the token
        assertEquals("2", IdempotencyCache.of(clock, store, "other").run("t", "r", () -> "" + calls.incrementAndGet(), TEXT));

        // while node A runs a first call, node B is told it is in progress
        CountDownLatch running = new CountDownLatch(1), release = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> nodeA.run("slow", "r", () -> {
            running.countDown();
            await(release);
            return "done";
        }, TEXT));
        running.await();
        assertThrows(IdempotencyCache.InProgress.class, () -> nodeB.run("slow", "r", () -> "again", TEXT));
        release.countDown();
        assertEquals("done", first.get());
        assertEquals("done", nodeB.run("slow", "r", () -> "again", TEXT));

        // a failed call records nothing; an expired token is new again
        assertThrows(IllegalStateException.class, () -> nodeA.run("fails", "r", () -> { throw new IllegalStateException(); }, TEXT));
        assertEquals("ok", nodeB.run("fails", "r", () -> "ok", TEXT));
        clock.advanceMillis(IdempotencyCache.WINDOW_MILLIS);
        assertEquals("3", nodeB.run("t", "another request", () -> "" + calls.incrementAndGet(), TEXT));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
