package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sets are kept in one order: built sorted, stored sorted, and read sorted from older stores. */
class SetOrderTest {

    private static List<String> numbers(AttributeValue.NS ns) {
        return ns.value().stream().map(DNumber::toString).toList();
    }

    @Test
    void setsAreSortedWhenBuilt() {
        assertEquals(List.of("10", "9", "C", "Z", "a", "aa", "b", "é", "\uFF5E", "\uD83D\uDE00"),
                new AttributeValue.SS(List.of("b", "a", "C", "aa", "é", "10", "9", "Z", "\uD83D\uDE00", "\uFF5E")).value(),
                "strings by UTF-8 bytes: a supplementary character after every BMP one");
        assertEquals(List.of("-100", "-20", "-1", "-0.5", "0", "0.001", "1.5", "9", "10", "100", "1000"),
                numbers(new AttributeValue.NS(List.of("10", "9", "-1", "1.5", "100", "-20", "0.001", "1E+3", "-100", "0", "-0.5")
                        .stream().map(DNumber::parse).toList())), "numbers by value");
        List<String> hex = new ArrayList<>();
        for (byte[] b : new AttributeValue.BS(List.of(new byte[] {2}, new byte[] {1}, new byte[] {(byte) 0xFF}, new byte[] {1, 0},
                new byte[] {(byte) 0x80}, new byte[] {'a'}, new byte[0])).value()) {
            hex.add(java.util.HexFormat.of().formatHex(b));
        }
        assertEquals(List.of("", "01", "0100", "02", "61", "80", "ff"), hex, "binaries by unsigned bytes");
        List<String> sorted = List.of("a", "b");
        assertSame(sorted, new AttributeValue.SS(sorted).value(), "a set already in order is kept as it is");
    }

    @Test
    void canonicalNumberTextsCompareByValue() {
        Random r = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            DNumber a = randomNumber(r), b = randomNumber(r);
            int expected = Integer.signum(new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString())));
            assertEquals(expected, Integer.signum(SetOrder.compareNumbers(a.toString(), b.toString())), a + " vs " + b);
        }
    }

    private static DNumber randomNumber(Random r) {
        String digits = Long.toString(Math.abs(r.nextLong()) % 100_000);
        int exp = r.nextInt(12) - 6;
        return DNumber.parse((r.nextBoolean() ? "-" : "") + digits + "E" + exp);
    }

    /** An item as an older Basalt stored it: one attribute per set, elements in the order sent. */
    private static byte[] olderStore() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(3);
        attribute(out, "ss", 9, "b", "é", "a");
        attribute(out, "ns", 10, "10", "-2", "9", "0.5");
        attribute(out, "bs", 11, "\u0002", "\u0001", "\u0001\u0000");
        return out.toByteArray();
    }

    private static void attribute(ByteArrayOutputStream out, String name, int tag, String... elements) {
        text(out, name);
        out.write(tag);
        out.write(elements.length);
        for (String e : elements) text(out, e);
    }

    private static void text(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b.length);
        out.writeBytes(b);
    }

    @Test
    void olderStoresAreReadInOrder() {
        Map<String, AttributeValue> item = ItemCodec.decode(olderStore());
        assertEquals(List.of("a", "b", "é"), ((AttributeValue.SS) item.get("ss")).value());
        assertEquals(List.of("-2", "0.5", "9", "10"), numbers((AttributeValue.NS) item.get("ns")));
        assertEquals(3, ((AttributeValue.BS) item.get("bs")).value().size());

        // the stored-bytes path (responses written without decoding) sees them in order too
        List<String> seen = new ArrayList<>();
        long size = ItemCodec.visit(olderStore(), 0, new ItemCodec.Visitor() {
            @Override public void beginMap(int n) {}
            @Override public void name(byte[] b, int o, int l) { seen.add("name " + new String(b, o, l, StandardCharsets.UTF_8)); }
            @Override public void endMap() {}
            @Override public void beginList(String tag, int n) {}
            @Override public void endList() {}
            @Override public void string(byte[] b, int o, int l) { seen.add(new String(b, o, l, StandardCharsets.UTF_8)); }
            @Override public void number(byte[] b, int o, int l) { seen.add(new String(b, o, l, StandardCharsets.US_ASCII)); }
            @Override public void binary(byte[] b, int o, int l) { seen.add(java.util.HexFormat.of().formatHex(b, o, o + l)); }
            @Override public void bool(boolean v) {}
            @Override public void nul() {}
        });
        assertEquals(List.of("name ss", "a", "b", "é", "name ns", "-2", "0.5", "9", "10", "name bs", "01", "0100", "02"), seen);
        assertEquals(ItemSize.of(item), size, "the size does not depend on the order");
        assertEquals(List.of("a", "b", "é"), ((AttributeValue.SS) ItemCodec.decode(ItemCodec.encode(item)).get("ss")).value());
    }
}
