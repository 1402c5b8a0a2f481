package io.basalt.eventloop;

/**
 * Marks the current thread as one that must not wait for the disk (a network event loop): while
 * active, engines answer reads only from memory (memtables, block cache) and throw
 * {@link ReadWouldBlock} when an answer needs I/O, so the caller can hand the request to a worker.
 * Point reads of hot items then skip two thread hand-offs.
 */
public final class MemoryOnlyReads {
    private static final ThreadFlag ACTIVE = new ThreadFlag();

    private MemoryOnlyReads() {}

    public static boolean active() {
        return ACTIVE.active();
    }

    /** Runs {@code body} with memory-only reads on this thread. */
    public static <T, E extends Exception> T run(ThrowingSupplier<T, E> body) throws E {
        return ACTIVE.run(body);
    }

    /** A supplier that may throw. */
    @FunctionalInterface
    public interface ThrowingSupplier<T, E extends Exception> {
        T get() throws E;
    }
}
