package io.basalt.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The one order in which set elements are kept, stored and returned. The service leaves it
 * unspecified; DynamoDB Local returns sets sorted and tests in the wild compare them as arrays,
 * so Basalt sorts as it does: strings by their characters (UTF-8 byte order here, which differs
 * from DynamoDB Local's UTF-16 order only between supplementary characters and U+E000..U+FFFF),
 * numbers by value, binaries by unsigned bytes. Sets are sorted when built, so what is stored is
 * in order; {@link #order} puts sets of older stores in order as they are read.
 */
public final class SetOrder {
    private SetOrder() {}

    static final Comparator<String> STRINGS = Values::compareStrings;
    static final Comparator<DNumber> NUMBERS = (a, b) -> compareNumbers(a.toString(), b.toString());
    static final Comparator<byte[]> BINARIES = Arrays::compareUnsigned;

    /** The list itself when already in order (the usual case), else a sorted copy. */
    static <T> List<T> sorted(List<T> elements, Comparator<? super T> order) {
        for (int i = 1; i < elements.size(); i++) {
            if (order.compare(elements.get(i - 1), elements.get(i)) > 0) {
                List<T> copy = new ArrayList<>(elements);
                copy.sort(order);
                return copy;
            }
        }
        return elements;
    }

    /**
     * The order of a stored set's elements, given as ranges of {@code bytes}: null when they already
     * are in order, else the element indexes in order. {@code numbers}: the ranges are canonical
     * number texts; otherwise UTF-8 strings or binaries, both in unsigned byte order.
     */
    static int[] order(byte[] bytes, int[] offsets, int[] lengths, int n, boolean numbers) {
        Comparator<Integer> byRange = numbers
                ? (i, j) -> compareNumbers(new Ascii(bytes, offsets[i], lengths[i]), new Ascii(bytes, offsets[j], lengths[j]))
                : (i, j) -> Arrays.compareUnsigned(bytes, offsets[i], offsets[i] + lengths[i], bytes, offsets[j], offsets[j] + lengths[j]);
        boolean inOrder = true;
        for (int i = 1; i < n && inOrder; i++) inOrder = byRange.compare(i - 1, i) <= 0;
        if (inOrder) return null;
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        Arrays.sort(idx, byRange);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = idx[i];
        return out;
    }

    /**
     * Compares two numbers by value from their canonical texts (plain notation, no leading zeros in
     * the integer part, no trailing zeros in the fraction, no "-0"), without parsing them.
     */
    static int compareNumbers(CharSequence a, CharSequence b) {
        boolean negA = a.charAt(0) == '-', negB = b.charAt(0) == '-';
        if (negA != negB) return negA ? -1 : 1;
        int c = compareMagnitudes(a, negA ? 1 : 0, b, negB ? 1 : 0);
        return negA ? -c : c;
    }

    private static int compareMagnitudes(CharSequence a, int from, CharSequence b, int fromB) {
        int intA = integerDigits(a, from), intB = integerDigits(b, fromB);
        if (intA != intB) return Integer.compare(intA, intB);
        // same integer length: digit by digit, the point in the same place; a longer fraction is larger
        int la = a.length() - from, lb = b.length() - fromB;
        for (int i = 0; i < Math.min(la, lb); i++) {
            int d = Character.compare(a.charAt(from + i), b.charAt(fromB + i));
            if (d != 0) return d;
        }
        return Integer.compare(la, lb);
    }

    private static int integerDigits(CharSequence s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) != '.') i++;
        return i - from;
    }

    /** ASCII bytes seen as characters, for comparing stored number texts in place. */
    private record Ascii(byte[] b, int offset, int length) implements CharSequence {
        @Override public char charAt(int i) { return (char) b[offset + i]; }
        @Override public CharSequence subSequence(int s, int e) { return new Ascii(b, offset + s, e - s); }
        @Override public String toString() { return new String(b, offset, length, java.nio.charset.StandardCharsets.US_ASCII); }
    }
}
