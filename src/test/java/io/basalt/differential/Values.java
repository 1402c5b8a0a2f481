package io.basalt.differential;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random attribute values in DynamoDB JSON: strings (empty, unicode, combining marks, emoji),
 * numbers at the edges of the service's range and precision (and, now and then, malformed or out
 * of range), binary (and, rarely, invalid base64), sets, and nested lists and maps.
 */
final class Values {
    static final List<String> NUMBERS = List.of("0", "-0", "1", "-1", "007", "1.50", "123.456", "100", "1e2", "1E+2",
            "0.0001", "12345678901234567890123456789012345678", "-12345678901234567890123456789012345678",
            "1E-130", "-1E-130", "9.99E125", "9.9999999999999999999999999999999999999E+125", "0.000", "-0.0",
            "1.0000000000000000000000000000000000001", "42");
    static final List<String> BAD_NUMBERS = List.of("123456789012345678901234567890123456789", "1E126", "-1E126",
            "1E-131", "abc", "1.2.3", "", "Infinity", "NaN", " 5", "0x10", "+5", ".5", "5.", "1e", "--1");
    static final List<String> STRINGS = List.of("", "x", "hello world", "日本語", "😀emoji", "e\u0301", "Ωmega",
            "tab\tnew\nline", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "Zebra", "apple", "a", "ab", "abc", "\uFFFF");
    static final List<String> ATTRIBUTES = List.of("a", "b", "c", "n", "l", "m", "ss", "ns", "bs", "flag", "nul",
            "name", "count", "status", "data", "x.y");

    private final SplittableRandom rnd;

    Values(SplittableRandom rnd) {
        this.rnd = rnd;
    }

    <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    boolean chance(int percent) {
        return rnd.nextInt(100) < percent;
    }

    int between(int lo, int hi) {
        return lo + rnd.nextInt(hi - lo + 1);
    }

    String number() {
        return chance(4) ? pick(BAD_NUMBERS) : pick(NUMBERS);
    }

    String string() {
        return pick(STRINGS);
    }

    String binary() {
        if (chance(2)) return "!!not base64";
        byte[] b = new byte[between(0, 6)];
        for (int i = 0; i < b.length; i++) b[i] = (byte) rnd.nextInt(256);
        return Base64.getEncoder().encodeToString(b);
    }

    Map<String, Object> s(String v) { return Json.obj("S", v); }
    Map<String, Object> n(String v) { return Json.obj("N", v); }
    Map<String, Object> b(String v) { return Json.obj("B", v); }

    /** A key value of a type: from a small pool, so that writes and reads meet. */
    Map<String, Object> keyValue(String type) {
        return switch (type) {
            case "S" -> s(pick(List.of("k0", "k1", "k2", "k3", "日本", "K", "k10", "k9")));
            case "N" -> n(pick(List.of("1", "2", "3", "10", "-3", "0.5", "1E+2", "100")));
            default -> b(pick(List.of("AA==", "AQ==", "/w==", "AAE=", "gA==")));
        };
    }

    /** A non-empty value of the key type but outside the key pool (for Query bounds). */
    Map<String, Object> boundValue(String type) {
        return switch (type) {
            case "S" -> s(pick(List.of("k", "k1", "k5", "a", "z")));
            case "N" -> n(pick(List.of("0", "2", "5", "-10", "1000")));
            default -> b(pick(List.of("AA==", "fw==", "gA==")));
        };
    }

    /** Any attribute value, nested up to depth levels. */
    Map<String, Object> any(int depth) {
        int k = rnd.nextInt(depth > 0 ? 12 : 9);
        return switch (k) {
            case 0, 1 -> s(string());
            case 2, 3 -> n(number());
            case 4 -> b(binary());
            case 5 -> Json.obj("BOOL", rnd.nextBoolean());
            case 6 -> Json.obj("NULL", chance(95) ? Boolean.TRUE : Boolean.FALSE);
            case 7 -> set();
            case 8 -> chance(50) ? s("plain") : n("5");
            case 9, 10 -> depth > 0 && chance(50) ? list(depth - 1) : map(depth - 1);
            default -> map(depth - 1);
        };
    }

    Map<String, Object> set() {
        String t = pick(List.of("SS", "NS", "BS"));
        int size = chance(5) ? 0 : between(1, 4);
        Set<String> els = new LinkedHashSet<>();
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String v = t.equals("SS") ? string() : t.equals("NS") ? (chance(90) ? pick(NUMBERS) : number()) : binary();
            if (els.add(v) || chance(5)) out.add(v);
        }
        return Json.obj(t, out);
    }

    Map<String, Object> list(int depth) {
        List<Object> l = new ArrayList<>();
        int size = between(0, 4);
        for (int i = 0; i < size; i++) l.add(any(Math.max(depth, 0)));
        return Json.obj("L", l);
    }

    Map<String, Object> map(int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        int size = between(0, 3);
        for (int i = 0; i < size; i++) m.put(pick(List.of("x", "y", "z", "", "deep")), any(Math.max(depth, 0)));
        return Json.obj("M", m);
    }

    /** A value suited to comparisons with numbers or strings. */
    Map<String, Object> scalar() {
        return switch (rnd.nextInt(4)) {
            case 0 -> n(pick(NUMBERS));
            case 1 -> s(string());
            case 2 -> b(binary());
            default -> n(pick(List.of("1", "5", "100")));
        };
    }
}
