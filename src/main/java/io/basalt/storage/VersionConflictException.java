package io.basalt.storage;

/**
 * A batch was not applied because a key did not hold the expected version. Callers retry single-item
 * operations (re-read, re-evaluate, re-commit) and report TransactionConflict for transactions.
 */
public final class VersionConflictException extends Exception {
    private final int mutationIndex;
    private final boolean heldByTransaction;

    public VersionConflictException(int mutationIndex) {
        this(mutationIndex, false);
    }

    /**
     * @param heldByTransaction the key is held by another transaction still under way (not one
     *        decided or abandoned): a single-item write answers TransactionConflict instead of retrying
     */
    public VersionConflictException(int mutationIndex, boolean heldByTransaction) {
        super("version conflict at mutation " + mutationIndex, null, false, false);
        this.mutationIndex = mutationIndex;
        this.heldByTransaction = heldByTransaction;
    }

    /** Whether the key is held by a transaction under way (see the constructor). */
    public boolean heldByTransaction() {
        return heldByTransaction;
    }

    /** Index in the batch of the first mutation whose expected version did not match. */
    public int mutationIndex() {
        return mutationIndex;
    }
}
