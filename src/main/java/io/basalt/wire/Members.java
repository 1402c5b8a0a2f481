package io.basalt.wire;

/** The values of one structure as read by {@link Structure#read}; absent members are null. */
public final class Members {
    private final Structure structure;
    private final Object[] values;

    Members(Structure structure, Object[] values) {
        this.structure = structure;
        this.values = values;
    }

    /** The member's value, or null when it was not sent (or sent as JSON null). */
    @SuppressWarnings("unchecked") // values[i] was produced by member i's own reader
    public <T> T get(Member<T> member) {
        return (T) values[structure.position(member)];
    }

    public boolean has(Member<?> member) {
        return get(member) != null;
    }
}
