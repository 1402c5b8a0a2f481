package io.basalt.model;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compact binary form of an item for storage. Layout: varint attribute count, then per attribute
 * its name (varint length + UTF-8) and value; a value is a tag byte followed by its payload
 * (S/N: varint length + UTF-8 / canonical decimal text; B: varint length + bytes; BOOL: one byte;
 * NULL: nothing; M/L/SS/NS/BS: varint count + elements). Map order is kept; sets are written in
 * {@link SetOrder} (older stores may hold them unsorted: reading puts them in order).
 *
 * <p>The format is persistent: never change a tag's meaning; add new tags instead.
 */
public final class ItemCodec {
    private static final byte T_S = 1, T_N = 2, T_B = 3, T_TRUE = 4, T_FALSE = 5, T_NULL = 6,
            T_M = 7, T_L = 8, T_SS = 9, T_NS = 10, T_BS = 11,
            // an S whose UTF-8 needs no escaping in JSON (no control character, quote or backslash):
            // checked once when written, so responses copy it without looking at every byte
            T_S_PLAIN = 12;

    private ItemCodec() {}

    public static byte[] encode(Map<String, AttributeValue> item) {
        Writer w = new Writer(256);
        w.varint(item.size());
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            w.string(e.getKey());
            writeValue(w, e.getValue());
        }
        return w.toArray();
    }

    public static Map<String, AttributeValue> decode(byte[] bytes) {
        return decode(bytes, 0);
    }

    /** Decodes an item stored from {@code offset} to the end of {@code bytes} (behind a storage header). */
    public static Map<String, AttributeValue> decode(byte[] bytes, int offset) {
        Reader r = new Reader(bytes);
        r.pos = offset;
        return readMap(r);
    }

    private static void writeValue(Writer w, AttributeValue v) {
        switch (v) {
            case AttributeValue.S s -> {
                int at = w.pos;
                w.b(T_S_PLAIN);
                if (!w.string(s.value())) w.buf[at] = T_S;
            }
            case AttributeValue.N n -> { w.b(T_N); w.string(n.value().toString()); }
            case AttributeValue.B b -> { w.b(T_B); w.bytes(b.value()); }
            case AttributeValue.Bool b -> w.b(b.value() ? T_TRUE : T_FALSE);
            case AttributeValue.Null n -> w.b(T_NULL);
            case AttributeValue.M m -> {
                w.b(T_M);
                w.varint(m.value().size());
                for (Map.Entry<String, AttributeValue> e : m.value().entrySet()) {
                    w.string(e.getKey());
                    writeValue(w, e.getValue());
                }
            }
            case AttributeValue.L l -> {
                w.b(T_L);
                w.varint(l.value().size());
                for (AttributeValue x : l.value()) writeValue(w, x);
            }
            case AttributeValue.SS ss -> {
                w.b(T_SS);
                w.varint(ss.value().size());
                for (String x : ss.value()) w.string(x);
            }
            case AttributeValue.NS ns -> {
                w.b(T_NS);
                w.varint(ns.value().size());
                for (DNumber x : ns.value()) w.string(x.toString());
            }
            case AttributeValue.BS bs -> {
                w.b(T_BS);
                w.varint(bs.value().size());
                for (byte[] x : bs.value()) w.bytes(x);
            }
        }
    }

    /**
     * Receives a stored item's parts in order, straight from the stored bytes (no model objects), so
     * an item can be copied into a response without being decoded. Text arrives as UTF-8 ranges.
     */
    public interface Visitor {
        void beginMap(int size);

        void name(byte[] utf8, int offset, int length);

        void endMap();

        /** tag: "L", "SS", "NS" or "BS". */
        void beginList(String tag, int size);

        void endList();

        void string(byte[] utf8, int offset, int length);

        /** A string known to need no escaping in JSON. */
        default void plainString(byte[] utf8, int offset, int length) {
            string(utf8, offset, length);
        }

        void number(byte[] text, int offset, int length);

        void binary(byte[] bytes, int offset, int length);

        void bool(boolean value);

        void nul();
    }

    /**
     * Walks the item stored from {@code offset} in {@code bytes}, top-level map included, and
     * returns its size by the service's rules (the same as {@link ItemSize#of(Map)} of the decoded item).
     */
    public static long visit(byte[] bytes, int offset, Visitor v) {
        Reader r = new Reader(bytes);
        r.pos = offset;
        return visitEntries(r, v, 0);
    }

    /** A map's entries; each costs its name, its value and {@code perEntry} bytes (1 inside an M, 0 at the top). */
    private static long visitEntries(Reader r, Visitor v, int perEntry) {
        int n = r.varint();
        v.beginMap(n);
        long size = 0;
        for (int i = 0; i < n; i++) {
            int len = r.varint();
            v.name(r.buf, r.pos, len);
            r.pos += len;
            size += perEntry + len + visitValue(r, v);
        }
        v.endMap();
        return size;
    }

    /** The size by the service's rules of the item stored from {@code offset}, without decoding it. */
    public static long sizeOf(byte[] bytes, int offset) {
        return visit(bytes, offset, NO_VISITOR);
    }

    private static final Visitor NO_VISITOR = new Visitor() {
        @Override public void beginMap(int size) {}
        @Override public void name(byte[] utf8, int offset, int length) {}
        @Override public void endMap() {}
        @Override public void beginList(String tag, int size) {}
        @Override public void endList() {}
        @Override public void string(byte[] utf8, int offset, int length) {}
        @Override public void number(byte[] text, int offset, int length) {}
        @Override public void binary(byte[] bytes, int offset, int length) {}
        @Override public void bool(boolean value) {}
        @Override public void nul() {}
    };

    private static long visitValue(Reader r, Visitor v) {
        byte tag = r.b();
        byte[] b = r.buf;
        switch (tag) {
            case T_S, T_S_PLAIN -> {
                int len = r.varint();
                if (tag == T_S_PLAIN) v.plainString(b, r.pos, len);
                else v.string(b, r.pos, len);
                r.pos += len;
                return len;
            }
            case T_N -> {
                int len = r.varint();
                v.number(b, r.pos, len);
                int size = DNumber.sizeOfCanonical(b, r.pos, len);
                r.pos += len;
                return size;
            }
            case T_B -> {
                int len = r.varint();
                v.binary(b, r.pos, len);
                r.pos += len;
                return len;
            }
            case T_TRUE, T_FALSE -> {
                v.bool(tag == T_TRUE);
                return 1;
            }
            case T_NULL -> {
                v.nul();
                return 1;
            }
            case T_M -> {
                return 3 + visitEntries(r, v, 1);
            }
            case T_L -> {
                int n = r.varint();
                v.beginList("L", n);
                long size = 3;
                for (int i = 0; i < n; i++) size += 1 + visitValue(r, v);
                v.endList();
                return size;
            }
            case T_SS, T_NS, T_BS -> {
                int n = r.varint();
                int[] offsets = new int[n], lengths = new int[n];
                for (int i = 0; i < n; i++) {
                    lengths[i] = r.varint();
                    offsets[i] = r.pos;
                    r.pos += lengths[i];
                }
                // stores written before sets were kept in order may hold them unsorted
                int[] order = SetOrder.order(b, offsets, lengths, n, tag == T_NS);
                v.beginList(tag == T_SS ? "SS" : tag == T_NS ? "NS" : "BS", n);
                long size = 0;
                for (int k = 0; k < n; k++) {
                    int i = order == null ? k : order[k];
                    if (tag == T_SS) {
                        v.string(b, offsets[i], lengths[i]);
                        size += lengths[i];
                    } else if (tag == T_NS) {
                        v.number(b, offsets[i], lengths[i]);
                        size += DNumber.sizeOfCanonical(b, offsets[i], lengths[i]);
                    } else {
                        v.binary(b, offsets[i], lengths[i]);
                        size += lengths[i];
                    }
                }
                v.endList();
                return size;
            }
            default -> throw new IllegalStateException("corrupt item: unknown tag " + tag);
        }
    }

    private static Map<String, AttributeValue> readMap(Reader r) {
        int n = r.varint();
        Map<String, AttributeValue> m = new LinkedHashMap<>(Math.max(4, n * 4 / 3 + 1));
        for (int i = 0; i < n; i++) {
            String name = r.string();
            m.put(name, readValue(r));
        }
        return m;
    }

    private static AttributeValue readValue(Reader r) {
        byte tag = r.b();
        switch (tag) {
            case T_S, T_S_PLAIN: return new AttributeValue.S(r.string());
            case T_N: return new AttributeValue.N(DNumber.fromCanonical(r.string()));
            case T_B: return new AttributeValue.B(r.bytes());
            case T_TRUE: return AttributeValue.Bool.TRUE;
            case T_FALSE: return AttributeValue.Bool.FALSE;
            case T_NULL: return AttributeValue.Null.INSTANCE;
            case T_M: return new AttributeValue.M(readMap(r));
            case T_L: {
                int n = r.varint();
                List<AttributeValue> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) l.add(readValue(r));
                return new AttributeValue.L(l);
            }
            case T_SS: {
                int n = r.varint();
                List<String> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) l.add(r.string());
                return new AttributeValue.SS(l);
            }
            case T_NS: {
                int n = r.varint();
                List<DNumber> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) l.add(DNumber.fromCanonical(r.string()));
                return new AttributeValue.NS(l);
            }
            case T_BS: {
                int n = r.varint();
                List<byte[]> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) l.add(r.bytes());
                return new AttributeValue.BS(l);
            }
            default:
                throw new IllegalStateException("corrupt item: unknown tag " + tag);
        }
    }

    private static final class Writer {
        private byte[] buf;
        private int pos;

        Writer(int capacity) { buf = new byte[capacity]; }

        private void ensure(int n) {
            if (pos + n > buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
            }
        }

        void b(byte v) { ensure(1); buf[pos++] = v; }

        void varint(int v) {
            ensure(5);
            while ((v & ~0x7F) != 0) {
                buf[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }

        void bytes(byte[] b) {
            varint(b.length);
            ensure(b.length);
            System.arraycopy(b, 0, buf, pos, b.length);
            pos += b.length;
        }

        /** Writes the string; returns whether it needs no escaping in JSON. */
        boolean string(String s) {
            // ASCII fast path avoids an intermediate byte[]
            int n = s.length();
            boolean ascii = true, plain = true;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) ascii = false;
                else if (c < 0x20 || c == '"' || c == '\\') plain = false;
            }
            if (ascii) {
                varint(n);
                ensure(n);
                s.getBytes(0, n, buf, pos);
                pos += n;
            } else {
                bytes(s.getBytes(StandardCharsets.UTF_8));
            }
            return plain;
        }

        byte[] toArray() { return java.util.Arrays.copyOf(buf, pos); }
    }

    private static final class Reader {
        private final byte[] buf;
        private int pos;

        Reader(byte[] buf) { this.buf = buf; }

        byte b() { return buf[pos++]; }

        int varint() {
            int v = 0, shift = 0;
            while (true) {
                byte x = buf[pos++];
                v |= (x & 0x7F) << shift;
                if ((x & 0x80) == 0) return v;
                shift += 7;
            }
        }

        byte[] bytes() {
            int n = varint();
            byte[] b = java.util.Arrays.copyOfRange(buf, pos, pos + n);
            pos += n;
            return b;
        }

        String string() {
            int n = varint();
            String s = new String(buf, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }
    }
}
