package io.basalt.eventloop;

/**
 * Marks the reads of the current thread as eventually consistent (a request without
 * ConsistentRead): an engine with replicas may then answer from one replica (Cassandra: LOCAL_ONE)
 * instead of a quorum. Engines with one copy ignore it. Thread-scoped like {@link MemoryOnlyReads}.
 */
public final class EventualReads {
    private static final ThreadFlag ACTIVE = new ThreadFlag();

    private EventualReads() {}

    public static boolean active() {
        return ACTIVE.active();
    }

    /** Runs {@code body} with eventually consistent reads on this thread when {@code eventual}. */
    public static <T, E extends Exception> T run(boolean eventual, MemoryOnlyReads.ThrowingSupplier<T, E> body) throws E {
        return eventual ? ACTIVE.run(body) : body.get();
    }
}
