package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The text-based storage size of a number equals the digit-pair rule computed with BigDecimal. */
class NumberSizeTest {

    /** The digit-pair rule computed the slow way, plus the sign byte of a negative number (live: -42 costs 3). */
    private static int byRule(BigDecimal v) {
        if (v.signum() == 0) return 1;
        v = v.stripTrailingZeros();
        int lsd = -v.scale();
        int msd = lsd + v.precision() - 1;
        return Math.floorDiv(msd, 2) - Math.floorDiv(lsd, 2) + 2 + (v.signum() < 0 ? 1 : 0);
    }

    @Test
    void capturedCosts() {
        // live 2026-08-18 (paritysuite tests/tier3/limits/numberByteSize): the sign byte is real, a zero never negative
        assertEquals(3, DNumber.parse("-42").storageSize());
        assertEquals(2, DNumber.parse("42").storageSize());
        assertEquals(1, DNumber.parse("-0").storageSize());
        assertEquals(3, DNumber.fromCanonical("-42").storageSize());
    }

    @Test
    void examples() {
        for (String s : new String[] {"0", "1", "-1", "10", "100", "1500", "123", "1234", "0.1", "0.01", "0.001", "-0.015",
                "12.5", "123.45", "1E-130", "-1E-130", "9.9999999999999999999999999999999999999E+125", "1E+125",
                "99999999999999999999999999999999999999", "0.00000000000000000000000000000000000000012"}) {
            DNumber d = DNumber.parse(s);
            assertEquals(byRule(new BigDecimal(s)), d.storageSize(), s);
            assertEquals(byRule(new BigDecimal(s)), DNumber.fromCanonical(d.toString()).storageSize(), s + " (stored)");
        }
    }

    @Test
    void randomNumbers() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            int digits = 1 + r.nextInt(38);
            StringBuilder b = new StringBuilder(r.nextBoolean() ? "-" : "");
            for (int d = 0; d < digits; d++) b.append((char) ('0' + r.nextInt(10)));
            String s = b + "E" + (r.nextInt(200) - 120);
            DNumber d;
            try {
                d = DNumber.parse(s);
            } catch (NumberFormatError outOfRange) {
                continue;
            }
            DNumber stored = DNumber.fromCanonical(d.toString());
            assertEquals(byRule(new BigDecimal(s)), stored.storageSize(), s);
            assertEquals(0, stored.value().compareTo(new BigDecimal(s)), s);
            assertEquals(new BigDecimal(s).signum(), stored.signum(), s);
        }
    }

    /** Numbers taken as they were sent (already canonical) equal what the full parse makes of them. */
    @Test
    void canonicalTextIsTakenAsIs() {
        SplittableRandom r = new SplittableRandom(11);
        String[] fixed = {"0", "-0", "00", "01", "1", "-1", "10", "1.0", "1.", ".5", "0.5", "-0.5", "0.05", "-0.0", "1e5",
                "+1", "1.50", "123456789012345678901234567890123456789", "12345678901234567890123456789012345678",
                "1234567890123456789012345678901234567800", "0.12345678901234567890123456789012345678",
                "0.123456789012345678901234567890123456789", "1.2345678901234567890123456789012345678", " 1", "1 ", "--1", "-"};
        java.util.List<String> cases = new java.util.ArrayList<>(java.util.List.of(fixed));
        for (int i = 0; i < 50_000; i++) {
            StringBuilder b = new StringBuilder();
            if (r.nextInt(4) == 0) b.append('-');
            int len = 1 + r.nextInt(42);
            for (int d = 0; d < len; d++) b.append("0123456789.".charAt(r.nextInt(r.nextInt(3) == 0 ? 11 : 10)));
            cases.add(b.toString());
        }
        for (String s : cases) {
            String viaFull;
            try {
                viaFull = DNumber.of(new BigDecimal(s)).toString();
                if (!s.matches("-?[0-9]+(\\.[0-9]+)?")) viaFull = null;
            } catch (RuntimeException e) {
                viaFull = null;
            }
            boolean fast = DNumber.plainCanonicalInRange(s);
            if (fast) {
                assertEquals(s, viaFull, "taken as canonical: " + s);
            } else if (viaFull != null) {
                org.junit.jupiter.api.Assertions.assertNotEquals(s, viaFull, "canonical but not recognised: " + s);
            }
            if (viaFull != null) {
                DNumber d = DNumber.parse(s);
                assertEquals(viaFull, d.toString(), s);
                assertEquals(byRule(new BigDecimal(s)), d.storageSize(), s);
            }
        }
    }
}
