package io.basalt.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.engine.transact.IdempotencyCache;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Replays return the first result, mismatches are refused, and memory stays bounded under a flood of tokens. */
class IdempotencyCacheTest {

    @Test
    void replayMismatchAndBound() {
        IdempotencyCache cache = new IdempotencyCache();
        AtomicInteger calls = new AtomicInteger();
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet));
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet), "a replay returns the first result");
        assertThrows(IdempotencyCache.Mismatch.class, () -> cache.run("t", "other", calls::incrementAndGet));
        long start = System.nanoTime();
        for (int i = 0; i < 200_000; i++) cache.run("token-" + i, "r", () -> 0);
        assertEquals(IdempotencyCache.MAX_TOKENS, cache.size());
        // the newest tokens are still remembered
        assertEquals(0, (int) cache.run("token-199999", "r", calls::incrementAndGet));
        assertEquals(1, calls.get());
        // no scans: 200,000 tokens take well under a second (the old cache scanned the map each time)
        org.junit.jupiter.api.Assertions.assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000);
    }
}
