package io.basalt.server.http;

import java.util.concurrent.atomic.AtomicLong;

/** Bytes of request bodies the server holds at once (being received or waiting for a worker), bounded. */
final class BodyBudget {
    private final long limit;
    private final AtomicLong used = new AtomicLong();

    BodyBudget(long limit) {
        this.limit = limit;
    }

    boolean tryAcquire(long bytes) {
        long now;
        do {
            now = used.get();
            if (now + bytes > limit) return false;
        } while (!used.compareAndSet(now, now + bytes));
        return true;
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    long used() {
        return used.get();
    }
}
