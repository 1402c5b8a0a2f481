package io.basalt.server.http;

/**
 * Decides whether an operation is worth trying on the network thread: an attempt that needs the
 * disk costs a second run on a worker, so when most attempts of late needed it (a table much larger
 * than the cache) the gate closes, letting one request in 16 through to notice when the cache
 * warms up. Answered attempts earn one credit, refused ones cost two: the gate stays open while at
 * least two attempts in three are answered. Updates are racy on purpose (approximate is enough).
 */
final class InlineGate {
    private static final int MAX = 64;
    private static final int OPEN = 32;
    private static final int SAMPLE_MASK = 15;

    private volatile int credit = MAX;
    private int closedCalls;

    boolean shouldTry() {
        return credit >= OPEN || (++closedCalls & SAMPLE_MASK) == 0;
    }

    void answered() {
        int c = credit;
        if (c < MAX) credit = c + 1;
    }

    void neededWorker() {
        int c = credit;
        credit = c >= 2 ? c - 2 : 0;
    }

    /** Whether attempts are being made now (for tests and diagnostics). */
    boolean open() {
        return credit >= OPEN;
    }
}
