package io.basalt.eventloop;

/**
 * Thrown by a read under {@link MemoryOnlyReads} whose answer is not in memory. Carries no stack
 * trace (it is control flow, thrown often on tables larger than the cache).
 */
public final class ReadWouldBlock extends RuntimeException {
    public static final ReadWouldBlock INSTANCE = new ReadWouldBlock();

    private ReadWouldBlock() {
        super("read needs I/O", null, false, false);
    }
}
