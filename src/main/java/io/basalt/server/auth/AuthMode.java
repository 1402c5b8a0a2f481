package io.basalt.server.auth;

/** How requests are authenticated (the {@code --auth} option). */
public enum AuthMode {
    /** Signatures are verified against the keys of the auth file (the default when one is given). */
    VERIFY("verify"),
    /**
     * Any well-formed signature is accepted, as DynamoDB Local does: the default on a loopback
     * address without an auth file.
     */
    ANY("any"),
    /** {@link #ANY} on a network address: the operator says, explicitly, that anyone may do anything. */
    NONE_I_KNOW("none-i-know");

    private final String word;

    AuthMode(String word) {
        this.word = word;
    }

    /** The word on the command line. */
    public String word() {
        return word;
    }

    /** The mode a command-line word names, or null. */
    public static AuthMode of(String word) {
        for (AuthMode m : values()) if (m.word.equalsIgnoreCase(word)) return m;
        return null;
    }

    public boolean verifies() {
        return this == VERIFY;
    }
}
