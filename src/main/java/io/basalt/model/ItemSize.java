package io.basalt.model;

import java.util.List;
import java.util.Map;

/**
 * Item sizes by the service's rules (Developer Guide, "Item sizes and formats"): attribute names
 * count by their UTF-8 length; S by UTF-8 length; B by length; N by one byte per two significant
 * digits (aligned on the decimal point) plus one; BOOL and NULL one byte; L and M three bytes plus
 * one per element; sets the sum of their elements.
 */
public final class ItemSize {
    private ItemSize() {}

    public static long of(Map<String, AttributeValue> item) {
        long total = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            total += utf8Length(e.getKey()) + of(e.getValue());
        }
        return total;
    }

    public static long of(AttributeValue v) {
        return switch (v) {
            case AttributeValue.S s -> utf8Length(s.value());
            case AttributeValue.N n -> numberSize(n.value());
            case AttributeValue.B b -> b.value().length;
            case AttributeValue.Bool b -> 1;
            case AttributeValue.Null n -> 1;
            case AttributeValue.M m -> {
                long t = 3;
                for (Map.Entry<String, AttributeValue> e : m.value().entrySet()) {
                    t += 1 + utf8Length(e.getKey()) + of(e.getValue());
                }
                yield t;
            }
            case AttributeValue.L l -> {
                long t = 3;
                for (AttributeValue x : l.value()) t += 1 + of(x);
                yield t;
            }
            case AttributeValue.SS ss -> {
                long t = 0;
                for (String x : ss.value()) t += utf8Length(x);
                yield t;
            }
            case AttributeValue.NS ns -> {
                long t = 0;
                for (DNumber x : ns.value()) t += numberSize(x);
                yield t;
            }
            case AttributeValue.BS bs -> {
                long t = 0;
                for (byte[] x : bs.value()) t += x.length;
                yield t;
            }
        };
    }

    /** Size of a number: base-100 digit pairs aligned on the decimal point, plus one byte. */
    public static int numberSize(DNumber n) {
        return n.storageSize();
    }

    /** UTF-8 encoded length without allocating. */
    public static int utf8Length(String s) {
        int n = s.length();
        int len = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    len += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    len += 2; // 4 bytes for 2 chars
                    i++;
                } else {
                    len += 2;
                }
            }
        }
        return len;
    }

    public static long sizeOfList(List<AttributeValue> l) {
        return of(new AttributeValue.L(l));
    }
}
