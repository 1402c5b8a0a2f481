package io.basalt.storage;

/**
 * A batch was not applied because a key did not hold the expected version. Callers retry single-item
 * operations (re-read, re-evaluate, re-commit) and report TransactionConflict for transactions.
 */
public final class VersionConflictException extends Exception {
    private final int mutationIndex;

    public VersionConflictException(int mutationIndex) {
        super("version conflict at mutation " + mutationIndex, null, false, false);
        this.mutationIndex = mutationIndex;
    }

    /** Index in the batch of the first mutation whose expected version did not match. */
    public int mutationIndex() {
        return mutationIndex;
    }
}
