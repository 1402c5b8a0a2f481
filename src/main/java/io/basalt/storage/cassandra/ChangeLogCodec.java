package io.basalt.storage.cassandra;

import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of a change-log row: the unchecked puts and deletes of other partitions that a commit
 * made together with its item. Per mutation: space ordinal (1 byte), key length (4) and key, value
 * length (4, -1 for a delete) and value.
 */
final class ChangeLogCodec {
    private ChangeLogCodec() {}

    static byte[] encode(List<Mutation> ms) {
        int size = 4;
        for (Mutation m : ms) size += 9 + m.key().length + (m.isDelete() ? 0 : m.value().length);
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(ms.size());
        for (Mutation m : ms) {
            b.put((byte) m.space().ordinal());
            b.putInt(m.key().length).put(m.key());
            if (m.isDelete()) {
                b.putInt(-1);
            } else {
                b.putInt(m.value().length).put(m.value());
            }
        }
        return b.array();
    }

    static List<Mutation> decode(ByteBuffer in) {
        ByteBuffer b = in.duplicate();
        int n = b.getInt();
        List<Mutation> out = new ArrayList<>(n);
        Space[] spaces = Space.values();
        for (int i = 0; i < n; i++) {
            Space space = spaces[b.get()];
            byte[] key = new byte[b.getInt()];
            b.get(key);
            int len = b.getInt();
            if (len < 0) {
                out.add(Mutation.delete(space, key, Mutation.EXPECT_ANY));
            } else {
                byte[] value = new byte[len];
                b.get(value);
                out.add(Mutation.put(space, key, value, Mutation.EXPECT_ANY));
            }
        }
        return out;
    }
}
