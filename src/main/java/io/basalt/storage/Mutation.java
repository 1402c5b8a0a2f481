package io.basalt.storage;

/**
 * One put or delete in a {@link WriteBatch}, with the version it expects to find.
 *
 * @param value null for a delete
 * @param expectedVersion {@link #EXPECT_ANY}, {@link #EXPECT_ABSENT}, or the exact version the key must hold
 */
public record Mutation(Space space, byte[] key, byte[] value, long expectedVersion) {
    /** No check: the mutation applies whatever the key holds (index entries, stream records). */
    public static final long EXPECT_ANY = -1;
    /** The key must not exist. */
    public static final long EXPECT_ABSENT = 0;

    /** Marks a mutation that only checks the version and writes nothing (compared by identity). */
    private static final byte[] CHECK_ONLY = new byte[0];

    /** A version check that writes nothing: the batch applies only if the key still holds {@code expectedVersion}. */
    public static Mutation check(Space space, byte[] key, long expectedVersion) {
        return new Mutation(space, key, CHECK_ONLY, expectedVersion);
    }

    public boolean isCheck() {
        return value == CHECK_ONLY;
    }

    public static Mutation put(Space space, byte[] key, byte[] value, long expectedVersion) {
        return new Mutation(space, key, value, expectedVersion);
    }

    public static Mutation delete(Space space, byte[] key, long expectedVersion) {
        return new Mutation(space, key, null, expectedVersion);
    }

    public boolean isDelete() {
        return value == null;
    }
}
