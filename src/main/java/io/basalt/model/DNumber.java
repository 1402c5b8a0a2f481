package io.basalt.model;

import java.math.BigDecimal;

/**
 * A DynamoDB number: an exact decimal with at most 38 significant digits and a magnitude between
 * 1E-130 and 9.9999999999999999999999999999999999999E+125 (or zero).
 *
 * <p>The canonical text is what the service returns: plain notation, no leading or trailing
 * zeros, no sign on zero ("1.5E2" is returned as "150", "-0" as "0").
 */
public final class DNumber implements Comparable<DNumber> {
    public static final DNumber ZERO = new DNumber(BigDecimal.ZERO, "0");

    private static final BigDecimal MAX = new BigDecimal("9.9999999999999999999999999999999999999E+125");
    private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");

    private final BigDecimal value;
    private String text;

    private DNumber(BigDecimal stripped, String text) {
        this.value = stripped;
        this.text = text;
    }

    /** Parses a number as sent by a client; throws {@link NumberFormatError} with the service's message. */
    public static DNumber parse(String s) {
        if (!wellFormed(s)) {
            throw new NumberFormatError(NumberFormatError.NOT_A_NUMBER);
        }
        BigDecimal bd;
        try {
            bd = new BigDecimal(s);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new NumberFormatError(NumberFormatError.NOT_A_NUMBER);
        }
        return of(bd);
    }

    /** Validates range and precision of an exact value (used for arithmetic results too). */
    public static DNumber of(BigDecimal bd) {
        if (bd.signum() == 0) {
            return ZERO;
        }
        BigDecimal stripped = bd.stripTrailingZeros();
        if (stripped.precision() > 38) {
            throw new NumberFormatError(NumberFormatError.TOO_PRECISE);
        }
        BigDecimal abs = stripped.abs();
        if (abs.compareTo(MAX) > 0) {
            throw new NumberFormatError(NumberFormatError.OVERFLOW);
        }
        if (abs.compareTo(MIN_MAGNITUDE) < 0) {
            throw new NumberFormatError(NumberFormatError.UNDERFLOW);
        }
        return new DNumber(stripped, null);
    }

    /**
     * Rebuilds a number from its canonical text as stored by Basalt itself (already validated), so
     * reading stored items skips validation and keeps the text.
     */
    public static DNumber fromCanonical(String canonical) {
        if (canonical.equals("0")) return ZERO;
        return new DNumber(new BigDecimal(canonical).stripTrailingZeros(), canonical);
    }

    public static DNumber of(long v) {
        return of(BigDecimal.valueOf(v));
    }

    /** Digits with an optional sign, fraction and exponent; no spaces, no "Infinity"/"NaN". */
    private static boolean wellFormed(String s) {
        int n = s.length();
        int i = 0;
        if (n == 0) return false;
        char c = s.charAt(0);
        if (c == '+' || c == '-') i++;
        int digits = 0;
        while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) { i++; digits++; }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') { i++; digits++; }
        }
        if (digits == 0) return false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int exp = 0;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') { i++; exp++; }
            if (exp == 0) return false;
        }
        return i == n;
    }

    public BigDecimal value() {
        return value;
    }

    /** Number of significant digits (1 for zero), used for item sizing. */
    public int precision() {
        return value.signum() == 0 ? 1 : value.precision();
    }

    public DNumber add(DNumber o) {
        return of(value.add(o.value));
    }

    public DNumber subtract(DNumber o) {
        return of(value.subtract(o.value));
    }

    public int signum() {
        return value.signum();
    }

    @Override
    public int compareTo(DNumber o) {
        return value.compareTo(o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DNumber d && value.compareTo(d.value) == 0;
    }

    @Override
    public int hashCode() {
        return value.hashCode(); // stripped, so equal values hash equally
    }

    /** The service's canonical text. */
    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            t = value.toPlainString();
            text = t;
        }
        return t;
    }
}
