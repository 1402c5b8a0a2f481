package io.basalt.storage.cassandra;

/**
 * How the Cassandra engine runs transactions across partitions (docs/scale-out.md, "Transactions
 * across partitions").
 *
 * @param abandonAfterMillis how old a PENDING transaction must be before another node (or a reader
 *        meeting one of its marks) presumes its coordinator dead and aborts it
 * @param recoveryEveryMillis how often every node looks for transactions left behind; 0 = never (tests)
 * @param stopAfter tests only: the coordinator stops (throws) right after this phase, as if its node
 *        died there; {@link Phase#NONE} in production
 */
public record TransactionSettings(long abandonAfterMillis, long recoveryEveryMillis, Phase stopAfter) {
    public static final TransactionSettings DEFAULT = new TransactionSettings(10_000, 2_000, Phase.NONE);

    /** Where a test coordinator stops. */
    public enum Phase { NONE, PREPARED, COMMITTED }

    public TransactionSettings {
        if (abandonAfterMillis < 0 || recoveryEveryMillis < 0) throw new IllegalArgumentException("transactions: negative period");
        if (stopAfter == null) stopAfter = Phase.NONE;
    }
}
