package io.basalt.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The members of one structure (a request or a part of one): reads the structure from the parser
 * into {@link Members}, skipping members it does not know (the service ignores them). Values are read
 * in the order they arrive, so the first type mismatch is the one reported, as the service reports it;
 * a member sent twice keeps its last value.
 */
public final class Structure {
    private final Member<?>[] members;
    private final Map<String, Integer> positions;

    private Structure(Member<?>[] members) {
        this.members = members;
        this.positions = new HashMap<>(members.length * 2);
        for (int i = 0; i < members.length; i++) {
            if (positions.put(members[i].name(), i) != null) {
                throw new IllegalArgumentException("member declared twice: " + members[i].name());
            }
        }
    }

    public static Structure of(Member<?>... members) {
        return new Structure(members.clone());
    }

    /** This structure's members followed by {@code more}'s (members several requests share). */
    public Structure with(Structure more) {
        Member<?>[] all = Arrays.copyOf(members, members.length + more.members.length);
        System.arraycopy(more.members, 0, all, members.length, more.members.length);
        return new Structure(all);
    }

    /** Reads the structure the parser is positioned on; a JSON null reads as null. */
    public Members read(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) return null;
        Object[] values = new Object[members.length];
        JsonIn.object(p, (name, q) -> {
            Integer at = positions.get(name);
            if (at == null) {
                JsonIn.skip(q);
            } else {
                values[at] = members[at].reader().read(q);
            }
        });
        return new Members(this, values);
    }

    /** Reads the structure; a JSON null reads as a structure without members (a request body of null, a map value of null). */
    public Members readOrEmpty(JsonParser p) throws IOException {
        Members m = read(p);
        return m != null ? m : none();
    }

    /** The structure with no member sent. */
    public Members none() {
        return new Members(this, new Object[members.length]);
    }

    int position(Member<?> member) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == member) return i;
        }
        throw new IllegalArgumentException("not a member of this structure: " + member);
    }
}
