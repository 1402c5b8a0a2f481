package io.basalt.engine.transact;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * A digest of a parsed request that two nodes compute alike for equal requests: records by their
 * components, maps in key order, lists in order, byte arrays by content, anything else by its text.
 * (Identity-based texts, such as an array's, never reach it: requests hold records, collections,
 * strings, numbers and byte arrays.)
 */
final class RequestFingerprint {
    private RequestFingerprint() {}

    static byte[] of(Object request) {
        StringBuilder out = new StringBuilder();
        write(request, out);
        return SharedTokens.sha256(out.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void write(Object o, StringBuilder out) {
        if (o == null) {
            out.append('~');
        } else if (o instanceof byte[] b) {
            out.append("b").append(java.util.HexFormat.of().formatHex(b));
        } else if (o instanceof Map<?, ?> m) {
            Map<String, Object> sorted = new TreeMap<>();
            m.forEach((k, v) -> sorted.put(String.valueOf(k), v));
            out.append('{');
            sorted.forEach((k, v) -> {
                out.append(k.length()).append(':').append(k);
                write(v, out);
            });
            out.append('}');
        } else if (o instanceof Collection<?> c) {
            out.append('[');
            for (Object e : c) write(e, out);
            out.append(']');
        } else if (o.getClass().isRecord()) {
            out.append(o.getClass().getName()).append('(');
            for (RecordComponent rc : o.getClass().getRecordComponents()) {
                try {
                    var accessor = rc.getAccessor();
                    accessor.setAccessible(true);
                    write(accessor.invoke(o), out);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + rc, e);
                }
            }
            out.append(')');
        } else {
            String s = o.toString();
            out.append(s.length()).append('"').append(s);
        }
    }
}
