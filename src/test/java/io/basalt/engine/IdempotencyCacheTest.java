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
        IdempotencyCache cache = new IdempotencyCache(new ManualClock());
        AtomicInteger calls = new AtomicInteger();
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet));
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet), "a replay returns the first result");
        assertThrows(IdempotencyCache.Mismatch.class, () -> cache.run("t", "other", calls::incrementAndGet));
        for (int i = 0; i < 200_000; i++) cache.run("token-" + i, "r", () -> 0);
        assertEquals(IdempotencyCache.MAX_TOKENS, cache.size());
        // the newest tokens are still remembered
        assertEquals(0, (int) cache.run("token-199999", "r", calls::incrementAndGet));
        assertEquals(1, calls.get());
        // the oldest are forgotten: a replay of one runs again
        assertEquals(2, (int) cache.run("token-0", "r", calls::incrementAndGet));
    }

    @Test
    void aTokenIsRememberedForTenMinutesOfTheClock() {
        ManualClock clock = new ManualClock();
        IdempotencyCache cache = new IdempotencyCache(clock);
        AtomicInteger calls = new AtomicInteger();
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet));
        clock.advanceMillis(IdempotencyCache.WINDOW_MILLIS - 1);
        assertEquals(1, (int) cache.run("t", "req", calls::incrementAndGet), "still a replay");
        assertThrows(IdempotencyCache.Mismatch.class, () -> cache.run("t", "other", calls::incrementAndGet));
        clock.advanceMillis(1);
        assertEquals(2, (int) cache.run("t", "other", calls::incrementAndGet), "after the window the token is new");
    }
}
