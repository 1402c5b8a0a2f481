package io.basalt.engine.transact;

import io.basalt.engine.Clock;
import io.basalt.storage.StorageEngine;
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
 *
 * <p>On a store several Basalt nodes share ({@link StorageEngine#sharedByNodes()}), tokens are
 * remembered in the store instead ({@link SharedTokens}), so a replay through another node is
 * answered alike; callers give a {@link ResultCodec} for the result.
 */
public final class IdempotencyCache {
    public static final long WINDOW_MILLIS = 10 * 60 * 1000;
    public static final int MAX_TOKENS = 20_000;

    private record Entry(String token, Object request, Object result, long expires) {}

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final ArrayDeque<Entry> order = new ArrayDeque<>(); // guarded by itself
    private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final Clock clock;
    private final SharedTokens shared;

    /** Windows are measured on the instance's clock. */
    public IdempotencyCache(Clock clock) {
        this(clock, null);
    }

    private IdempotencyCache(Clock clock, SharedTokens shared) {
        this.clock = clock;
        this.shared = shared;
    }

    /**
     * Tokens of one operation ({@code scope}): in this node's memory, or in the store when several
     * nodes share it.
     */
    public static IdempotencyCache of(Clock clock, StorageEngine storage, String scope) {
        return new IdempotencyCache(clock, storage.sharedByNodes() ? new SharedTokens(storage, clock, scope) : null);
    }

    /** How a result is kept in a shared store. */
    public interface ResultCodec<R> {
        byte[] encode(R result);

        R decode(byte[] bytes);
    }

    /** Thrown when another node is still running the first call with the token (shared stores only). */
    public static final class InProgress extends RuntimeException {
        public InProgress() {
            super("transaction in progress", null, false, false);
        }
    }

    /**
     * {@link #run(String, Object, Supplier)}, through the store when it is shared by several nodes
     * (the result kept with {@code codec}).
     */
    public <R> R run(String token, Object request, Supplier<R> call, ResultCodec<R> codec) {
        if (shared == null) return run(token, request, call);
        ReentrantLock lock = locks.computeIfAbsent(token, t -> new ReentrantLock());
        lock.lock();
        try {
            return shared.run(token, RequestFingerprint.of(request), call, codec);
        } finally {
            lock.unlock();
            if (!lock.hasQueuedThreads()) locks.remove(token, lock);
        }
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
