package io.basalt.storage;

import java.util.ArrayList;
import java.util.List;

/** Mutations applied atomically: all of them or none. */
public final class WriteBatch {
    private final List<Mutation> mutations;

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
}
