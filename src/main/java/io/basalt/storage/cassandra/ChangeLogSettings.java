package io.basalt.storage.cassandra;

import java.util.function.LongConsumer;

/**
 * How the Cassandra engine's change log is applied (docs/scale-out.md, "The change log").
 *
 * @param applyAfterCommit whether the committing node starts applying a log as soon as it is
 *        written (off only in tests that play a crash between commit and apply)
 * @param recoveryEveryMillis how often every node looks for logs left behind; 0 = never (tests)
 * @param recoveryAfterMillis how old a pending marker must be before another node than its writer
 *        applies its log (the writer normally has, long before)
 * @param leaseMillis how long one applier holds a partition's logs
 * @param tombstoneSeconds how long a deletion by the applier keeps a tombstone row with its version
 *        (the fence against an applier stalled longer than its lease: such an applier's writes are
 *        refused while the tombstone lives)
 * @param beforeApply called by the applier with a log's version just before it writes the log's
 *        mutations, after its last lease check (tests play a stalled applier with it)
 */
public record ChangeLogSettings(boolean applyAfterCommit, long recoveryEveryMillis, long recoveryAfterMillis, long leaseMillis,
                                int tombstoneSeconds, LongConsumer beforeApply) {
    public static final int DEFAULT_TOMBSTONE_SECONDS = 86_400;
    public static final ChangeLogSettings DEFAULT = new ChangeLogSettings(true, 2_000, 10_000, 30_000);

    public ChangeLogSettings {
        if (recoveryEveryMillis < 0 || recoveryAfterMillis < 0 || leaseMillis < 1_000 || tombstoneSeconds < 1) {
            throw new IllegalArgumentException("change log: negative period, a lease under 1 s or no tombstone lifetime");
        }
    }

    public ChangeLogSettings(boolean applyAfterCommit, long recoveryEveryMillis, long recoveryAfterMillis, long leaseMillis) {
        this(applyAfterCommit, recoveryEveryMillis, recoveryAfterMillis, leaseMillis, DEFAULT_TOMBSTONE_SECONDS, version -> { });
    }

    /** The same settings with a hook called before each log is applied (tests). */
    public ChangeLogSettings beforeApply(LongConsumer hook) {
        return new ChangeLogSettings(applyAfterCommit, recoveryEveryMillis, recoveryAfterMillis, leaseMillis, tombstoneSeconds, hook);
    }
}
