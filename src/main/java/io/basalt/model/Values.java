package io.basalt.model;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/** Equality, ordering and hashing of attribute values as DynamoDB defines them. */
public final class Values {
    private Values() {}

    /** Unsigned lexicographic comparison of bytes, DynamoDB's order for B values. */
    public static int compareBytes(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /**
     * Compares strings by their UTF-8 bytes (unsigned), DynamoDB's order for S values. Java's
     * String.compareTo orders by UTF-16 units, which differs for supplementary characters.
     */
    public static int compareStrings(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i), cb = b.charAt(i);
            if (ca != cb) {
                boolean sa = Character.isSurrogate(ca), sb = Character.isSurrogate(cb);
                if (sa == sb) return Character.compare(ca, cb);
                // a surrogate pair encodes a code point >= U+10000, which sorts after any BMP char in UTF-8
                return sa ? 1 : -1;
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    /** Deep equality; sets compare as unordered sets, numbers numerically. */
    public static boolean equalValues(AttributeValue a, AttributeValue b) {
        if (a == b) return true;
        if (a == null || b == null || a.type() != b.type()) return false;
        return switch (a) {
            case AttributeValue.S s -> s.value().equals(((AttributeValue.S) b).value());
            case AttributeValue.N n -> n.value().equals(((AttributeValue.N) b).value());
            case AttributeValue.B x -> Arrays.equals(x.value(), ((AttributeValue.B) b).value());
            case AttributeValue.Bool x -> x.value() == ((AttributeValue.Bool) b).value();
            case AttributeValue.Null x -> true;
            case AttributeValue.M m -> equalMaps(m.value(), ((AttributeValue.M) b).value());
            case AttributeValue.L l -> equalLists(l.value(), ((AttributeValue.L) b).value());
            case AttributeValue.SS s -> sameElements(s.value(), ((AttributeValue.SS) b).value());
            case AttributeValue.NS s -> sameElements(s.value(), ((AttributeValue.NS) b).value());
            case AttributeValue.BS s -> sameByteSets(s.value(), ((AttributeValue.BS) b).value());
        };
    }

    public static boolean equalMaps(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        if (a.size() != b.size()) return false;
        for (Map.Entry<String, AttributeValue> e : a.entrySet()) {
            if (!equalValues(e.getValue(), b.get(e.getKey()))) return false;
        }
        return true;
    }

    private static boolean equalLists(List<AttributeValue> a, List<AttributeValue> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            if (!equalValues(a.get(i), b.get(i))) return false;
        }
        return true;
    }

    private static <T> boolean sameElements(List<T> a, List<T> b) {
        if (a.size() != b.size()) return false;
        return new HashSet<>(a).equals(new HashSet<>(b));
    }

    private static boolean sameByteSets(List<byte[]> a, List<byte[]> b) {
        if (a.size() != b.size()) return false;
        outer:
        for (byte[] x : a) {
            for (byte[] y : b) {
                if (Arrays.equals(x, y)) continue outer;
            }
            return false;
        }
        return true;
    }

    /** Hash consistent with {@link #equalValues}. */
    public static int hash(AttributeValue v) {
        return switch (v) {
            case AttributeValue.SS s -> new HashSet<>(s.value()).hashCode();
            case AttributeValue.NS s -> new HashSet<>(s.value()).hashCode();
            case AttributeValue.BS s -> {
                int h = 0;
                for (byte[] b : s.value()) h += Arrays.hashCode(b);
                yield h;
            }
            default -> v.hashCode();
        };
    }
}
