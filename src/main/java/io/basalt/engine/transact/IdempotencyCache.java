package io.basalt.engine.transact;

import io.basalt.engine.Clock;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * ClientRequestToken idempotency of TransactWriteItems: within 10 minutes of the first call, a
 * call with the same token and the same request returns the first result without writing again;
 * the same token with another request is refused. Calls with one token are serialized, so two
 * concurrent first calls cannot both write.
 *
 * <p>The SDKs put a fresh token on every transaction, so a busy server sees thousands per second.
 * Tokens are forgotten in the order they were recorded (no scans), when their window ends or when
 * more than {@link #MAX_TOKENS} are remembered: memory stays bounded, and a replay of a token older
 * than the newest 20,000 runs again (SDK retries come within seconds).
 */
public final class IdempotencyCache {
    public static final long WINDOW_MILLIS = 10 * 60 * 1000;
    public static final int MAX_TOKENS = 20_000;

    private record Entry(String token, Object request, Object result, long expires) {}

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final ArrayDeque<Entry> order = new ArrayDeque<>(); // guarded by itself
    private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final Clock clock;

    /** Windows are measured on the instance's clock. */
    public IdempotencyCache(Clock clock) {
        this.clock = clock;
    }

    /** Thrown when a token is reused with a different request. */
    public static final class Mismatch extends RuntimeException {
        public Mismatch() {
            super("idempotent parameter mismatch", null, false, false);
        }
    }

    /**
     * Runs {@code call} once per (token, request) within the window; replays return the first
     * call's result. A failed call records nothing (it may be retried with the same token).
     */
    @SuppressWarnings("unchecked")
    public <R> R run(String token, Object request, Supplier<R> call) {
        ReentrantLock lock = locks.computeIfAbsent(token, t -> new ReentrantLock());
        lock.lock();
        try {
            long now = clock.millis();
            Entry e = entries.get(token);
            if (e != null && e.expires() > now) {
                if (!e.request().equals(request)) throw new Mismatch();
                return (R) e.result();
            }
            R result = call.get();
            Entry added = new Entry(token, request, result, now + WINDOW_MILLIS);
            entries.put(token, added);
            forgetOld(added, now);
            return result;
        } finally {
            lock.unlock();
            if (!lock.hasQueuedThreads()) locks.remove(token, lock);
        }
    }

    private void forgetOld(Entry added, long now) {
        synchronized (order) {
            order.addLast(added);
            for (Entry first; (first = order.peekFirst()) != null && (first.expires() <= now || order.size() > MAX_TOKENS); ) {
                order.pollFirst();
                entries.remove(first.token(), first);
            }
        }
    }

    /** Tokens remembered now (for tests). */
    public int size() {
        return entries.size();
    }
}
