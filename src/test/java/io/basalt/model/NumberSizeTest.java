package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The text-based storage size of a number equals the digit-pair rule computed with BigDecimal. */
class NumberSizeTest {

    /** The rule as the Developer Guide states it, computed the slow way. */
    private static int byRule(BigDecimal v) {
        if (v.signum() == 0) return 1;
        v = v.stripTrailingZeros();
        int lsd = -v.scale();
        int msd = lsd + v.precision() - 1;
        return Math.floorDiv(msd, 2) - Math.floorDiv(lsd, 2) + 2;
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
}
