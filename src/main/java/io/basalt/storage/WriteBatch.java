package io.basalt.storage;

import java.util.ArrayList;
import java.util.List;

/** Mutations applied atomically: all of them or none. */
public final class WriteBatch {
    private final List<Mutation> mutations;
    /** Run once every mutation is visible to reads (see {@link #whenApplied}). */
    private List<Runnable> whenApplied;

    public WriteBatch() {
        this.mutations = new ArrayList<>(4);
    }

    public WriteBatch add(Mutation m) {
        mutations.add(m);
        return this;
    }

    public WriteBatch put(Space space, byte[] key, byte[] value, long expectedVersion) {
        return add(Mutation.put(space, key, value, expectedVersion));
    }

    public WriteBatch delete(Space space, byte[] key, long expectedVersion) {
        return add(Mutation.delete(space, key, expectedVersion));
    }

    public List<Mutation> mutations() {
        return mutations;
    }

    public boolean isEmpty() {
        return mutations.isEmpty();
    }

    /**
     * Runs {@code action} once every mutation of the committed batch can be read: at once on engines
     * that apply a whole batch in the commit, later (on another thread) on engines that apply the
     * mutations of other partitions from a change log ({@link StorageEngine#appliesAfterCommit()}).
     * Not run when the commit fails, nor when the process dies first.
     */
    public synchronized WriteBatch whenApplied(Runnable action) {
        if (whenApplied == null) whenApplied = new ArrayList<>(2);
        whenApplied.add(action);
        return this;
    }

    /** Runs (once) the actions registered with {@link #whenApplied}; called by the engine or its caller. */
    public void applied() {
        List<Runnable> run;
        synchronized (this) {
            run = whenApplied;
            whenApplied = null;
        }
        if (run != null) for (Runnable r : run) r.run();
    }
}
