package io.basalt.storage.cassandra;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Mutations as bytes: the value of a change-log row (the unchecked puts and deletes of other
 * partitions that a commit made together with its item) and the body of a transaction record
 * (every mutation with its expected version, so any node can finish the transaction).
 *
 * <p>Log format: count (4), then per mutation space ordinal (1), key length (4) and key, value
 * length (4, -1 for a delete) and value. Full format: -1 (4), count (4), then per mutation space
 * (1), kind (1: put, delete, check), expected version (8), key length and key, value length and
 * value (puts only).
 */
final class ChangeLogCodec {
    private static final int FULL = -1;
    private static final byte PUT = 0, DELETE = 1, CHECK = 2;

    private ChangeLogCodec() {}

    static byte[] encode(List<Mutation> ms) {
        return encode(ms, false);
    }

    /** With kinds and expected versions (transaction records). */
    static byte[] encodeFull(List<Mutation> ms) {
        return encode(ms, true);
    }

    private static byte[] encode(List<Mutation> ms, boolean full) {
        int size = full ? 8 : 4;
        for (Mutation m : ms) {
            size += 9 + m.key().length + (m.isDelete() || m.isCheck() ? 0 : m.value().length) + (full ? 9 : 0);
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        if (full) b.putInt(FULL);
        b.putInt(ms.size());
        for (Mutation m : ms) {
            b.put((byte) m.space().ordinal());
            if (full) b.put(m.isCheck() ? CHECK : m.isDelete() ? DELETE : PUT).putLong(m.expectedVersion());
            b.putInt(m.key().length).put(m.key());
            if (m.isDelete() || m.isCheck()) {
                b.putInt(-1);
            } else {
                b.putInt(m.value().length).put(m.value());
            }
        }
        return b.array();
    }

    /** Either format; mutations of a log come back unchecked ({@link Mutation#EXPECT_ANY}). */
    static List<Mutation> decode(ByteBuffer in) {
        ByteBuffer b = in.duplicate();
        int n = b.getInt();
        boolean full = n == FULL;
        if (full) n = b.getInt();
        List<Mutation> out = new ArrayList<>(n);
        Space[] spaces = Space.values();
        for (int i = 0; i < n; i++) {
            Space space = spaces[b.get()];
            byte kind = full ? b.get() : PUT;
            long expected = full ? b.getLong() : Mutation.EXPECT_ANY;
            byte[] key = new byte[b.getInt()];
            b.get(key);
            int len = b.getInt();
            if (kind == CHECK) {
                out.add(Mutation.check(space, key, expected));
            } else if (len < 0) {
                out.add(Mutation.delete(space, key, expected));
            } else {
                byte[] value = new byte[len];
                b.get(value);
                out.add(Mutation.put(space, key, value, expected));
            }
        }
        return out;
    }
}
