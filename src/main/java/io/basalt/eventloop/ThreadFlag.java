package io.basalt.eventloop;

/** A per-thread on/off mark that a body of code runs under and that code deep below it reads. */
final class ThreadFlag {
    private final ThreadLocal<boolean[]> active = ThreadLocal.withInitial(() -> new boolean[1]);

    boolean active() {
        return active.get()[0];
    }

    /** Runs {@code body} with the flag set on this thread (restored after). */
    <T, E extends Exception> T run(MemoryOnlyReads.ThrowingSupplier<T, E> body) throws E {
        boolean[] flag = active.get();
        boolean was = flag[0];
        flag[0] = true;
        try {
            return body.get();
        } finally {
            flag[0] = was;
        }
    }
}
