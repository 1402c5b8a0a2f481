package io.basalt.storage.cassandra;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * A warning logged at most once per period, with a count of those held back: during an outage
 * every request and background pass meets the same failure many times a second.
 */
final class ThrottledWarning {
    private static final long PERIOD_NANOS = 10_000_000_000L;
    private final Logger log;
    private final String what;
    private final AtomicLong loggedAt = new AtomicLong(System.nanoTime() - PERIOD_NANOS);
    private final AtomicInteger quiet = new AtomicInteger();

    ThrottledWarning(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    void warn(String detail) {
        long now = System.nanoTime(), last = loggedAt.get();
        if (now - last < PERIOD_NANOS || !loggedAt.compareAndSet(last, now)) {
            quiet.incrementAndGet();
            return;
        }
        int more = quiet.getAndSet(0);
        log.warn("{}: {}{}", what, detail, more == 0 ? "" : " (" + more + " more like it in the last 10 s)");
    }
}
