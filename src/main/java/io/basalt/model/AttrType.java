package io.basalt.model;

/** DynamoDB attribute value types, named by their wire tag. */
public enum AttrType {
    S, N, B, BOOL, NULL, M, L, SS, NS, BS;

    /** The wire tag for this type, e.g. "SS". */
    public String tag() {
        return name();
    }

    /** Parses a wire tag; returns null for an unknown tag. */
    public static AttrType ofTag(String tag) {
        return switch (tag) {
            case "S" -> S;
            case "N" -> N;
            case "B" -> B;
            case "BOOL" -> BOOL;
            case "NULL" -> NULL;
            case "M" -> M;
            case "L" -> L;
            case "SS" -> SS;
            case "NS" -> NS;
            case "BS" -> BS;
            default -> null;
        };
    }

    public boolean isSet() {
        return this == SS || this == NS || this == BS;
    }

    /** Whether this type may be a key attribute type (S, N or B). */
    public boolean isScalarKeyType() {
        return this == S || this == N || this == B;
    }
}
