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

    // Either may be null until first asked for; stored numbers arrive as text and are often only
    // written back out, so the BigDecimal is made lazily. Both are immutable: races are benign.
    private BigDecimal value;
    private String text;
    private int size; // storage size in bytes by the service's rule, 0 until computed

    private DNumber(BigDecimal stripped, String text) {
        this.value = stripped;
        this.text = text;
    }

    /** Parses a number as sent by a client; throws {@link NumberFormatError} with the service's message. */
    public static DNumber parse(String s) {
        if (s.length() <= 40 && plainCanonicalInRange(s)) {
            return s.equals("0") ? ZERO : new DNumber(null, s); // the usual case: no BigDecimal needed
        }
        if (!wellFormed(s)) {
            throw new NumberFormatError(NumberFormatError.NOT_A_NUMBER);
        }
        BigDecimal bd;
        try {
            bd = new BigDecimal(s);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new NumberFormatError(exponentOutOfRange(s));
        }
        if (bd.signum() == 0) {
            // a zero is range-checked by the exponent it is written with: 0e126 overflows, 0e-131
            // underflows (live captures 2026, paritysuite tests/tier3/limits/numberExponent)
            long exponent = -(long) bd.scale();
            if (exponent > MAX_EXPONENT) throw new NumberFormatError(NumberFormatError.OVERFLOW);
            if (exponent < MIN_EXPONENT) throw new NumberFormatError(NumberFormatError.UNDERFLOW);
        }
        return of(bd);
    }

    private static final int MAX_EXPONENT = 125;
    private static final int MIN_EXPONENT = -130;

    /**
     * The error for a well-formed number whose exponent BigDecimal cannot hold (past 32 bits): the
     * service calls one that still fits 64 bits an overflow or underflow by its sign, and only a
     * longer one not convertible (live captures 2026, paritysuite numberExponent).
     */
    private static String exponentOutOfRange(String s) {
        int e = Math.max(s.indexOf('e'), s.indexOf('E'));
        if (e < 0) return NumberFormatError.NOT_A_NUMBER;
        try {
            long exponent = Long.parseLong(s.substring(e + 1)); // accepts a leading sign
            return exponent > 0 ? NumberFormatError.OVERFLOW : NumberFormatError.UNDERFLOW;
        } catch (NumberFormatException tooLong) {
            return NumberFormatError.NOT_A_NUMBER;
        }
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
        return new DNumber(null, canonical);
    }

    public static DNumber of(long v) {
        return of(BigDecimal.valueOf(v));
    }

    /**
     * Whether the text already is the canonical form of a valid number: optional '-', an integer part
     * without leading zeros, an optional fraction not ending in 0, not "-0", at most 38 significant
     * digits (the length bound of the caller keeps magnitudes far inside the range).
     */
    static boolean plainCanonicalInRange(String s) {
        int n = s.length();
        int i = 0;
        if (n > 0 && s.charAt(0) == '-') i++;
        if (i >= n) return false;
        int intStart = i;
        char c = s.charAt(i);
        if (c == '0') {
            i++;
        } else {
            while (i < n && (c = s.charAt(i)) >= '0' && c <= '9') i++;
        }
        if (i == intStart) return false;
        boolean zeroInt = s.charAt(intStart) == '0';
        if (i == n) return !(zeroInt && intStart > 0) && i - intStart <= 38 + trailingZeros(s, intStart, i);
        if (s.charAt(i) != '.' || i + 1 == n) return false;
        int fracStart = ++i;
        while (i < n && (c = s.charAt(i)) >= '0' && c <= '9') i++;
        if (i != n || s.charAt(n - 1) == '0') return false;
        int firstSignificant = intStart;
        if (zeroInt) {
            firstSignificant = fracStart;
            while (s.charAt(firstSignificant) == '0') firstSignificant++;
            return n - firstSignificant <= 38;
        }
        return n - firstSignificant - 1 <= 38; // minus the decimal point
    }

    private static int trailingZeros(String s, int from, int to) {
        int z = 0;
        while (to - 1 - z > from && s.charAt(to - 1 - z) == '0') z++;
        return z;
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

    /** The exact value, without trailing zeros. */
    public BigDecimal value() {
        BigDecimal v = value;
        if (v == null) {
            v = new BigDecimal(text).stripTrailingZeros();
            value = v;
        }
        return v;
    }

    /** Number of significant digits (1 for zero), used for item sizing. */
    public int precision() {
        BigDecimal v = value();
        return v.signum() == 0 ? 1 : v.precision();
    }

    /**
     * Bytes the number takes in an item by the service's rule: one byte per pair of significant
     * digits, pairs aligned on the decimal point, plus one, plus one for a minus sign. Read from the canonical text (plain,
     * no leading or trailing zeros in the fraction), which is cheaper than BigDecimal arithmetic.
     */
    public int storageSize() {
        int s = size;
        if (s == 0) {
            s = sizeOfCanonical(toString());
            size = s;
        }
        return s;
    }

    /** {@link #sizeOfCanonical(CharSequence)} of canonical text stored as ASCII bytes. */
    static int sizeOfCanonical(byte[] b, int offset, int length) {
        return sizeOfCanonical(new AsciiText(b, offset, length));
    }

    /** ASCII bytes seen as characters, so one size rule serves strings and stored bytes. */
    private record AsciiText(byte[] b, int offset, int length) implements CharSequence {
        @Override public char charAt(int i) { return (char) b[offset + i]; }
        @Override public CharSequence subSequence(int from, int to) { return new AsciiText(b, offset + from, to - from); }
        @Override public String toString() { return new String(b, offset, length, java.nio.charset.StandardCharsets.US_ASCII); }
    }

    static int sizeOfCanonical(CharSequence t) {
        int n = t.length();
        int i = t.charAt(0) == '-' ? 1 : 0;
        int dot = -1;
        for (int k = i; k < n; k++) {
            if (t.charAt(k) == '.') { dot = k; break; }
        }
        int intEnd = dot < 0 ? n : dot;
        int msd, lsd; // decimal exponents of the most and least significant digits
        if (t.charAt(i) != '0') {
            msd = intEnd - i - 1;
            if (dot >= 0) {
                lsd = -(n - dot - 1);
            } else {
                int last = n - 1;
                while (t.charAt(last) == '0') last--;
                lsd = n - 1 - last;
            }
        } else if (dot < 0) {
            return 1; // zero
        } else {
            int first = dot + 1;
            while (t.charAt(first) == '0') first++;
            msd = -(first - dot);
            lsd = -(n - dot - 1);
        }
        // a negative number's sign costs a byte of its own (live 2026-08-18: -42 takes 3 bytes; paritysuite
        // tests/tier3/limits/numberByteSize); zero never carries a sign, whatever was sent
        return Math.floorDiv(msd, 2) - Math.floorDiv(lsd, 2) + 2 + i;
    }

    public DNumber add(DNumber o) {
        return of(value().add(o.value()));
    }

    public DNumber subtract(DNumber o) {
        return of(value().subtract(o.value()));
    }

    public int signum() {
        if (value == null) return text.charAt(0) == '-' ? -1 : 1; // stored text is never zero here
        return value.signum();
    }

    @Override
    public int compareTo(DNumber o) {
        return value().compareTo(o.value());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DNumber d && value().compareTo(d.value()) == 0;
    }

    @Override
    public int hashCode() {
        return value().hashCode(); // stripped, so equal values hash equally
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
