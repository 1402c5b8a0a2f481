package io.basalt.storage.cassandra;

/**
 * How the Cassandra engine's change log is applied (docs/scale-out.md, "The change log").
 *
 * @param applyAfterCommit whether the committing node starts applying a log as soon as it is
 *        written (off only in tests that play a crash between commit and apply)
 * @param recoveryEveryMillis how often every node looks for logs left behind; 0 = never (tests)
 * @param recoveryAfterMillis how old a pending marker must be before another node than its writer
 *        applies its log (the writer normally has, long before)
 * @param leaseMillis how long one applier holds a partition's logs
 */
public record ChangeLogSettings(boolean applyAfterCommit, long recoveryEveryMillis, long recoveryAfterMillis, long leaseMillis) {
    public static final ChangeLogSettings DEFAULT = new ChangeLogSettings(true, 2_000, 10_000, 60_000);

    public ChangeLogSettings {
        if (recoveryEveryMillis < 0 || recoveryAfterMillis < 0 || leaseMillis < 1_000) {
            throw new IllegalArgumentException("change log: negative period or a lease under 1 s");
        }
    }
}
